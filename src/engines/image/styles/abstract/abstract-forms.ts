import { darken, lighten, mix, rgba, type Rgb } from '../../color';
import type { Scene } from '../../scene';

export function paintBackdrop(scene: Scene): void {
  const { ctx, width, height, palette, rng } = scene;
  const angle = rng.range(0, Math.PI);
  const dx = Math.cos(angle) * width * 0.5;
  const dy = Math.sin(angle) * height * 0.5;
  const g = ctx.createLinearGradient(width / 2 - dx, height / 2 - dy, width / 2 + dx, height / 2 + dy);
  g.addColorStop(0, rgba(darken(palette.skyTop, 0.3)));
  g.addColorStop(0.55, rgba(mix(palette.skyTop, palette.primary, 0.5)));
  g.addColorStop(1, rgba(palette.skyHorizon));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
}

export function paintTranslucentCircles(scene: Scene, colours: readonly Rgb[], count: number): void {
  const { ctx, width, height, unit, rng } = scene;
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    const r = unit * rng.range(0.05, 0.3);
    const c = rng.pick(colours);
    const g = ctx.createRadialGradient(x, y, r * 0.2, x, y, r);
    g.addColorStop(0, rgba(c, 0.55));
    g.addColorStop(0.85, rgba(c, 0.3));
    g.addColorStop(1, rgba(c, 0));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

export function paintPolygons(scene: Scene, colours: readonly Rgb[], count: number, sides?: number): void {
  const { ctx, width, height, unit, rng } = scene;
  ctx.save();
  ctx.globalCompositeOperation = 'multiply';
  for (let i = 0; i < count; i++) {
    const n = sides ?? rng.int(3, 6);
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    const r = unit * rng.range(0.06, 0.22);
    const rot = rng.range(0, Math.PI * 2);
    ctx.fillStyle = rgba(lighten(rng.pick(colours), 0.35), 0.45);
    ctx.beginPath();
    for (let k = 0; k < n; k++) {
      const a = rot + (k / n) * Math.PI * 2;
      ctx.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
    }
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/**
 * Flow field: particles follow an angle field made of a few seeded sine products,
 * which is smooth like Perlin noise at a fraction of the code and cost.
 */
export function paintFlowField(scene: Scene, colours: readonly Rgb[], opts: { particles: number; steps: number; calm: boolean }): void {
  const { ctx, width, height, unit, rng } = scene;
  const f1 = rng.range(1.5, 4) / unit;
  const f2 = rng.range(1.5, 4) / unit;
  const p1 = rng.range(0, 6.28);
  const p2 = rng.range(0, 6.28);
  const swirl = opts.calm ? 0.6 : rng.range(1.5, 3);
  const bias = rng.range(0, Math.PI * 2);
  const field = (x: number, y: number): number => bias + swirl * (Math.sin(x * f1 + p1) * Math.cos(y * f2 + p2) + 0.5 * Math.sin((x + y) * f2 * 0.7));
  const stepLen = unit * 0.006;
  ctx.save();
  ctx.lineCap = 'round';
  for (let i = 0; i < opts.particles; i++) {
    let x = rng.range(0, width);
    let y = rng.range(0, height);
    ctx.strokeStyle = rgba(lighten(rng.pick(colours), rng.range(0, 0.4)), rng.range(0.25, 0.6));
    ctx.lineWidth = Math.max(1, unit * rng.range(0.0015, 0.006));
    ctx.beginPath();
    ctx.moveTo(x, y);
    for (let s = 0; s < opts.steps; s++) {
      const a = field(x, y);
      x += Math.cos(a) * stepLen;
      y += Math.sin(a) * stepLen;
      ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** Ribbons: bundles of near-parallel bezier curves that read as a twisting band. */
export function paintRibbons(scene: Scene, colours: readonly Rgb[], count: number, horizontal: boolean): void {
  const { ctx, width, height, unit, rng } = scene;
  ctx.save();
  for (let r = 0; r < count; r++) {
    const colour = rng.pick(colours);
    const start = horizontal ? [-unit * 0.1, rng.range(0, height)] : [rng.range(0, width), -unit * 0.1];
    const end = horizontal ? [width + unit * 0.1, rng.range(0, height)] : [rng.range(0, width), height + unit * 0.1];
    const c1 = [rng.range(0, width), rng.range(0, height)];
    const c2 = [rng.range(0, width), rng.range(0, height)];
    const strands = 16;
    const spread = unit * rng.range(0.06, 0.14);
    const twist = rng.range(-1, 1);
    for (let s = 0; s < strands; s++) {
      const t = s / (strands - 1) - 0.5;
      const o = t * spread;
      ctx.strokeStyle = rgba(mix(colour, lighten(colour, 0.6), Math.abs(t) * 2), 0.35);
      ctx.lineWidth = Math.max(1, unit * 0.002);
      ctx.beginPath();
      ctx.moveTo((start[0] ?? 0) + o, (start[1] ?? 0) + o);
      ctx.bezierCurveTo((c1[0] ?? 0) + o * twist, (c1[1] ?? 0) - o, (c2[0] ?? 0) - o * twist, (c2[1] ?? 0) + o, (end[0] ?? 0) + o, (end[1] ?? 0) - o);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** A big concentric-ring orb standing in for a sun or moon. */
export function paintOrb(scene: Scene, colour: Rgb): { x: number; y: number; r: number } {
  const { ctx, width, height, unit, rng } = scene;
  const x = rng.range(0.25, 0.75) * width;
  const y = rng.range(0.2, 0.5) * height;
  const r = unit * rng.range(0.15, 0.25);
  for (let i = 6; i >= 1; i--) {
    ctx.fillStyle = rgba(lighten(colour, (6 - i) * 0.08), 0.25 + (6 - i) * 0.1);
    ctx.beginPath();
    ctx.arc(x, y, (r * i) / 6, 0, Math.PI * 2);
    ctx.fill();
  }
  return { x, y, r };
}

export function paintSpeckles(scene: Scene, colour: Rgb, count: number): void {
  const { ctx, width, height, unit, rng } = scene;
  for (let i = 0; i < count; i++) {
    ctx.fillStyle = rgba(colour, rng.range(0.4, 1));
    ctx.beginPath();
    ctx.arc(rng.range(0, width), rng.range(0, height), unit * rng.range(0.001, 0.004), 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Jagged polyline bands standing in for mountains or a skyline, depending on `blocky`. */
export function paintSkylineBands(scene: Scene, colour: Rgb, blocky: boolean): void {
  const { ctx, width, height, unit, rng } = scene;
  for (let band = 0; band < 3; band++) {
    const baseY = height * (0.55 + band * 0.15);
    ctx.fillStyle = rgba(mix(colour, darken(colour, 0.6), band / 3), 0.45);
    ctx.beginPath();
    ctx.moveTo(0, height);
    let x = 0;
    let y = baseY;
    ctx.lineTo(0, y);
    while (x < width) {
      const step = unit * rng.range(0.03, 0.09);
      if (blocky) {
        ctx.lineTo(x, y);
        y = baseY - unit * rng.range(0, 0.2);
        ctx.lineTo(x, y);
      } else {
        y = baseY - unit * rng.range(0, 0.22);
        ctx.lineTo(x, y);
      }
      x += step;
    }
    ctx.lineTo(width, y);
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
  }
}
