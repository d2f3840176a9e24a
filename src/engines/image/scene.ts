import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rgb } from './color';
import type { ColorTarget } from './color-targets';
import type { Motif } from './motif-words';
import type { Palette } from './palette';
import type { Random } from '../../lib/seeded-random';

/** Where a motif landed on the canvas, in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Everything a style painter needs; painters draw into ctx and keep no state of their own. */
export interface Scene {
  ctx: SKRSContext2D;
  width: number;
  height: number;
  /** The shorter side: sizes scale with it so portrait and square images keep the same proportions. */
  unit: number;
  palette: Palette;
  motifs: ReadonlySet<Motif>;
  /** Colours the prompt gives particular things ("a red sun"); everything else takes the palette. */
  colors: ReadonlyMap<ColorTarget, readonly Rgb[]>;
  rng: Random;
  /**
   * What the painter actually drew, and where when it has one place: the record the revised prompt is
   * written from, so the sentence cannot claim a motif the picture lacks.
   */
  drawn: Map<Motif, Box | undefined>;
}

/** Declares which colour targets a style paints in the prompt's colour; the others' colours go to the palette. */
export interface StylePainter {
  paint(scene: Scene): void;
  colorable: ReadonlySet<ColorTarget>;
}

/** The first colour the prompt gives `target`, if any. */
export function colorOf(scene: Scene, target: ColorTarget): Rgb | undefined {
  return scene.colors.get(target)?.[0];
}

export function drew(scene: Scene, motif: Motif, box?: Box): void {
  scene.drawn.set(motif, box ?? scene.drawn.get(motif));
}

export function circleBox(x: number, y: number, r: number): Box {
  return { x: x - r, y: y - r, width: r * 2, height: r * 2 };
}

/** The scene with some palette colours replaced, for painting one motif in the colour the prompt gave it. */
export function withPalette(scene: Scene, overrides: Partial<Palette>): Scene {
  return { ...scene, palette: { ...scene.palette, ...overrides } };
}
