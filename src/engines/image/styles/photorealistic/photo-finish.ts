import { createCanvas } from '@napi-rs/canvas';
import type { Scene } from '../../scene';

export function paintVignette(scene: Scene): void {
  const { ctx, width, height } = scene;
  const cx = width / 2;
  const cy = height / 2;
  const g = ctx.createRadialGradient(cx, cy, Math.min(width, height) * 0.35, cx, cy, Math.hypot(cx, cy));
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, 'rgba(0,0,0,0.45)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
}

const GRAIN_TILE = 64;

/**
 * Film grain from one small seeded noise tile repeated as a pattern: a per-pixel pass
 * over a full 1024x1792 image would cost far more than the whole painting.
 * Sparse and faint on purpose, because dense noise also makes the PNG much slower to encode.
 */
export function paintGrain(scene: Scene, strength: number): void {
  const { ctx, width, height, rng } = scene;
  const tile = createCanvas(GRAIN_TILE, GRAIN_TILE);
  const tctx = tile.getContext('2d');
  const image = tctx.createImageData(GRAIN_TILE, GRAIN_TILE);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    if (rng.next() > 0.2) continue;
    const v = rng.next() < 0.5 ? 0 : 255;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = Math.round(rng.next() * 255 * strength);
  }
  tctx.putImageData(image, 0, 0);
  const pattern = ctx.createPattern(tile, 'repeat');
  if (!pattern) return;
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, width, height);
}
