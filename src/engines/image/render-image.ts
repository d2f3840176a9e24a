import { createCanvas } from '@napi-rs/canvas';
import { rgba } from './color';
import { encodeOpaqueRgbaPng } from './encode-png';
import { colorRgb, describePrompt, paletteFor, splitColors } from './prompt-motifs';
import { revisedPrompt } from './revised-prompt';
import type { Box, Scene, StylePainter } from './scene';
import type { Motif } from './motif-words';
import { createRandom, hashString } from '../../lib/seeded-random';
import { paintAbstract } from './styles/abstract/paint-abstract';
import { paintIllustration } from './styles/illustration/paint-illustration';
import { paintPhotorealistic } from './styles/photorealistic/paint-photorealistic';
import { isImageStyle, type ImageRequest, type ImageStyle } from './types';

const PAINTERS: Record<ImageStyle, StylePainter> = {
  photorealistic: paintPhotorealistic,
  illustration: paintIllustration,
  abstract: paintAbstract,
};

/** Largest side we render; far above what the API asks for, but keeps a bad request from allocating gigabytes. */
export const MAX_IMAGE_SIDE = 4096;

export interface RenderedImage {
  png: Buffer;
  /** What the picture shows, in words (OpenAI's `revised_prompt`). */
  revisedPrompt: string;
  /** The motifs drawn, with where each landed when it has one place; for checking the picture against the words. */
  drawn: ReadonlyMap<Motif, Box | undefined>;
}

/** Paints the request and returns PNG bytes and their description; identical requests give identical bytes. */
export function renderImage(req: ImageRequest): RenderedImage {
  const { width, height, style, variant } = req;
  for (const [name, side] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_IMAGE_SIDE) {
      throw new RangeError(`${name} must be an integer from 1 to ${MAX_IMAGE_SIDE}, got ${side}`);
    }
  }
  if (!isImageStyle(style)) throw new RangeError(`unknown image style: ${String(style)}`);
  if (!Number.isInteger(variant) || variant < 0) throw new RangeError(`variant must be a non-negative integer, got ${variant}`);

  const description = describePrompt(req.prompt);
  const painter = PAINTERS[style];
  const { applied, global } = splitColors(description, painter.colorable);
  const palette = paletteFor(description, global, applied);
  const canvas = createCanvas(width, height);
  const scene: Scene = {
    ctx: canvas.getContext('2d'),
    width,
    height,
    unit: Math.min(width, height),
    palette,
    motifs: new Set(description.motifs),
    colors: new Map([...applied].map(([target, names]) => [target, names.map(colorRgb)])),
    // Keyed by the normalised prompt, so "Red sun" and "red  sun!" give the same picture.
    rng: createRandom(hashString(`${style}\u0000${variant}\u0000${description.seed}`)),
    drawn: new Map(),
  };
  // An opaque base guarantees every pixel stays opaque, which the fast encoder relies on.
  scene.ctx.fillStyle = rgba(scene.palette.skyTop);
  scene.ctx.fillRect(0, 0, width, height);
  painter.paint(scene);
  const png = encodeOpaqueRgbaPng(canvas.data(), width, height);
  const text = revisedPrompt({
    style,
    requested: description.motifs,
    drawn: new Set(scene.drawn.keys()),
    colors: applied,
    paletteColors: global,
    palette,
    tone: description.tone,
    unplaced: description.unplaced,
  });
  return { png, revisedPrompt: text, drawn: scene.drawn };
}
