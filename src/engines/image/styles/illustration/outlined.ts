import type { Scene } from '../../scene';

/**
 * Fills a shape with a bold outline that never shows inside the shape: stroke at double
 * width first, then fill over it. Overlapping parts of one shape (cloud puffs) merge cleanly.
 */
export function outlined(scene: Scene, fill: string, tracePath: () => void, weight = 1): void {
  const { ctx } = scene;
  ctx.beginPath();
  tracePath();
  ctx.lineWidth = strokeWidth(scene) * 2 * weight;
  ctx.stroke();
  ctx.fillStyle = fill;
  ctx.fill();
}

export function strokeWidth(scene: Scene): number {
  return Math.max(2, scene.unit * 0.008);
}
