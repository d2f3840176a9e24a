import { COLOR_WORDS, TONE_WORDS } from './color-words';
import { MOTIF_WORDS, type Motif } from './motif-words';
import type { TaggedWord } from './tag-prompt';
import { lookupWord } from './tokenize-prompt';

/** What a colour word can qualify: a motif, or the sky and ground every landscape has. */
export type ColorTarget = Motif | 'sky' | 'ground';

/** What the landscape styles (illustration, photographic) can paint in a colour the prompt gives it. */
export const LANDSCAPE_COLORABLE: ReadonlySet<ColorTarget> = new Set<ColorTarget>([
  'sky',
  'ground',
  'night',
  'sunset',
  'desert',
  'snow',
  'sun',
  'moon',
  'stars',
  'clouds',
  'birds',
  'mountains',
  'city',
  'hills',
  'water',
  'river',
  'house',
  'trees',
  'boat',
  'flowers',
]);

/** Nouns that are not motifs of their own but name a part of one, or of the scene, that a colour can tint. */
const PART_WORDS: Readonly<Record<string, ColorTarget>> = {
  sky: 'sky',
  heaven: 'sky',
  ground: 'ground',
  grass: 'ground',
  land: 'ground',
  earth: 'ground',
  lawn: 'ground',
  soil: 'ground',
  roof: 'house',
  wall: 'house',
  door: 'house',
  sail: 'boat',
  hull: 'boat',
  petal: 'flowers',
  leaf: 'trees',
  leaves: 'trees',
  foliage: 'trees',
  canopy: 'trees',
};

/** Nouns that name the picture itself rather than something in it: a colour on them tints the whole palette. */
const PICTURE_WORDS = new Set([
  'landscape',
  'scene',
  'scenery',
  'picture',
  'image',
  'view',
  'painting',
  'photo',
  'photograph',
  'illustration',
  'drawing',
  'sketch',
  'art',
  'artwork',
  'composition',
  'background',
  'wallpaper',
  'poster',
  'style',
  'tone',
  'color',
  'colour',
  'palette',
  'shade',
  'day',
  'daytime',
  'morning',
  'noon',
  'afternoon',
]);

const COPULAS = new Set(['is', 'are', 'was', 'were', 'be', 'looks', 'look', 'turns', 'turn', 'glows', 'glow']);

export function targetOf(word: string): ColorTarget | undefined {
  return lookupWord(MOTIF_WORDS, word) ?? lookupWord(PART_WORDS, word);
}

const isColor = (w: TaggedWord): boolean => Object.hasOwn(COLOR_WORDS, w.word);
const isNoun = (w: TaggedWord): boolean => w.pos === 'NOUN' || w.pos === 'PROPN';
/**
 * Words that may stand between a colour and its noun: "red glowing sun", "deep blue sea", "red and gold
 * sunset". Colour words count even where wink tags them as nouns ("orange/NOUN clouds").
 */
const isModifier = (w: TaggedWord): boolean =>
  isColor(w) || Object.hasOwn(TONE_WORDS, w.word) || w.pos === 'ADJ' || w.pos === 'ADV' || w.pos === 'VERB' || w.word === 'and' || w.word === 'or';

export interface ColorBinding {
  /** Colour names per thing they qualify, in prompt order ("red and yellow flowers" → flowers: red, yellow). */
  targets: Map<ColorTarget, string[]>;
  /** Colour names that qualify nothing drawable ("a red car", "a blue landscape"): they tint the palette. */
  global: string[];
}

/**
 * Which thing each colour word qualifies. A colour before a noun phrase qualifies the phrase's head, the
 * last noun of the run ("red sun" → sun, "blue mountain lake" → lake, "red sun hat" → hat); after a
 * copula it qualifies the noun before it ("the sea is green"). Colours on anything else are global.
 */
export function bindColors(words: readonly TaggedWord[]): ColorBinding {
  const targets = new Map<ColorTarget, string[]>();
  const global: string[] = [];
  const add = (color: string, target: ColorTarget | undefined): void => {
    if (!target) {
      if (!global.includes(color)) global.push(color);
      return;
    }
    const list = targets.get(target) ?? [];
    if (!list.includes(color)) list.push(color);
    targets.set(target, list);
  };

  words.forEach((w, i) => {
    if (!isColor(w)) return;
    const head = headAfter(words, i + 1) ?? subjectBefore(words, i - 1);
    add(w.word, head === undefined ? undefined : targetOf(head.word));
  });
  return { targets, global };
}

function headAfter(words: readonly TaggedWord[], from: number): TaggedWord | undefined {
  let j = from;
  while (j < words.length && isModifier(words[j] as TaggedWord)) j++;
  let head: TaggedWord | undefined;
  while (j < words.length && (isNoun(words[j] as TaggedWord) || targetOf((words[j] as TaggedWord).word) !== undefined)) {
    head = words[j];
    j++;
  }
  return head;
}

function subjectBefore(words: readonly TaggedWord[], from: number): TaggedWord | undefined {
  let j = from;
  while (j >= 0 && isModifier(words[j] as TaggedWord) && !COPULAS.has((words[j] as TaggedWord).word)) j--;
  if (j < 0 || !COPULAS.has((words[j] as TaggedWord).word)) return undefined;
  const subject = words[j - 1];
  return subject && isNoun(subject) ? subject : undefined;
}

/**
 * Nouns of the prompt the renderer has no motif for ("cat", "sofa"), as their lemmas, in prompt order.
 * Words naming the picture itself ("landscape", "painting") and the colour and part words are not missing.
 */
export function unplacedNouns(words: readonly TaggedWord[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (!isNoun(w) || isColor(w) || Object.hasOwn(TONE_WORDS, w.word)) continue;
    if (targetOf(w.word) !== undefined || PICTURE_WORDS.has(w.lemma) || PICTURE_WORDS.has(w.word)) continue;
    const name = /^[a-z]+$/.test(w.lemma) ? w.lemma : w.word;
    if (name.length > 1 && !out.includes(name)) out.push(name);
  }
  return out;
}
