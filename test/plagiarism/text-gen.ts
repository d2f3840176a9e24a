/**
 * Deterministic English-like test text: sentences of common content words (many with WordNet synonyms)
 * joined by function words, from a seeded PRNG. Two different seeds share no run of content words beyond
 * chance, so one generated text is "original" with respect to another.
 */

import { createRandom } from '../../src/lib/seeded-random';

const NOUNS = [
  'house',
  'car',
  'road',
  'city',
  'river',
  'mountain',
  'garden',
  'window',
  'door',
  'table',
  'book',
  'letter',
  'teacher',
  'student',
  'doctor',
  'child',
  'mother',
  'father',
  'friend',
  'company',
  'market',
  'price',
  'money',
  'bank',
  'office',
  'meeting',
  'plan',
  'problem',
  'answer',
  'question',
  'story',
  'history',
  'science',
  'music',
  'picture',
  'film',
  'game',
  'team',
  'player',
  'island',
  'ocean',
  'forest',
  'village',
  'bridge',
  'station',
  'train',
  'ship',
  'machine',
  'engine',
  'computer',
  'network',
  'language',
  'government',
  'election',
  'policy',
  'law',
  'court',
  'judge',
  'army',
  'soldier',
  'church',
  'school',
  'university',
  'library',
  'hospital',
  'kitchen',
  'dinner',
  'breakfast',
  'bread',
  'coffee',
  'water',
  'weather',
  'winter',
  'summer',
  'morning',
  'evening',
  'night',
  'week',
  'year',
  'century',
  'journey',
  'voyage',
  'trip',
  'stone',
  'gold',
  'silver',
  'iron',
  'glass',
  'paper',
  'color',
  'light',
  'shadow',
  'voice',
  'song',
  'dance',
  'animal',
  'horse',
  'dog',
  'bird',
  'fish',
  'tree',
  'flower',
  'field',
  'farm',
  'harvest',
  'wheat',
  'desert',
  'storm',
  'fire',
];
const VERBS = [
  'buy',
  'sell',
  'begin',
  'start',
  'finish',
  'build',
  'destroy',
  'carry',
  'bring',
  'send',
  'receive',
  'write',
  'read',
  'paint',
  'sing',
  'study',
  'teach',
  'learn',
  'discover',
  'explore',
  'visit',
  'leave',
  'reach',
  'cross',
  'follow',
  'lead',
  'protect',
  'attack',
  'defend',
  'win',
  'lose',
  'choose',
  'decide',
  'explain',
  'describe',
  'remember',
  'forget',
  'watch',
  'observe',
  'measure',
  'count',
  'cook',
  'eat',
  'drink',
  'repair',
  'fix',
  'open',
  'close',
  'move',
  'push',
  'pull',
  'purchase',
  'construct',
  'examine',
  'inspect',
  'gather',
  'collect',
  'help',
  'assist',
  'show',
  'hide',
  'find',
  'seek',
];
const ADJECTIVES = [
  'big',
  'large',
  'small',
  'little',
  'old',
  'ancient',
  'new',
  'young',
  'quick',
  'fast',
  'slow',
  'bright',
  'dark',
  'happy',
  'glad',
  'sad',
  'angry',
  'quiet',
  'loud',
  'rich',
  'poor',
  'strong',
  'weak',
  'heavy',
  'light',
  'cold',
  'warm',
  'hot',
  'wet',
  'dry',
  'clean',
  'dirty',
  'simple',
  'difficult',
  'hard',
  'easy',
  'famous',
  'strange',
  'beautiful',
  'ugly',
  'careful',
  'brave',
  'honest',
  'clever',
  'foolish',
  'wide',
  'narrow',
  'deep',
  'shallow',
  'empty',
  'full',
];
const FUNCTION = ['the', 'a', 'and', 'of', 'in', 'to', 'with', 'for', 'on', 'at', 'by', 'from', 'that', 'this', 'was', 'is', 'were', 'has', 'had'];

/** The engines' seeded generator (mulberry32) as a bare function. */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function sentence(rnd: () => number): string {
  const words: string[] = [];
  const len = 8 + Math.floor(rnd() * 9);
  while (words.length < len) {
    const r = rnd();
    if (r < 0.35) words.push(pick(rnd, FUNCTION));
    else if (r < 0.65) words.push(pick(rnd, NOUNS));
    else if (r < 0.85) words.push(pick(rnd, VERBS));
    else words.push(pick(rnd, ADJECTIVES));
  }
  const s = words.join(' ');
  return s[0]!.toUpperCase() + s.slice(1) + (rnd() < 0.15 ? '!' : '.');
}

/** About `words` words of text from `seed`, in paragraphs. */
export function generateText(seed: number, words: number): string {
  const rnd = seededRandom(seed);
  const sentences: string[] = [];
  let count = 0;
  while (count < words) {
    const s = sentence(rnd);
    sentences.push(s);
    count += s.split(' ').length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 5) paragraphs.push(sentences.slice(i, i + 5).join(' '));
  return paragraphs.join('\n\n');
}

/** The first (or last) `fraction` of a text's words. */
export function wordSlice(text: string, from: number, to: number): string {
  const words = text.split(/\s+/);
  return words.slice(Math.round(words.length * from), Math.round(words.length * to)).join(' ');
}

/**
 * Light edits: every `every`-th word replaced by another word, plus punctuation and case noise (commas
 * added, full stops dropped, some words upper-cased).
 */
export function lightlyEdit(text: string, seed: number, every = 15): string {
  const rnd = seededRandom(seed);
  return text
    .split(' ')
    .map((word, i) => {
      if (i % every === every - 1) return pick(rnd, ['remarkable', 'nevertheless', 'perhaps', 'somewhat', 'indeed']);
      const r = rnd();
      if (r < 0.05) return word.toUpperCase();
      if (r < 0.1) return `${word},`;
      return word.replace(/\.$/, rnd() < 0.5 ? '' : '.');
    })
    .join(' ');
}
