import { circleBox, colorOf, drew, type Scene, type StylePainter } from '../../scene';
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
function paint(scene: Scene): void {
  const { width, height, unit, motifs: m, rng, palette } = scene;
  const colours = [palette.primary, palette.secondary, palette.accent, palette.skyHorizon];
  const areaScale = (width * height) / (unit * unit);
  const watery = m.has('water') || m.has('river') || m.has('rain');

  paintBackdrop(scene);
  // Night has no shape of its own here: it is the darkened palette the backdrop is painted in.
  if (m.has('night')) drew(scene, 'night');
  if (m.has('stars') || m.has('snow')) {
    paintSpeckles(scene, colorOf(scene, 'stars') ?? colorOf(scene, 'snow') ?? palette.light, Math.round(180 * areaScale));
    for (const motif of ['stars', 'snow'] as const) if (m.has(motif)) drew(scene, motif);
  }
  if (m.has('sun') || m.has('moon') || m.has('sunset')) {
    const orb = paintOrb(scene, colorOf(scene, 'sun') ?? colorOf(scene, 'moon') ?? colorOf(scene, 'sunset') ?? palette.sun);
    for (const motif of ['sun', 'moon', 'sunset'] as const) if (m.has(motif)) drew(scene, motif, circleBox(orb.x, orb.y, orb.r));
  }
  paintTranslucentCircles(scene, colours, Math.round(rng.int(10, 18) * areaScale));
  if (m.has('mountains') || m.has('city')) {
    paintSkylineBands(scene, colorOf(scene, 'mountains') ?? colorOf(scene, 'city') ?? palette.ink, m.has('city'));
    for (const motif of ['mountains', 'city'] as const) if (m.has(motif)) drew(scene, motif);
  }
  paintPolygons(scene, scene.colors.get('flowers') ?? colours, Math.round(rng.int(6, 12) * areaScale), m.has('flowers') ? 8 : undefined);
  if (m.has('flowers')) drew(scene, 'flowers');
  paintFlowField(scene, colours, { particles: Math.round(180 * areaScale), steps: 50, calm: watery });
  paintRibbons(scene, colours, rng.int(2, 4) + (watery ? 2 : 0), watery || rng.chance(0.5));
  for (const motif of ['water', 'river', 'rain'] as const) if (m.has(motif)) drew(scene, motif);
}

/** Only the motifs that become a shape take a colour of their own; the others' colours join the palette. */
export const paintAbstract: StylePainter = {
  paint,
  colorable: new Set(['sky', 'sun', 'moon', 'sunset', 'stars', 'snow', 'mountains', 'city', 'flowers']),
};
