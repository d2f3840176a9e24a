import { LANDSCAPE_COLORABLE } from '../../color-targets';
import { rgba } from '../../color';
import { waterColors } from '../../palette';
import { circleBox, colorOf, drew, type Scene, type StylePainter, withPalette } from '../../scene';
import {
  paintFlatFlower,
  paintFlatBoat,
  paintFlatCity,
  paintFlatDunes,
  paintFlatGround,
  paintFlatHills,
  paintFlatHouse,
  paintFlatMountains,
  paintFlatRiver,
  paintFlatTree,
  paintFlatWater,
} from './illustration-land';
import { paintFlatBirds, paintFlatClouds, paintFlatMoon, paintFlatStars, paintFlatSun, paintFlatSky, paintFlatWeather } from './illustration-sky';

/** Flat-colour, bold-outline picture-book scene built from simple geometric shapes. */
function paint(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const night = m.has('night');
  const hasTerrain = m.has('mountains') || m.has('hills') || m.has('desert') || m.has('water') || m.has('city');
  const horizonY = height * rng.range(0.55, 0.66);

  paintFlatSky(scene, horizonY);
  if (night) drew(scene, 'night');
  if (m.has('sunset')) drew(scene, 'sunset');
  if (m.has('stars')) {
    paintFlatStars(scene, horizonY, colorOf(scene, 'stars'));
    drew(scene, 'stars');
  }
  const skyX = rng.range(0.2, 0.8) * width;
  const skyY = m.has('sunset') ? horizonY - unit * 0.05 : horizonY * rng.range(0.2, 0.4);
  if (m.has('moon') || night) {
    paintFlatMoon(scene, skyX, skyY, unit * 0.07, colorOf(scene, 'moon'));
    drew(scene, 'moon', circleBox(skyX, skyY, unit * 0.07));
  } else if (m.has('sun') || m.has('sunset') || (!m.has('rain') && rng.chance(0.7))) {
    paintFlatSun(scene, skyX, skyY, unit * 0.075, colorOf(scene, 'sun'));
    drew(scene, 'sun', circleBox(skyX, skyY, unit * 0.075));
  }
  // Per shorter side of sky, so a wide canvas is as cloudy as a square one.
  const clouds = Math.round((m.has('clouds') ? rng.int(3, 5) : m.has('rain') ? 5 : rng.int(0, 2)) * (width / unit));
  paintFlatClouds(scene, horizonY, clouds, m.has('rain'), colorOf(scene, 'clouds'));
  if (clouds > 0) drew(scene, 'clouds');
  if (m.has('birds')) {
    paintFlatBirds(scene, horizonY, colorOf(scene, 'birds'));
    drew(scene, 'birds');
  }

  if (m.has('mountains') || (!hasTerrain && rng.chance(0.5))) {
    const tallest = paintFlatMountains(scene, horizonY, m.has('snow'), colorOf(scene, 'mountains'));
    drew(scene, 'mountains', { x: 0, y: horizonY - tallest, width, height: tallest });
  }
  if (m.has('city')) {
    paintFlatCity(scene, horizonY + 2, night, colorOf(scene, 'city'));
    drew(scene, 'city');
  }
  const water = colorOf(scene, 'water');
  const river = colorOf(scene, 'river');
  if (m.has('water')) {
    paintFlatWater(water ? withPalette(scene, waterColors(water)) : scene, horizonY);
    drew(scene, 'water', { x: 0, y: horizonY, width, height: height - horizonY });
  } else {
    if (m.has('hills') || !hasTerrain) {
      paintFlatHills(scene, horizonY, colorOf(scene, 'hills'));
      drew(scene, 'hills');
    }
    paintFlatGround(scene, horizonY + unit * 0.06);
    if (m.has('desert')) {
      paintFlatDunes(scene, horizonY + unit * 0.06);
      drew(scene, 'desert');
    }
    if (m.has('river')) {
      paintFlatRiver(river ? withPalette(scene, waterColors(river)) : scene, horizonY + unit * 0.06);
      drew(scene, 'river');
    }
  }

  const groundTop = horizonY + unit * 0.06;
  const landY = (t: number): number => (m.has('water') ? horizonY + 2 : groundTop + (height - groundTop) * t);
  if (m.has('house')) {
    const x = rng.range(0.25, 0.75) * width;
    const y = landY(0.3);
    const size = unit * 0.2;
    paintFlatHouse(scene, x, y, size, night, colorOf(scene, 'house'));
    drew(scene, 'house', { x: x - size / 2, y: y - size * 0.65, width: size, height: size * 0.65 });
  }
  if (m.has('trees') || (!hasTerrain && rng.chance(0.5))) {
    const spots = Array.from({ length: m.has('water') ? 4 : rng.int(3, 6) }, () => ({ x: rng.range(0.05, 0.95) * width, t: rng.range(0.05, 0.7) })).sort(
      (a, b) => a.t - b.t,
    );
    const round = rng.chance(0.5);
    const leaf = colorOf(scene, 'trees');
    for (const { x, t } of spots) paintFlatTree(scene, x, landY(t), unit * (m.has('water') ? 0.12 : 0.16 + t * 0.15), round, leaf);
    drew(scene, 'trees');
  }
  if (m.has('boat')) {
    const y = m.has('water') ? horizonY + (height - horizonY) * rng.range(0.3, 0.6) : height - unit * 0.05;
    const x = rng.range(0.25, 0.75) * width;
    const size = unit * 0.16;
    paintFlatBoat(scene, x, y, size, colorOf(scene, 'boat'));
    drew(scene, 'boat', { x: x - size * 0.55, y: y - size * 0.2, width: size * 1.1, height: size * 0.2 });
  }
  if (m.has('flowers')) {
    const petals = (scene.colors.get('flowers') ?? [palette.primary, palette.accent, palette.secondary]).map((c) => rgba(c));
    for (let i = 0, n = rng.int(6, 12); i < n; i++) {
      const y = m.has('water') ? height - unit * rng.range(0.06, 0.12) : landY(rng.range(0.45, 0.85));
      paintFlatFlower(scene, rng.range(0.04, 0.96) * width, y, unit * rng.range(0.025, 0.04), rng.pick(petals));
    }
    drew(scene, 'flowers');
  }
  if (m.has('rain')) {
    paintFlatWeather(scene, 'rain');
    drew(scene, 'rain');
  }
  if (m.has('snow')) {
    paintFlatWeather(scene, 'snow');
    drew(scene, 'snow');
  }
}

export const paintIllustration: StylePainter = {
  paint,
  colorable: LANDSCAPE_COLORABLE,
};
