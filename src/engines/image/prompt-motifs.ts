import { hexToRgb, type Rgb } from './color';
import { COLOR_WORDS, TONE_WORDS } from './color-words';
import { MOTIF_WORDS, MOTIFS, type Motif } from './motif-words';
import { buildPalette, type Palette } from './palette';
import { hashString } from '../../lib/seeded-random';
import { lookupWord, tokenizePrompt } from './tokenize-prompt';

export interface PromptDescription {
  /** Colour words found, in prompt order, without repeats ("grey" and "gray" both kept as written). */
  colors: string[];
  tints: Rgb[];
  /** Motifs found, in the fixed order of MOTIFS so equal prompts compare equal. */
  motifs: Motif[];
  tone: 'light' | 'dark' | 'neutral';
  /** Hash of the normalised prompt: the palette's fallback hue comes from it. */
  seed: number;
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

  const tone = light > dark ? 'light' : dark > light ? 'dark' : 'neutral';
  const tints = colors.map((name) => hexToRgb(COLOR_WORDS[name] as string));
  const seed = hashString(words.join(' '));
  const motifs = MOTIFS.filter((m) => found.has(m));
  return { colors, tints, motifs, tone, seed, palette: buildPalette({ tints, motifs: found, tone, seed }) };
}
