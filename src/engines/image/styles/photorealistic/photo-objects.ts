import { darken, lighten, mix, rgba, type Rgb } from '../../color';
import type { Scene } from '../../scene';

/** Soft contact shadow: a squashed radial gradient instead of a costly blur filter. */
export function softShadow(scene: Scene, x: number, y: number, rx: number, ry: number, strength = 0.45): void {
  const { ctx } = scene;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(1, ry / rx);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
  g.addColorStop(0, `rgba(0,0,0,${strength})`);
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(-rx, -rx, rx * 2, rx * 2);
  ctx.restore();
}

/** Trees sized by perspective: y near the horizon means small, far and hazy. */
export function paintTree(scene: Scene, x: number, baseY: number, size: number, haze: number, conifer: boolean, colour?: Rgb): void {
  const { ctx, palette, rng } = scene;
  const foliage = colour ? mix(colour, palette.skyHorizon, haze * 0.5) : mix(mix(palette.ground, { r: 40, g: 90, b: 45 }, 0.35), palette.skyHorizon, haze);
  softShadow(scene, x + size * 0.15, baseY, size * 0.45, size * 0.09, 0.35 * (1 - haze));
  ctx.fillStyle = rgba(mix({ r: 70, g: 48, b: 32 }, palette.skyHorizon, haze));
  ctx.fillRect(x - size * 0.04, baseY - size * 0.35, size * 0.08, size * 0.35);

  if (conifer) {
    for (let tier = 0; tier < 3; tier++) {
      const w = size * (0.42 - tier * 0.1);
      const top = baseY - size * (0.55 + tier * 0.22) - size * 0.2;
      const bottom = baseY - size * (0.18 + tier * 0.22);
      const g = ctx.createLinearGradient(x - w, 0, x + w, 0);
      g.addColorStop(0, rgba(lighten(foliage, 0.15)));
      g.addColorStop(1, rgba(darken(foliage, 0.3)));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x + w, bottom);
      ctx.lineTo(x - w, bottom);
      ctx.closePath();
      ctx.fill();
    }
    return;
  }
  for (let i = 0; i < 5; i++) {
    const cx = x + rng.range(-0.2, 0.2) * size;
    const cy = baseY - size * rng.range(0.5, 0.8);
    const r = size * rng.range(0.2, 0.3);
    const g = ctx.createRadialGradient(cx - r * 0.4, cy - r * 0.4, r * 0.1, cx, cy, r);
    g.addColorStop(0, rgba(lighten(foliage, 0.25)));
    g.addColorStop(1, rgba(darken(foliage, 0.25)));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function paintHouse(scene: Scene, x: number, baseY: number, size: number, lit: boolean, colour?: Rgb): void {
  const { ctx, palette } = scene;
  const wall = colour ?? mix({ r: 222, g: 210, b: 190 }, palette.secondary, 0.25);
  const roof = darken(mix({ r: 140, g: 60, b: 45 }, palette.primary, 0.35), 0.1);
  const w = size;
  const h = size * 0.6;
  softShadow(scene, x + w * 0.1, baseY, w * 0.8, w * 0.12, 0.4);
  const wallFill = ctx.createLinearGradient(x - w / 2, 0, x + w / 2, 0);
  wallFill.addColorStop(0, rgba(lighten(wall, 0.1)));
  wallFill.addColorStop(1, rgba(darken(wall, 0.25)));
  ctx.fillStyle = wallFill;
  ctx.fillRect(x - w / 2, baseY - h, w, h);
  ctx.fillStyle = rgba(roof);
  ctx.beginPath();
  ctx.moveTo(x - w * 0.6, baseY - h);
  ctx.lineTo(x, baseY - h - size * 0.45);
  ctx.lineTo(x + w * 0.6, baseY - h);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = lit ? 'rgba(255,214,130,0.95)' : rgba(darken(palette.skyTop, 0.3), 0.8);
  ctx.fillRect(x - w * 0.32, baseY - h * 0.7, w * 0.18, w * 0.16);
  ctx.fillRect(x + w * 0.14, baseY - h * 0.7, w * 0.18, w * 0.16);
  ctx.fillStyle = rgba(darken(roof, 0.3));
  ctx.fillRect(x - w * 0.07, baseY - h * 0.5, w * 0.14, h * 0.5);
}

export function paintCity(scene: Scene, baseY: number, lit: boolean, tint?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  for (let layer = 0; layer < 2; layer++) {
    const haze = layer === 0 ? 0.55 : 0.2;
    const colour = tint ? mix(tint, palette.skyHorizon, haze * 0.4) : mix(lighten(palette.ink, 0.1), palette.skyHorizon, haze);
    let x = -rng.range(0, unit * 0.05);
    while (x < width) {
      const w = unit * rng.range(0.04, 0.1);
      const h = unit * rng.range(0.08, 0.32) * (layer === 0 ? 1.15 : 0.85);
      const g = ctx.createLinearGradient(x, 0, x + w, 0);
      g.addColorStop(0, rgba(lighten(colour, 0.1)));
      g.addColorStop(1, rgba(darken(colour, 0.15)));
      ctx.fillStyle = g;
      ctx.fillRect(x, baseY - h, w, h + 1);
      if (lit || layer === 1) {
        const cell = unit * 0.012;
        ctx.fillStyle = lit ? 'rgba(255,215,140,0.85)' : rgba(lighten(palette.skyHorizon, 0.3), 0.35);
        for (let wy = baseY - h + cell; wy < baseY - cell; wy += cell * 2) {
          for (let wx = x + cell * 0.6; wx < x + w - cell; wx += cell * 1.6) {
            if (rng.chance(lit ? 0.45 : 0.3)) ctx.fillRect(wx, wy, cell * 0.7, cell);
          }
        }
      }
      x += w + unit * rng.range(0, 0.015);
    }
  }
}

export function paintBoat(scene: Scene, x: number, y: number, size: number, colour?: Rgb): void {
  const { ctx, palette } = scene;
  const hull = colour ?? darken(mix({ r: 90, g: 60, b: 40 }, palette.primary, 0.3), 0.2);
  // Reflection first so the hull sits on top of it.
  ctx.fillStyle = rgba(hull, 0.25);
  ctx.fillRect(x - size * 0.45, y, size * 0.9, size * 0.3);
  ctx.fillStyle = rgba(hull);
  ctx.beginPath();
  ctx.moveTo(x - size * 0.5, y - size * 0.12);
  ctx.lineTo(x + size * 0.5, y - size * 0.12);
  ctx.lineTo(x + size * 0.35, y);
  ctx.lineTo(x - size * 0.35, y);
  ctx.closePath();
  ctx.fill();
  const sail = ctx.createLinearGradient(x - size * 0.3, 0, x + size * 0.3, 0);
  sail.addColorStop(0, rgba(lighten(palette.light, 0.2)));
  sail.addColorStop(1, rgba(darken(palette.light, 0.2)));
  ctx.fillStyle = sail;
  ctx.beginPath();
  ctx.moveTo(x, y - size * 0.14);
  ctx.lineTo(x, y - size * 0.9);
  ctx.lineTo(x + size * 0.38, y - size * 0.14);
  ctx.closePath();
  ctx.fill();
}

export function paintFlowers(scene: Scene, fromY: number, colours: readonly Rgb[]): void {
  const { ctx, width, height, unit, rng } = scene;
  const count = Math.round((width * (height - fromY)) / (unit * unit * 0.0025));
  for (let i = 0; i < count; i++) {
    const t = rng.next();
    const y = fromY + (height - fromY) * Math.sqrt(t);
    const r = unit * (0.003 + t * 0.012);
    const x = rng.range(0, width);
    const colour = rng.pick(colours);
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, rgba(lighten(colour, 0.4)));
    g.addColorStop(0.7, rgba(colour, 0.9));
    g.addColorStop(1, rgba(colour, 0));
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  }
}

export function paintRain(scene: Scene): void {
  const { ctx, width, height, unit, rng } = scene;
  ctx.fillStyle = 'rgba(70,80,95,0.18)';
  ctx.fillRect(0, 0, width, height);
  ctx.lineCap = 'round';
  const drops = Math.round((width * height) / (unit * unit * 0.0012));
  for (let i = 0; i < drops; i++) {
    const x = rng.range(-0.1, 1) * width;
    const y = rng.range(0, height);
    const len = unit * rng.range(0.02, 0.05);
    ctx.strokeStyle = `rgba(210,220,235,${rng.range(0.12, 0.35)})`;
    ctx.lineWidth = Math.max(1, unit * 0.0015);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + len * 0.25, y + len);
    ctx.stroke();
  }
}

export function paintSnowfall(scene: Scene): void {
  const { ctx, width, height, unit, rng } = scene;
  const flakes = Math.round((width * height) / (unit * unit * 0.002));
  for (let i = 0; i < flakes; i++) {
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    const r = unit * rng.range(0.001, 0.005);
    ctx.fillStyle = `rgba(255,255,255,${rng.range(0.4, 0.9)})`;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}
