import { rgba } from '../../color';
import type { Scene } from '../../scene';
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
export function paintIllustration(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const night = m.has('night');
  const hasTerrain = m.has('mountains') || m.has('hills') || m.has('desert') || m.has('water') || m.has('city');
  const horizonY = height * rng.range(0.55, 0.66);

  paintFlatSky(scene, horizonY);
  if (m.has('stars')) paintFlatStars(scene, horizonY);
  const skyX = rng.range(0.2, 0.8) * width;
  const skyY = m.has('sunset') ? horizonY - unit * 0.05 : horizonY * rng.range(0.2, 0.4);
  if (m.has('moon') || night) paintFlatMoon(scene, skyX, skyY, unit * 0.07);
  else if (m.has('sun') || m.has('sunset') || (!m.has('rain') && rng.chance(0.7))) paintFlatSun(scene, skyX, skyY, unit * 0.075);
  const clouds = m.has('clouds') ? rng.int(3, 5) : m.has('rain') ? 5 : rng.int(0, 2);
  paintFlatClouds(scene, horizonY, clouds, m.has('rain'));
  if (m.has('birds')) paintFlatBirds(scene, horizonY);

  if (m.has('mountains') || (!hasTerrain && rng.chance(0.5))) paintFlatMountains(scene, horizonY, m.has('snow'));
  if (m.has('city')) paintFlatCity(scene, horizonY + 2, night);
  if (m.has('water')) {
    paintFlatWater(scene, horizonY);
  } else {
    if (m.has('hills') || !hasTerrain) paintFlatHills(scene, horizonY);
    paintFlatGround(scene, horizonY + unit * 0.06);
    if (m.has('desert')) paintFlatDunes(scene, horizonY + unit * 0.06);
    if (m.has('river')) paintFlatRiver(scene, horizonY + unit * 0.06);
  }

  const groundTop = horizonY + unit * 0.06;
  const landY = (t: number): number => (m.has('water') ? horizonY + 2 : groundTop + (height - groundTop) * t);
  if (m.has('house')) paintFlatHouse(scene, rng.range(0.25, 0.75) * width, landY(0.3), unit * 0.2, night);
  if (m.has('trees') || (!hasTerrain && rng.chance(0.5))) {
    const spots = Array.from({ length: m.has('water') ? 4 : rng.int(3, 6) }, () => ({ x: rng.range(0.05, 0.95) * width, t: rng.range(0.05, 0.7) })).sort(
      (a, b) => a.t - b.t,
    );
    const round = rng.chance(0.5);
    for (const { x, t } of spots) paintFlatTree(scene, x, landY(t), unit * (m.has('water') ? 0.12 : 0.16 + t * 0.15), round);
  }
  if (m.has('boat')) {
    const y = m.has('water') ? horizonY + (height - horizonY) * rng.range(0.3, 0.6) : height - unit * 0.05;
    paintFlatBoat(scene, rng.range(0.25, 0.75) * width, y, unit * 0.16);
  }
  if (m.has('flowers')) {
    const petals = [palette.primary, palette.accent, palette.secondary].map((c) => rgba(c));
    for (let i = 0, n = rng.int(6, 12); i < n; i++) {
      const y = m.has('water') ? height - unit * rng.range(0.06, 0.12) : landY(rng.range(0.45, 0.85));
      paintFlatFlower(scene, rng.range(0.04, 0.96) * width, y, unit * rng.range(0.025, 0.04), rng.pick(petals));
    }
  }
  if (m.has('rain')) paintFlatWeather(scene, 'rain');
  if (m.has('snow')) paintFlatWeather(scene, 'snow');
}
