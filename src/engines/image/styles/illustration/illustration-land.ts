import { darken, lighten, mix, rgba, type Rgb } from '../../color';
import type { Scene } from '../../scene';
import { outlined, strokeWidth } from './outlined';

/** Returns the height of the tallest peak. */
export function paintFlatMountains(scene: Scene, horizonY: number, snow: boolean, colour?: Rgb): number {
  const { ctx, width, unit, palette, rng } = scene;
  let tallest = 0;
  ctx.strokeStyle = rgba(palette.ink);
  ctx.lineJoin = 'round';
  // As many peaks per shorter side as a square has: a wide canvas gets more mountains, not wider ones.
  const peaks = Math.round(rng.int(3, 5) * (width / unit));
  for (let i = 0; i < peaks; i++) {
    const cx = ((i + rng.range(0.2, 0.8)) / peaks) * width;
    const h = unit * rng.range(0.22, 0.4);
    tallest = Math.max(tallest, h);
    const half = h * rng.range(0.8, 1.3);
    const body = colour
      ? darken(colour, i % 2 === 0 ? 0 : 0.15)
      : mix(mix({ r: 110, g: 120, b: 140 }, palette.secondary, 0.35), palette.skyHorizon, i % 2 === 0 ? 0.1 : 0.3);
    outlined(scene, rgba(body), () => {
      ctx.moveTo(cx - half, horizonY + 2);
      ctx.lineTo(cx, horizonY - h);
      ctx.lineTo(cx + half, horizonY + 2);
      ctx.closePath();
    });
    if (snow || rng.chance(0.5)) {
      const capH = h * 0.3;
      const capW = (half * capH) / h;
      outlined(
        scene,
        rgba(palette.light),
        () => {
          ctx.moveTo(cx, horizonY - h);
          ctx.lineTo(cx + capW, horizonY - h + capH);
          ctx.lineTo(cx + capW * 0.3, horizonY - h + capH * 0.75);
          ctx.lineTo(cx - capW * 0.2, horizonY - h + capH);
          ctx.lineTo(cx - capW, horizonY - h + capH);
          ctx.closePath();
        },
        0.6,
      );
    }
  }
  return tallest;
}

export function paintFlatHills(scene: Scene, horizonY: number, tint?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  // Hills as broad as a square's, and more of them across a wide canvas, so they are not stretched flat.
  const hills = Math.round(3 * (width / unit));
  for (let i = 0; i < hills; i++) {
    const cx = rng.range(-0.1, 1.1) * width;
    const rx = unit * rng.range(0.35, 0.6);
    const ry = unit * rng.range(0.1, 0.18);
    const colour = tint ? darken(tint, i % 2 === 0 ? 0 : 0.12) : i % 2 === 0 ? palette.groundFar : lighten(palette.ground, 0.15);
    outlined(scene, rgba(colour), () => ctx.ellipse(cx, horizonY + unit * 0.04 * (i % 3) + ry * 0.4, rx, ry, 0, Math.PI, 0));
  }
}

export function paintFlatGround(scene: Scene, topY: number): void {
  const { ctx, width, height, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  outlined(scene, rgba(palette.ground), () => ctx.rect(-10, topY, width + 20, height - topY + 10));
}

export function paintFlatDunes(scene: Scene, topY: number): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  for (let i = 0; i < 3; i++) {
    const y = topY + (height - topY) * (0.15 + i * 0.28);
    const colour = i % 2 === 0 ? lighten(palette.ground, 0.15) : palette.groundFar;
    const peakX = rng.range(0.1, 0.9) * width;
    outlined(scene, rgba(colour), () => {
      ctx.moveTo(-10, y + unit * 0.05);
      ctx.quadraticCurveTo(peakX, y - unit * 0.1, width + 10, y + unit * 0.03);
      ctx.lineTo(width + 10, height + 10);
      ctx.lineTo(-10, height + 10);
      ctx.closePath();
    });
  }
}

export function paintFlatWater(scene: Scene, topY: number): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  outlined(scene, rgba(palette.water), () => ctx.rect(-10, topY, width + 20, height - topY + 10));
  ctx.strokeStyle = rgba(lighten(palette.water, 0.45));
  ctx.lineWidth = strokeWidth(scene);
  ctx.lineCap = 'round';
  const rows = Math.max(3, Math.round((height - topY) / (unit * 0.07)));
  for (let r = 0; r < rows; r++) {
    const y = topY + ((r + 0.6) / rows) * (height - topY);
    for (let i = 0, n = rng.int(2, 4); i < n; i++) {
      const x = rng.range(0, width);
      const s = unit * rng.range(0.025, 0.045);
      ctx.beginPath();
      ctx.arc(x, y, s, Math.PI * 1.15, Math.PI * 1.85);
      ctx.arc(x + s * 1.7, y, s, Math.PI * 1.15, Math.PI * 1.85);
      ctx.stroke();
    }
  }
}

export function paintFlatRiver(scene: Scene, topY: number): void {
  const { ctx, width, height, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  const x0 = rng.range(0.35, 0.65) * width;
  const x1 = rng.range(0.3, 0.7) * width;
  const bend = rng.range(0.1, 0.9) * width;
  const near = unit * 0.18;
  outlined(scene, rgba(lighten(palette.water, 0.15)), () => {
    ctx.moveTo(x0 - unit * 0.01, topY);
    ctx.quadraticCurveTo(bend - near * 0.4, (topY + height) / 2, x1 - near, height + 10);
    ctx.lineTo(x1 + near, height + 10);
    ctx.quadraticCurveTo(bend + near * 0.4, (topY + height) / 2, x0 + unit * 0.01, topY);
    ctx.closePath();
  });
}

export function paintFlatTree(scene: Scene, x: number, baseY: number, size: number, round: boolean, colour?: Rgb): void {
  const { ctx, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  ctx.lineJoin = 'round';
  outlined(scene, rgba(mix({ r: 120, g: 80, b: 50 }, palette.secondary, 0.2)), () => ctx.rect(x - size * 0.06, baseY - size * 0.45, size * 0.12, size * 0.45));
  const leaf = rgba(colour ?? mix(mix({ r: 60, g: 150, b: 70 }, palette.ground, 0.4), palette.primary, 0.25));
  if (round) {
    outlined(scene, leaf, () => ctx.arc(x, baseY - size * 0.7, size * 0.32, 0, Math.PI * 2));
  } else {
    outlined(scene, leaf, () => {
      ctx.moveTo(x, baseY - size * 1.15);
      ctx.lineTo(x + size * 0.32, baseY - size * 0.35);
      ctx.lineTo(x - size * 0.32, baseY - size * 0.35);
      ctx.closePath();
    });
  }
}

export function paintFlatHouse(scene: Scene, x: number, baseY: number, size: number, lit: boolean, colour?: Rgb): void {
  const { ctx, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  ctx.lineJoin = 'round';
  const w = size;
  const h = size * 0.65;
  outlined(scene, rgba(colour ?? lighten(palette.secondary, 0.45)), () => ctx.rect(x - w / 2, baseY - h, w, h));
  outlined(scene, rgba(darken(palette.primary, 0.1)), () => {
    ctx.moveTo(x - w * 0.62, baseY - h);
    ctx.lineTo(x, baseY - h - size * 0.5);
    ctx.lineTo(x + w * 0.62, baseY - h);
    ctx.closePath();
  });
  outlined(scene, rgba(darken(palette.secondary, 0.3)), () => ctx.rect(x - w * 0.1, baseY - h * 0.55, w * 0.2, h * 0.55), 0.6);
  const window = lit ? '#ffd770' : rgba(lighten(palette.skyTop, 0.4));
  outlined(scene, window, () => ctx.rect(x + w * 0.2, baseY - h * 0.75, w * 0.18, w * 0.18), 0.6);
  outlined(scene, window, () => ctx.rect(x - w * 0.38, baseY - h * 0.75, w * 0.18, w * 0.18), 0.6);
}

export function paintFlatCity(scene: Scene, baseY: number, lit: boolean, colour?: Rgb): void {
  const { ctx, width, unit, palette, rng } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  let x = rng.range(-0.05, 0) * width;
  while (x < width) {
    const w = unit * rng.range(0.07, 0.13);
    const h = unit * rng.range(0.12, 0.38);
    const choices = colour
      ? [colour, darken(colour, 0.15), lighten(colour, 0.15)]
      : [palette.secondary, palette.accent, mix(palette.primary, palette.light, 0.4)];
    const body = rng.pick(choices);
    outlined(scene, rgba(body), () => ctx.rect(x, baseY - h, w, h + 4));
    ctx.fillStyle = lit ? '#ffd770' : rgba(lighten(body, 0.5));
    const cell = w / 5;
    for (let wy = baseY - h + cell; wy < baseY - cell * 1.5; wy += cell * 1.8) {
      for (let c = 0; c < 2; c++) ctx.fillRect(x + cell * (1 + c * 2), wy, cell, cell);
    }
    x += w + unit * rng.range(0.005, 0.02);
  }
}

export function paintFlatBoat(scene: Scene, x: number, y: number, size: number, colour?: Rgb): void {
  const { ctx, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  ctx.lineJoin = 'round';
  outlined(scene, rgba(palette.light), () => {
    ctx.moveTo(x + size * 0.05, y - size * 0.2);
    ctx.lineTo(x + size * 0.05, y - size * 1.0);
    ctx.lineTo(x + size * 0.45, y - size * 0.2);
    ctx.closePath();
  });
  outlined(scene, rgba(colour ?? palette.primary), () => {
    ctx.moveTo(x - size * 0.55, y - size * 0.2);
    ctx.lineTo(x + size * 0.55, y - size * 0.2);
    ctx.lineTo(x + size * 0.38, y);
    ctx.lineTo(x - size * 0.38, y);
    ctx.closePath();
  });
}

export function paintFlatFlower(scene: Scene, x: number, y: number, size: number, petal: string): void {
  const { ctx, palette } = scene;
  ctx.strokeStyle = rgba(palette.ink);
  ctx.lineWidth = strokeWidth(scene);
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x, y + size * 1.6);
  ctx.stroke();
  outlined(
    scene,
    petal,
    () => {
      for (let p = 0; p < 5; p++) {
        const a = (p / 5) * Math.PI * 2;
        const px = x + Math.cos(a) * size * 0.55;
        const py = y + Math.sin(a) * size * 0.55;
        ctx.moveTo(px + size * 0.42, py);
        ctx.arc(px, py, size * 0.42, 0, Math.PI * 2);
      }
    },
    0.7,
  );
  outlined(scene, rgba(palette.sun), () => ctx.arc(x, y, size * 0.32, 0, Math.PI * 2), 0.7);
}
