import { hexToRgb, type Rgb } from './color';
import { bindColors, type ColorTarget, unplacedNouns } from './color-targets';
import { COLOR_WORDS, TONE_WORDS } from './color-words';
import { MOTIF_WORDS, MOTIFS, type Motif } from './motif-words';
import { buildPalette, type Palette } from './palette';
import { hashString } from '../../lib/seeded-random';
import { tagPrompt } from './tag-prompt';
import { lookupWord, tokenizePrompt } from './tokenize-prompt';

export interface PromptDescription {
  /** Colour words found, in prompt order, without repeats ("grey" and "gray" both kept as written). */
  colors: string[];
  /** Colour words that qualify nothing the renderer can tint on its own ("a red car"): they tint the palette. */
  globalColors: string[];
  tints: Rgb[];
  /** Colour words per thing they qualify ("a red sun over blue mountains" → sun: red, mountains: blue). */
  targetColors: ReadonlyMap<ColorTarget, readonly string[]>;
  /** Motifs found, in the fixed order of MOTIFS so equal prompts compare equal. */
  motifs: Motif[];
  /** Nouns with no motif behind them ("a cat on a red sofa" → cat, sofa). */
  unplaced: string[];
  tone: 'light' | 'dark' | 'neutral';
  /** Hash of the normalised prompt: the palette's fallback hue comes from it. */
  seed: number;
  /** The palette with every colour target applied (as the landscape styles do); see `paletteFor`. */
  palette: Palette;
}

export function describePrompt(prompt: string): PromptDescription {
  const words = tokenizePrompt(prompt);
  const colors: string[] = [];
  const found = new Set<Motif>();
  let light = 0;
  let dark = 0;

  for (const word of words) {
    const color = COLOR_WORDS[word] !== undefined ? word : undefined;
    if (color && !colors.includes(color)) colors.push(color);
    const motif = lookupWord(MOTIF_WORDS, word);
    if (motif) found.add(motif);
    const tone = TONE_WORDS[word];
    if (tone === 'light') light++;
    if (tone === 'dark') dark++;
  }
  // "starry night" or "city at midnight" should show stars even without the word "star".
  if (found.has('night')) found.add('stars');

  const tagged = tagPrompt(words);
  const binding = bindColors(tagged);
  const tone = light > dark ? 'light' : dark > light ? 'dark' : 'neutral';
  const seed = hashString(words.join(' '));
  const motifs = MOTIFS.filter((m) => found.has(m));
  const described = {
    colors,
    globalColors: binding.global,
    tints: binding.global.map(colorRgb),
    targetColors: binding.targets,
    motifs,
    unplaced: unplacedNouns(tagged),
    tone,
    seed,
  } as const;
  return { ...described, palette: paletteFor(described, binding.global, binding.targets) };
}

/**
 * The colours a style paints as the prompt says, and the rest: colours on things the style cannot tint
 * (a colour on the rain, or on a house in an abstract picture) join the global tints.
 */
export function splitColors(
  description: Pick<PromptDescription, 'globalColors' | 'targetColors'>,
  colorable: ReadonlySet<ColorTarget>,
): { applied: Map<ColorTarget, readonly string[]>; global: string[] } {
  const applied = new Map<ColorTarget, readonly string[]>();
  const global = [...description.globalColors];
  for (const [target, names] of description.targetColors) {
    if (colorable.has(target)) applied.set(target, names);
    else for (const name of names) if (!global.includes(name)) global.push(name);
  }
  return { applied, global };
}

/** The palette: global colours tint it, and a colour given to the sky or ground (or to night, a sunset, a desert) sets that part. */
export function paletteFor(
  description: Pick<PromptDescription, 'motifs' | 'tone' | 'seed'>,
  global: readonly string[],
  applied: ReadonlyMap<ColorTarget, readonly string[]>,
): Palette {
  const first = (...targets: ColorTarget[]): Rgb | undefined => {
    for (const target of targets) {
      const name = applied.get(target)?.[0];
      if (name !== undefined) return colorRgb(name);
    }
    return undefined;
  };
  return buildPalette({
    tints: global.map(colorRgb),
    motifs: new Set(description.motifs),
    tone: description.tone,
    seed: description.seed,
    sky: first('sky', 'night', 'sunset'),
    ground: first('ground', 'desert', 'snow'),
  });
}

export function colorRgb(name: string): Rgb {
  return hexToRgb(COLOR_WORDS[name] ?? '#808080');
}
