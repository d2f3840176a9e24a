import type { Random } from '../../lib/seeded-random';

/**
 * Heights (in px, above baseY) along the width for a mountain or hill ridge, as a sum of
 * a few random sines: cheap, seedable, and smooth or jagged depending on `roughness`.
 * The waves repeat per `period` pixels (the scene's shorter side), not per width: a wide canvas
 * gets more peaks of the same shape rather than the square's peaks stretched sideways.
 */
export function ridgeline(
  rng: Random,
  width: number,
  opts: { baseY: number; amplitude: number; roughness: number; step: number; period?: number },
): Array<[number, number]> {
  const period = opts.period ?? width;
  const waves = Array.from({ length: 4 }, (_, i) => ({
    freq: (i + 1) * (0.6 + rng.next()) * (1 + opts.roughness * i * 1.5),
    phase: rng.range(0, Math.PI * 2),
    amp: 1 / (i + 1) ** (1.6 - opts.roughness),
  }));
  const total = waves.reduce((sum, w) => sum + w.amp, 0);
  const points: Array<[number, number]> = [];
  for (let x = -opts.step; x <= width + opts.step; x += opts.step) {
    const t = (x / period) * Math.PI * 2;
    let v = 0;
    for (const w of waves) v += Math.sin(t * w.freq + w.phase) * w.amp;
    const normalised = (v / total + 1) / 2;
    points.push([x, opts.baseY - normalised * opts.amplitude]);
  }
  return points;
}

/** Closed path: ridge on top, down to `bottomY`. */
export function ridgePath(
  ctx: { beginPath(): void; moveTo(x: number, y: number): void; lineTo(x: number, y: number): void; closePath(): void },
  points: ReadonlyArray<readonly [number, number]>,
  bottomY: number,
): void {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return;
  ctx.beginPath();
  ctx.moveTo(first[0], bottomY);
  for (const [x, y] of points) ctx.lineTo(x, y);
  ctx.lineTo(last[0], bottomY);
  ctx.closePath();
}

/** Highest point (smallest y) of a ridge. */
export function ridgeTop(points: ReadonlyArray<readonly [number, number]>): number {
  let top = Infinity;
  for (const [, y] of points) top = Math.min(top, y);
  return top;
}

/** y of the ridge at x, by nearest sample; good enough for standing things on a hill. */
export function ridgeYAt(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  let best = points[0];
  for (const p of points) if (best && Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
  return best ? best[1] : 0;
}
