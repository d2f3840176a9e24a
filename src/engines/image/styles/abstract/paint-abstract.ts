import type { Scene } from '../../scene';
import {
  paintBackdrop,
  paintFlowField,
  paintOrb,
  paintPolygons,
  paintRibbons,
  paintSkylineBands,
  paintSpeckles,
  paintTranslucentCircles,
} from './abstract-forms';

/** Generative composition; motifs pick shape vocabulary rather than literal objects. */
export function paintAbstract(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const colours = [palette.primary, palette.secondary, palette.accent, palette.skyHorizon];
  const areaScale = (width * height) / (unit * unit);
  const watery = m.has('water') || m.has('river') || m.has('rain');

  paintBackdrop(scene);
  if (m.has('stars') || m.has('snow')) paintSpeckles(scene, palette.light, Math.round(180 * areaScale));
  if (m.has('sun') || m.has('moon') || m.has('sunset')) paintOrb(scene, palette.sun);
  paintTranslucentCircles(scene, colours, Math.round(rng.int(10, 18) * areaScale));
  if (m.has('mountains') || m.has('city')) paintSkylineBands(scene, palette.ink, m.has('city'));
  paintPolygons(scene, colours, Math.round(rng.int(6, 12) * areaScale), m.has('flowers') ? 8 : undefined);
  paintFlowField(scene, colours, { particles: Math.round(180 * areaScale), steps: 50, calm: watery });
  paintRibbons(scene, colours, rng.int(2, 4) + (watery ? 2 : 0), watery || rng.chance(0.5));
}
