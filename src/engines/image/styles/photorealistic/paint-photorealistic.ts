import { hexToRgb, mix } from '../../color';
import { ridgeYAt } from '../../ridgeline';
import type { Scene } from '../../scene';
import { paintGrain, paintVignette } from './photo-finish';
import { paintBoat, paintCity, paintFlowers, paintHouse, paintRain, paintSnowfall, paintTree } from './photo-objects';
import { paintBirds, paintClouds, paintSkyLight, paintSky, paintStars } from './photo-sky';
import { paintDunes, paintGround, paintHorizonHaze, paintRidges, paintRiver, paintWater, type Ridge } from './photo-terrain';

/** Soft, lit landscape: painted back to front so nearer layers cover and shade farther ones. */
export function paintPhotorealistic(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const night = m.has('night');
  const hasTerrain = m.has('mountains') || m.has('hills') || m.has('desert') || m.has('water') || m.has('city');
  // With no landscape words, a few hills and mountains keep the picture from being an empty gradient.
  const mountains = m.has('mountains') || (!hasTerrain && rng.chance(0.6));
  const hills = m.has('hills') || (!hasTerrain && !mountains) || (m.has('trees') && !m.has('water'));
  const horizonY = height * (m.has('water') ? rng.range(0.5, 0.6) : rng.range(0.58, 0.68));

  paintSky(scene, horizonY);
  if (m.has('stars')) paintStars(scene, horizonY);
  const wantsSun = m.has('sun') || m.has('sunset') || (!night && !m.has('moon') && !m.has('rain') && rng.chance(0.6));
  let light: { x: number; y: number } | undefined;
  if (m.has('moon') || (night && !m.has('sun'))) light = paintSkyLight(scene, horizonY, 'moon', false);
  if (wantsSun && !night) light = paintSkyLight(scene, horizonY, 'sun', m.has('sunset'));
  const cloudCount = m.has('clouds') ? rng.int(4, 7) : m.has('rain') ? 9 : rng.int(0, 2);
  paintClouds(scene, horizonY, cloudCount, m.has('rain'));
  if (m.has('birds')) paintBirds(scene, horizonY);

  let ridge: Ridge | undefined;
  if (mountains) {
    ridge = paintRidges(scene, horizonY, {
      layers: rng.int(3, 4),
      height: rng.range(0.25, 0.4),
      roughness: 0.55,
      color: mix(hexToRgb('#4a5468'), palette.ground, 0.3),
      snowCaps: m.has('snow') || rng.chance(0.35),
    });
  }
  if (m.has('city')) paintCity(scene, horizonY + unit * 0.01, night);
  if (hills && !m.has('water')) {
    ridge = paintRidges(scene, horizonY + unit * 0.03, { layers: 3, height: 0.12, roughness: 0.1, color: palette.groundFar, snowCaps: false });
  }
  paintHorizonHaze(scene, horizonY);

  const groundTop = horizonY + unit * (hills && !m.has('water') ? 0.09 : 0.02);
  if (m.has('water')) {
    paintWater(scene, horizonY, light);
  } else {
    paintGround(scene, groundTop);
    if (m.has('desert')) paintDunes(scene, groundTop);
    if (m.has('river')) paintRiver(scene, groundTop);
  }

  let houseX: number | undefined;
  if (m.has('house')) {
    houseX = width * rng.range(0.25, 0.75);
    const baseY = m.has('water') ? horizonY + unit * 0.01 : groundTop + (height - groundTop) * rng.range(0.1, 0.3);
    paintHouse(scene, houseX, baseY, unit * (m.has('water') ? 0.08 : 0.14), night);
  }
  if (m.has('trees')) paintTreeBand(scene, horizonY, groundTop, ridge, houseX);
  if (m.has('boat') && m.has('water')) paintBoat(scene, width * rng.range(0.2, 0.8), horizonY + (height - horizonY) * rng.range(0.25, 0.55), unit * 0.12);
  if (m.has('boat') && !m.has('water') && m.has('river')) paintBoat(scene, width / 2, height - unit * 0.12, unit * 0.1);
  if (m.has('flowers')) {
    paintFlowers(scene, Math.max(groundTop, height * 0.72), [palette.primary, palette.secondary, palette.accent, hexToRgb('#f7e3ef')]);
  }
  if (m.has('rain')) paintRain(scene);
  if (m.has('snow')) paintSnowfall(scene);

  paintVignette(scene);
  paintGrain(scene, 0.09);
}

function paintTreeBand(scene: Scene, horizonY: number, groundTop: number, ridge: Ridge | undefined, houseX?: number): void {
  const { width, height, unit, motifs, rng } = scene;
  const conifer = motifs.has('mountains') || motifs.has('snow') || rng.chance(0.4);
  if (motifs.has('water')) {
    // A far tree line along the shore reads better than trees standing in the sea.
    for (let x = -unit * 0.02; x < width; x += unit * rng.range(0.015, 0.035)) {
      paintTree(scene, x, horizonY + unit * 0.005, unit * rng.range(0.04, 0.08), 0.45, conifer);
    }
    return;
  }
  const trees = Array.from({ length: rng.int(5, 10) }, () => ({
    x: rng.range(0, 1) * width,
    t: rng.next(),
  })).sort((a, b) => a.t - b.t);
  for (const { x, t } of trees) {
    // Keep the house in view: a tree planted in front of it would hide the motif the prompt asked for.
    if (houseX !== undefined && Math.abs(x - houseX) < unit * 0.16) continue;
    const baseY = ridge && t < 0.3 ? ridgeYAt(ridge, x) + unit * 0.02 : groundTop + (height - groundTop) * t * 0.9;
    paintTree(scene, x, baseY, unit * (0.07 + t * 0.22), 0.5 * (1 - t), conifer);
  }
}
