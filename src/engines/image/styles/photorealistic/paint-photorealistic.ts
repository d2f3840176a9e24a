import { LANDSCAPE_COLORABLE } from '../../color-targets';
import { hexToRgb, mix } from '../../color';
import { waterColors } from '../../palette';
import { ridgeYAt } from '../../ridgeline';
import { circleBox, colorOf, drew, type Scene, type StylePainter, withPalette } from '../../scene';
import { paintGrain, paintVignette } from './photo-finish';
import { paintBoat, paintCity, paintFlowers, paintHouse, paintRain, paintSnowfall, paintTree } from './photo-objects';
import { paintBirds, paintClouds, paintSkyLight, paintSky, paintStars } from './photo-sky';
import { paintDunes, paintGround, paintHorizonHaze, paintRidges, paintRiver, paintWater, type Ridge } from './photo-terrain';

/** Soft, lit landscape: painted back to front so nearer layers cover and shade farther ones. */
function paint(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const night = m.has('night');
  const hasTerrain = m.has('mountains') || m.has('hills') || m.has('desert') || m.has('water') || m.has('city');
  // With no landscape words, a few hills and mountains keep the picture from being an empty gradient.
  const mountains = m.has('mountains') || (!hasTerrain && rng.chance(0.6));
  const hills = m.has('hills') || (!hasTerrain && !mountains) || (m.has('trees') && !m.has('water'));
  const horizonY = height * (m.has('water') ? rng.range(0.5, 0.6) : rng.range(0.58, 0.68));

  paintSky(scene, horizonY);
  if (night) drew(scene, 'night');
  if (m.has('sunset')) drew(scene, 'sunset');
  if (m.has('stars')) {
    paintStars(scene, horizonY, colorOf(scene, 'stars'));
    drew(scene, 'stars');
  }
  const wantsSun = m.has('sun') || m.has('sunset') || (!night && !m.has('moon') && !m.has('rain') && rng.chance(0.6));
  let light: { x: number; y: number; r: number } | undefined;
  if (m.has('moon') || (night && !m.has('sun'))) {
    light = paintSkyLight(scene, horizonY, 'moon', false, colorOf(scene, 'moon'));
    drew(scene, 'moon', circleBox(light.x, light.y, light.r));
  }
  if (wantsSun && !night) {
    light = paintSkyLight(scene, horizonY, 'sun', m.has('sunset'), colorOf(scene, 'sun'));
    drew(scene, 'sun', circleBox(light.x, light.y, light.r));
  }
  // Per shorter side of sky, so a wide canvas is as cloudy as a square one.
  const cloudCount = Math.round((m.has('clouds') ? rng.int(4, 7) : m.has('rain') ? 9 : rng.int(0, 2)) * (width / unit));
  paintClouds(scene, horizonY, cloudCount, m.has('rain'), colorOf(scene, 'clouds'));
  if (cloudCount > 0) drew(scene, 'clouds');
  if (m.has('birds')) {
    paintBirds(scene, horizonY, colorOf(scene, 'birds'));
    drew(scene, 'birds');
  }

  let ridge: Ridge | undefined;
  if (mountains) {
    const named = colorOf(scene, 'mountains');
    const layers = rng.int(3, 4);
    const peak = rng.range(0.25, 0.4);
    ridge = paintRidges(scene, horizonY, {
      layers,
      height: peak,
      roughness: 0.55,
      color: named ?? mix(hexToRgb('#4a5468'), palette.ground, 0.3),
      snowCaps: m.has('snow') || rng.chance(0.35),
      // Less distance haze on named-colour mountains, which would otherwise fade to the sky's colour.
      haze: named ? 0.4 : 1,
    });
    drew(scene, 'mountains', { x: 0, y: horizonY - unit * peak, width, height: unit * peak });
  }
  if (m.has('city')) {
    paintCity(scene, horizonY + unit * 0.01, night, colorOf(scene, 'city'));
    drew(scene, 'city');
  }
  if (hills && !m.has('water')) {
    const named = colorOf(scene, 'hills');
    ridge = paintRidges(scene, horizonY + unit * 0.03, {
      layers: 3,
      height: 0.12,
      roughness: 0.1,
      color: named ?? palette.groundFar,
      snowCaps: false,
      haze: named ? 0.4 : 1,
    });
    drew(scene, 'hills', { x: 0, y: horizonY + unit * 0.03 - unit * 0.12, width, height: unit * 0.12 });
  }
  paintHorizonHaze(scene, horizonY);

  const groundTop = horizonY + unit * (hills && !m.has('water') ? 0.09 : 0.02);
  const water = colorOf(scene, 'water');
  const river = colorOf(scene, 'river');
  if (m.has('water')) {
    paintWater(water ? withPalette(scene, waterColors(water)) : scene, horizonY, light);
    drew(scene, 'water', { x: 0, y: horizonY, width, height: height - horizonY });
  } else {
    paintGround(scene, groundTop);
    if (m.has('desert')) {
      paintDunes(scene, groundTop);
      drew(scene, 'desert');
    }
    if (m.has('river')) {
      paintRiver(river ? withPalette(scene, waterColors(river)) : scene, groundTop);
      drew(scene, 'river');
    }
  }

  let houseX: number | undefined;
  if (m.has('house')) {
    houseX = width * rng.range(0.25, 0.75);
    const baseY = m.has('water') ? horizonY + unit * 0.01 : groundTop + (height - groundTop) * rng.range(0.1, 0.3);
    const size = unit * (m.has('water') ? 0.08 : 0.14);
    paintHouse(scene, houseX, baseY, size, night, colorOf(scene, 'house'));
    drew(scene, 'house', { x: houseX - size / 2, y: baseY - size * 0.6, width: size, height: size * 0.6 });
  }
  if (m.has('trees') && paintTreeBand(scene, horizonY, groundTop, ridge, houseX) > 0) drew(scene, 'trees');
  const hull = colorOf(scene, 'boat');
  if (m.has('boat') && m.has('water')) {
    const size = unit * 0.12;
    const x = width * rng.range(0.2, 0.8);
    const y = horizonY + (height - horizonY) * rng.range(0.25, 0.55);
    paintBoat(scene, x, y, size, hull);
    drew(scene, 'boat', { x: x - size * 0.5, y: y - size * 0.12, width: size, height: size * 0.12 });
  }
  if (m.has('boat') && !m.has('water') && m.has('river')) {
    const size = unit * 0.1;
    const y = height - unit * 0.12;
    paintBoat(scene, width / 2, y, size, hull);
    drew(scene, 'boat', { x: width / 2 - size * 0.5, y: y - size * 0.12, width: size, height: size * 0.12 });
  }
  if (m.has('flowers')) {
    const named = scene.colors.get('flowers');
    paintFlowers(scene, Math.max(groundTop, height * 0.72), named ?? [palette.primary, palette.secondary, palette.accent, hexToRgb('#f7e3ef')]);
    drew(scene, 'flowers');
  }
  if (m.has('rain')) {
    paintRain(scene);
    drew(scene, 'rain');
  }
  if (m.has('snow')) {
    paintSnowfall(scene);
    drew(scene, 'snow');
  }

  paintVignette(scene);
  paintGrain(scene, 0.09);
}

/** Returns how many trees it painted. */
function paintTreeBand(scene: Scene, horizonY: number, groundTop: number, ridge: Ridge | undefined, houseX?: number): number {
  const { width, height, unit, motifs, rng } = scene;
  const conifer = motifs.has('mountains') || motifs.has('snow') || rng.chance(0.4);
  const foliage = colorOf(scene, 'trees');
  let painted = 0;
  if (motifs.has('water')) {
    // A far tree line along the shore reads better than trees standing in the sea.
    for (let x = -unit * 0.02; x < width; x += unit * rng.range(0.015, 0.035)) {
      paintTree(scene, x, horizonY + unit * 0.005, unit * rng.range(0.04, 0.08), 0.45, conifer, foliage);
      painted++;
    }
    return painted;
  }
  const trees = Array.from({ length: rng.int(5, 10) }, () => ({
    x: rng.range(0, 1) * width,
    t: rng.next(),
  })).sort((a, b) => a.t - b.t);
  for (const { x, t } of trees) {
    // Keep the house in view: a tree planted in front of it would hide the motif the prompt asked for.
    if (houseX !== undefined && Math.abs(x - houseX) < unit * 0.16) continue;
    const baseY = ridge && t < 0.3 ? ridgeYAt(ridge, x) + unit * 0.02 : groundTop + (height - groundTop) * t * 0.9;
    paintTree(scene, x, baseY, unit * (0.07 + t * 0.22), 0.5 * (1 - t), conifer, foliage);
    painted++;
  }
  return painted;
}

export const paintPhotorealistic: StylePainter = {
  paint,
  // Rain keeps its grey: a colour on it tints the palette instead.
  colorable: LANDSCAPE_COLORABLE,
};
