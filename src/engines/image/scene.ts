import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Motif } from './motif-words';
import type { Palette } from './palette';
import type { Random } from '../../lib/seeded-random';

/** Everything a style painter needs; painters draw into ctx and keep no state of their own. */
export interface Scene {
  ctx: SKRSContext2D;
  width: number;
  height: number;
  /** The shorter side: sizes scale with it so portrait and square images keep the same proportions. */
  unit: number;
  palette: Palette;
  motifs: ReadonlySet<Motif>;
  rng: Random;
}

export type StylePainter = (scene: Scene) => void;
