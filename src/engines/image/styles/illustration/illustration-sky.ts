import { lighten, mix, rgba, type Rgb } from '../../color';
import type { Scene } from '../../scene';
import { outlined, strokeWidth } from './outlined';

/** Flat sky in a few hard bands: the poster-like look comes from refusing gradients. */
export function paintFlatSky(scene: Scene, horizonY: number): void {
  const { ctx, width, height, palette } = scene;
  const bands = scene.motifs.has('sunset') ? 5 : 3;
  for (let i = 0; i < bands; i++) {
    ctx.fillStyle = rgba(mix(palette.skyTop, palette.skyHorizon, i / (bands - 1)));
    const top = (horizonY * i) / bands;
    // Every band runs to the bottom so nothing below the horizon is ever left transparent.
    ctx.fillRect(0, top, width, height - top);
  }
}

export function paintFlatSun(scene: Scene, x: number, y: number, r: number, colour?: Rgb): void {
  const { ctx, palette } = scene;
  const sun = colour ?? palette.sun;
  ctx.strokeStyle = rgba(palette.ink);
  const rays = 12;
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    outlined(
      scene,
      rgba(lighten(sun, 0.1)),
      () => {
        ctx.moveTo(x + Math.cos(a - 0.12) * r * 1.25, y + Math.sin(a - 0.12) * r * 1.25);
        ctx.lineTo(x + Math.cos(a) * r * 1.7, y + Math.sin(a) * r * 1.7);
        ctx.lineTo(x + Math.cos(a + 0.12) * r * 1.25, y + Math.sin(a + 0.12) * r * 1.25);
        ctx.closePath();
      },
      0.6,
    );
  }
  outlined(scene, rgba(sun), () => ctx.arc(x, y, r, 0, Math.PI * 2));
}

export function paintFlatMoon(scene: Scene, x: number, y: number, r: number, colour?: Rgb): void {
  const { ctx, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  // Crescent: an outer arc and an inner arc of an offset circle, traced as one closed path.
  outlined(scene, rgba(colour ?? lighten(palette.sun, 0.4)), () => {
    ctx.arc(x, y, r, Math.PI * 0.35, Math.PI * 1.65, false);
    ctx.arc(x + r * 0.45, y - r * 0.1, r * 0.85, Math.PI * 1.45, Math.PI * 0.55, true);
    ctx.closePath();
  });
}

export function paintFlatStars(scene: Scene, horizonY: number, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  const count = Math.round((width * horizonY) / (unit * unit * 0.02));
  for (let i = 0; i < count; i++) {
    const cx = rng.range(0, width);
    const cy = rng.range(0.03, 0.85) * horizonY;
    const r = unit * rng.range(0.008, 0.02);
    outlined(
      scene,
      rgba(colour ?? lighten(palette.sun, 0.3)),
      () => {
        for (let p = 0; p < 10; p++) {
          const a = -Math.PI / 2 + (p * Math.PI) / 5;
          const rr = p % 2 === 0 ? r : r * 0.45;
          ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
        }
        ctx.closePath();
      },
      0.5,
    );
  }
}

export function paintFlatClouds(scene: Scene, horizonY: number, count: number, grey: boolean, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  const fill = colour ? rgba(colour) : grey ? rgba(mix(palette.light, { r: 120, g: 128, b: 140 }, 0.5)) : rgba(palette.light);
  for (let c = 0; c < count; c++) {
    const cx = rng.range(0.05, 0.95) * width;
    const cy = rng.range(0.12, 0.6) * horizonY;
    const s = unit * rng.range(0.05, 0.09);
    outlined(scene, fill, () => {
      ctx.moveTo(cx - s * 1.6, cy + s * 0.5);
      ctx.arc(cx - s * 0.9, cy + s * 0.1, s * 0.65, Math.PI * 0.9, Math.PI * 1.7);
      ctx.arc(cx, cy - s * 0.2, s * 0.9, Math.PI * 1.15, Math.PI * 1.9);
      ctx.arc(cx + s * 1.0, cy + s * 0.1, s * 0.6, Math.PI * 1.35, Math.PI * 0.1);
      ctx.lineTo(cx + s * 1.6, cy + s * 0.5);
      ctx.closePath();
    });
  }
}

export function paintFlatBirds(scene: Scene, horizonY: number, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(colour ?? palette.ink);
  ctx.lineWidth = strokeWidth(scene);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (let i = 0, n = rng.int(3, 6); i < n; i++) {
    const x = rng.range(0.1, 0.9) * width;
    const y = rng.range(0.15, 0.55) * horizonY;
    const s = unit * rng.range(0.02, 0.035);
    ctx.beginPath();
    ctx.moveTo(x - s, y - s * 0.4);
    ctx.quadraticCurveTo(x - s * 0.5, y - s * 0.6, x, y);
    ctx.quadraticCurveTo(x + s * 0.5, y - s * 0.6, x + s, y - s * 0.4);
    ctx.stroke();
  }
}

export function paintFlatWeather(scene: Scene, kind: 'rain' | 'snow'): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  ctx.lineCap = 'round';
  const count = Math.round((width * height) / (unit * unit * (kind === 'rain' ? 0.006 : 0.005)));
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    if (kind === 'rain') {
      ctx.strokeStyle = rgba(lighten(palette.water, 0.4));
      ctx.lineWidth = strokeWidth(scene) * 0.8;
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x - unit * 0.008, y + unit * 0.035);
      ctx.stroke();
    } else {
      ctx.strokeStyle = rgba(palette.ink);
      outlined(scene, '#ffffff', () => ctx.arc(x, y, unit * rng.range(0.005, 0.01), 0, Math.PI * 2), 0.4);
    }
  }
}
