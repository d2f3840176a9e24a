import { lighten, mix, rgba, type Rgb } from '../../color';
import type { Scene } from '../../scene';

export function paintSky(scene: Scene, horizonY: number): void {
  const { ctx, width, height, palette } = scene;
  const sky = ctx.createLinearGradient(0, 0, 0, horizonY);
  sky.addColorStop(0, rgba(palette.skyTop));
  sky.addColorStop(0.65, rgba(mix(palette.skyTop, palette.skyHorizon, 0.6)));
  sky.addColorStop(1, rgba(palette.skyHorizon));
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
}

export function paintStars(scene: Scene, horizonY: number, colour?: Rgb): void {
  const { ctx, width, rng, unit } = scene;
  const star = colour ? lighten(colour, 0.2) : { r: 255, g: 255, b: 245 };
  const count = Math.round((width * horizonY) / 2500);
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, width);
    // Fewer stars near the horizon, where the air glows.
    const y = horizonY * rng.next() ** 1.6;
    const r = unit * rng.range(0.0008, 0.0028);
    ctx.fillStyle = rgba(star, rng.range(0.35, 1) * (1 - y / horizonY));
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A sun or moon: a wide soft glow, then a disc; `low` puts it near the horizon for sunsets. */
export function paintSkyLight(scene: Scene, horizonY: number, kind: 'sun' | 'moon', low: boolean, colour?: Rgb): { x: number; y: number; r: number } {
  const { ctx, width, unit, palette, rng } = scene;
  const x = width * rng.range(0.2, 0.8);
  const y = low ? horizonY - unit * rng.range(0.04, 0.12) : horizonY * rng.range(0.18, 0.45);
  const core = colour ?? (kind === 'sun' ? palette.sun : lighten(palette.sun, 0.5));
  const radius = unit * (kind === 'sun' ? rng.range(0.05, 0.08) : rng.range(0.04, 0.06));

  const glow = ctx.createRadialGradient(x, y, radius * 0.5, x, y, unit * (kind === 'sun' ? 0.65 : 0.3));
  glow.addColorStop(0, rgba(core, kind === 'sun' ? 0.75 : 0.35));
  glow.addColorStop(0.3, rgba(core, kind === 'sun' ? 0.25 : 0.1));
  glow.addColorStop(1, rgba(core, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, horizonY + unit * 0.1);

  ctx.save();
  ctx.shadowColor = rgba(core, 0.9);
  ctx.shadowBlur = radius * 1.2;
  const disc = ctx.createRadialGradient(x - radius * 0.3, y - radius * 0.3, 0, x, y, radius);
  // A named colour keeps its hue across the disc; the default light gets a bright, hot centre.
  disc.addColorStop(0, rgba(lighten(core, colour ? 0.25 : 0.6)));
  disc.addColorStop(1, rgba(core));
  ctx.fillStyle = disc;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();

  if (kind === 'moon') {
    ctx.fillStyle = rgba(mix(core, palette.skyTop, 0.35), 0.35);
    for (let i = 0; i < 4; i++) {
      ctx.beginPath();
      ctx.arc(x + rng.range(-0.5, 0.5) * radius, y + rng.range(-0.5, 0.5) * radius, radius * rng.range(0.1, 0.22), 0, Math.PI * 2);
      ctx.fill();
    }
  }
  return { x, y, r: radius };
}

/** Clouds as clusters of radial-gradient puffs: soft edges without a blur filter pass. */
export function paintClouds(scene: Scene, horizonY: number, count: number, overcast: boolean, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  const base = colour ? lighten(colour, 0.15) : overcast ? mix(palette.skyHorizon, { r: 90, g: 96, b: 108 }, 0.5) : lighten(palette.skyHorizon, 0.6);
  for (let c = 0; c < count; c++) {
    const cx = rng.range(-0.1, 1.1) * width;
    const cy = horizonY * rng.range(0.1, 0.7);
    const size = unit * rng.range(0.08, 0.16) * (1 - (cy / horizonY) * 0.4);
    const puffs = rng.int(5, 9);
    for (let p = 0; p < puffs; p++) {
      const px = cx + rng.range(-2.2, 2.2) * size;
      const py = cy + rng.range(-0.5, 0.3) * size;
      const r = size * rng.range(0.7, 1.3);
      const g = ctx.createRadialGradient(px, py - r * 0.3, 0, px, py, r);
      g.addColorStop(0, rgba(lighten(base, 0.3), overcast ? 0.75 : 0.85));
      g.addColorStop(0.6, rgba(base, overcast ? 0.45 : 0.4));
      g.addColorStop(1, rgba(base, 0));
      ctx.fillStyle = g;
      ctx.fillRect(px - r, py - r, r * 2, r * 2);
    }
  }
}

export function paintBirds(scene: Scene, horizonY: number, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  const flockX = width * rng.range(0.15, 0.7);
  const flockY = horizonY * rng.range(0.2, 0.5);
  ctx.save();
  ctx.strokeStyle = rgba(colour ?? palette.ink, colour ? 0.95 : 0.75);
  ctx.lineCap = 'round';
  for (let i = 0, n = rng.int(4, 9); i < n; i++) {
    const x = flockX + rng.range(0, 0.3) * width;
    const y = flockY + rng.range(-0.08, 0.08) * unit;
    const s = unit * rng.range(0.008, 0.018);
    ctx.lineWidth = Math.max(1, s * 0.25);
    ctx.beginPath();
    ctx.moveTo(x - s, y - s * 0.3);
    ctx.quadraticCurveTo(x - s * 0.4, y - s * 0.7, x, y);
    ctx.quadraticCurveTo(x + s * 0.4, y - s * 0.7, x + s, y - s * 0.3);
    ctx.stroke();
  }
  ctx.restore();
}
