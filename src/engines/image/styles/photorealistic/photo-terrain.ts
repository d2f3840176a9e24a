import { darken, lighten, mix, rgba, type Rgb } from '../../color';
import { ridgeline, ridgePath, ridgeTop } from '../../ridgeline';
import type { Scene } from '../../scene';

export type Ridge = Array<[number, number]>;

/**
 * Ridges from far to near. Far layers blend toward the horizon colour (atmospheric
 * perspective), which is what makes flat layers read as distance.
 */
export function paintRidges(
  scene: Scene,
  horizonY: number,
  opts: { layers: number; height: number; roughness: number; color: Rgb; snowCaps: boolean; haze?: number },
): Ridge {
  const { ctx, width, height, unit, palette, rng } = scene;
  let nearest: Ridge = [];
  for (let i = 0; i < opts.layers; i++) {
    const depth = opts.layers === 1 ? 1 : i / (opts.layers - 1);
    const haze = (0.75 * (1 - depth) + 0.08) * (opts.haze ?? 1);
    const baseY = horizonY + unit * 0.02 * i;
    const points = ridgeline(rng, width, {
      baseY,
      amplitude: unit * opts.height * (1 - depth * 0.45),
      roughness: opts.roughness,
      step: Math.max(4, unit / (opts.roughness > 0.5 ? 90 : 40)),
      period: unit,
    });
    const top = ridgeTop(points);
    const colour = mix(darken(opts.color, depth * 0.35), palette.skyHorizon, haze);
    const fill = ctx.createLinearGradient(0, top, 0, baseY);
    fill.addColorStop(0, rgba(lighten(colour, 0.12)));
    fill.addColorStop(1, rgba(darken(colour, 0.12)));
    ridgePath(ctx, points, height);
    ctx.fillStyle = fill;
    ctx.fill();

    if (opts.snowCaps) {
      ctx.save();
      ridgePath(ctx, points, height);
      ctx.clip();
      const snow = ctx.createLinearGradient(0, top, 0, top + (baseY - top) * 0.55);
      snow.addColorStop(0, rgba(mix({ r: 250, g: 252, b: 255 }, palette.skyHorizon, haze * 0.5), 0.95));
      snow.addColorStop(1, 'rgba(250,252,255,0)');
      ctx.fillStyle = snow;
      ctx.fillRect(0, top, width, baseY - top);
      ctx.restore();
    }
    // Haze band at each ridge foot, so layers separate instead of stacking like paper.
    const mist = ctx.createLinearGradient(0, baseY - unit * 0.06, 0, baseY + unit * 0.01);
    mist.addColorStop(0, rgba(palette.skyHorizon, 0));
    mist.addColorStop(1, rgba(palette.skyHorizon, 0.35 * (1 - depth * 0.6)));
    ctx.fillStyle = mist;
    ctx.fillRect(0, baseY - unit * 0.06, width, unit * 0.07);
    nearest = points;
  }
  return nearest;
}

export function paintGround(scene: Scene, topY: number): void {
  const { ctx, width, height, palette } = scene;
  const ground = ctx.createLinearGradient(0, topY, 0, height);
  ground.addColorStop(0, rgba(mix(palette.groundFar, palette.skyHorizon, 0.3)));
  ground.addColorStop(0.4, rgba(palette.groundFar));
  ground.addColorStop(1, rgba(palette.ground));
  ctx.fillStyle = ground;
  ctx.fillRect(0, topY, width, height - topY);
}

/** Rolling dunes: broad, smooth ridges lit from one side by a horizontal gradient. */
export function paintDunes(scene: Scene, horizonY: number): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  const lightFromLeft = rng.chance(0.5);
  for (let i = 0; i < 4; i++) {
    const baseY = horizonY + (height - horizonY) * (i / 4) * 0.8 + unit * 0.03;
    const points = ridgeline(rng, width, { baseY, amplitude: unit * (0.05 + i * 0.02), roughness: 0, step: unit / 40, period: unit });
    const colour = mix(palette.ground, palette.groundFar, 1 - i / 4);
    const side = ctx.createLinearGradient(0, 0, width, 0);
    side.addColorStop(lightFromLeft ? 0 : 1, rgba(lighten(colour, 0.18)));
    side.addColorStop(lightFromLeft ? 1 : 0, rgba(darken(colour, 0.2)));
    ridgePath(ctx, points, height);
    ctx.fillStyle = side;
    ctx.fill();
  }
}

/** Water from the horizon down: a darker, flipped sky with shimmer lines and an optional light path. */
export function paintWater(scene: Scene, topY: number, light?: { x: number; y: number }): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  const water = ctx.createLinearGradient(0, topY, 0, height);
  water.addColorStop(0, rgba(mix(palette.skyHorizon, palette.water, 0.45)));
  water.addColorStop(0.5, rgba(mix(palette.water, palette.skyTop, 0.3)));
  water.addColorStop(1, rgba(darken(palette.water, 0.35)));
  ctx.fillStyle = water;
  ctx.fillRect(0, topY, width, height - topY);

  if (light) {
    const path = ctx.createLinearGradient(light.x - unit * 0.15, 0, light.x + unit * 0.15, 0);
    path.addColorStop(0, rgba(palette.sun, 0));
    path.addColorStop(0.5, rgba(palette.sun, 0.35));
    path.addColorStop(1, rgba(palette.sun, 0));
    ctx.fillStyle = path;
    ctx.fillRect(light.x - unit * 0.15, topY, unit * 0.3, height - topY);
  }

  const lines = Math.round((height - topY) / (unit * 0.012));
  for (let i = 0; i < lines; i++) {
    const t = rng.next();
    const y = topY + (height - topY) * t * t;
    const len = unit * (0.02 + t * 0.12) * rng.range(0.5, 1.5);
    const x = rng.range(-0.05, 1.05) * width;
    ctx.strokeStyle = rgba(lighten(palette.skyHorizon, 0.3), rng.range(0.08, 0.3));
    ctx.lineWidth = Math.max(1, unit * 0.002 * (1 + t * 2));
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + len, y);
    ctx.stroke();
  }
}

/** A river that widens toward the viewer, so it reads as running out of the distance. */
export function paintRiver(scene: Scene, horizonY: number): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  const startX = width * rng.range(0.35, 0.65);
  const endX = width * rng.range(0.3, 0.7);
  const bendA = width * rng.range(0.1, 0.9);
  const bendB = width * rng.range(0.1, 0.9);
  const depthY = height - horizonY;
  const nearHalf = unit * 0.22;
  const farHalf = unit * 0.008;

  ctx.beginPath();
  ctx.moveTo(startX - farHalf, horizonY);
  ctx.bezierCurveTo(bendA - farHalf * 4, horizonY + depthY * 0.35, bendB - nearHalf * 0.6, horizonY + depthY * 0.7, endX - nearHalf, height);
  ctx.lineTo(endX + nearHalf, height);
  ctx.bezierCurveTo(bendB + nearHalf * 0.6, horizonY + depthY * 0.7, bendA + farHalf * 4, horizonY + depthY * 0.35, startX + farHalf, horizonY);
  ctx.closePath();
  const water = ctx.createLinearGradient(0, horizonY, 0, height);
  water.addColorStop(0, rgba(lighten(palette.skyHorizon, 0.2)));
  water.addColorStop(1, rgba(mix(palette.water, palette.skyTop, 0.4)));
  ctx.save();
  ctx.shadowColor = rgba(darken(palette.ground, 0.5), 0.6);
  ctx.shadowBlur = unit * 0.02;
  ctx.fillStyle = water;
  ctx.fill();
  ctx.restore();
}

/** Light atmospheric haze lying on the horizon. */
export function paintHorizonHaze(scene: Scene, horizonY: number): void {
  const { ctx, width, unit, palette } = scene;
  const band = unit * 0.12;
  const haze = ctx.createLinearGradient(0, horizonY - band, 0, horizonY + band);
  haze.addColorStop(0, rgba(palette.skyHorizon, 0));
  haze.addColorStop(0.5, rgba(palette.skyHorizon, 0.35));
  haze.addColorStop(1, rgba(palette.skyHorizon, 0));
  ctx.fillStyle = haze;
  ctx.fillRect(0, horizonY - band, width, band * 2);
}
