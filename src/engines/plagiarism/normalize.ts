import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { AnalyzedText, KeyLexicon, NormalizedText, TokenRange, WordSenses } from './types';

/**
 * A word: letters, marks and digits, with inner apostrophes (`don't`, `o'clock`) and, between digits, inner
 * dots and commas (`2,000`, `3.14`). Hyphens, slashes and every other punctuation split words.
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’\u02bc]|(?<=\p{N})[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;
const NON_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}/gu;
const WHITESPACE_WORD = /\S+/g;

const STOP_WORDS: ReadonlySet<string> = new Set(eng);

/** Words the normaliser drops besides the stop word list: contraction leftovers that carry no content. */
const EXTRA_STOP_WORDS: ReadonlySet<string> = new Set(['s', 't', 'd', 'll', 're', 've', 'm']);

/** Distinct surface forms remembered per normaliser; past this the cache starts over (a bulk import can see millions). */
const CACHE_LIMIT = 200_000;

export interface RawToken {
  /** Lowercased, apostrophes unified, diacritics removed, possessive `'s` dropped. */
  word: string;
  start: number;
  end: number;
}

/** Lowercases, folds diacritics and the typographic apostrophe, and drops a possessive `'s`. */
export function foldWord(raw: string): string {
  let w = raw.toLowerCase();
  if (NON_ASCII.test(w))
    w = w
      .normalize('NFKD')
      .replace(MARKS, '')
      .replace(/[’\u02bc]/g, "'");
  if (w.endsWith("'s")) w = w.slice(0, -2);
  return w;
}

/** Every word of `text` with its character offsets, stop words included. */
export function tokenize(text: string): RawToken[] {
  const out: RawToken[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    out.push({ word: foldWord(m[0]), start, end: start + m[0].length });
  }
  return out;
}

export function isStopWord(word: string): boolean {
  return word.length < 2 || STOP_WORDS.has(word) || EXTRA_STOP_WORDS.has(word);
}

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WHITESPACE_WORD)) n++;
  return n;
}

export interface Normalizer {
  /**
   * Tokens of `text` with offsets into it: stop words dropped, each word mapped to its canonical key. With
   * `maxTokens`, stops after that many tokens (a prefix: positions stay the same as in the full sequence).
   */
  normalize(text: string, maxTokens?: number): NormalizedText;
  /** The key of one (folded, non-stop) word. */
  keyOf(word: string): string;
  /** The senses of one folded word (empty without a lexicon that knows them). */
  sensesOf(word: string): WordSenses;
  /** `normalize` with each token's surface word and the sentences (for sentence alignment). */
  analyze(text: string, maxTokens?: number): AnalyzedText;
}

const NO_SENSES: WordSenses = { first: [], all: [] };

/**
 * Sentence ends: terminal punctuation (with closing quotes or brackets) before whitespace, or a line break.
 * Headings and list items are lines of their own, so they never run into the next sentence.
 */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)|\n/g;

/**
 * Longer "sentences" (text without punctuation, lists run together) are cut into pieces of this many
 * content words, so aligning them stays cheap and a piece can still pair with its source.
 */
export const MAX_SENTENCE_TOKENS = 60;

/** Token ranges of the sentences of `text`, given its normalised tokens' offsets. */
export function sentenceRanges(text: string, starts: Int32Array): TokenRange[] {
  const out: TokenRange[] = [];
  let t = 0;
  const n = starts.length;
  const push = (start: number, end: number) => {
    const pieces = Math.ceil((end - start) / MAX_SENTENCE_TOKENS);
    for (let k = 0; k < pieces; k++) {
      out.push({ start: start + Math.floor(((end - start) * k) / pieces), end: start + Math.floor(((end - start) * (k + 1)) / pieces) });
    }
  };
  const close = (end: number) => {
    let e = t;
    while (e < n && starts[e]! < end) e++;
    if (e > t) push(t, e);
    t = e;
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    if (t >= n) break;
    close(m.index + m[0].length);
  }
  if (t < n) push(t, n);
  return out;
}

/**
 * The normaliser. With a lexicon, a word WordNet knows maps to `lexicon.canonicalKey(word)` (so synonyms
 * sharing their most frequent sense, and inflections, become one key); any other word maps to its Porter
 * stem. Without a lexicon every word is stemmed (tests, or a degraded mode that misses synonym swaps).
 * Deterministic: the corpus and a check must use the same lexicon for keys to agree.
 */
export function createNormalizer(lexicon: KeyLexicon | null): Normalizer {
  let cache = new Map<string, string>();

  const keyOf = (word: string): string => {
    const hit = cache.get(word);
    if (hit !== undefined) return hit;
    let key: string | undefined;
    if (lexicon) {
      const k = lexicon.canonicalKey(word);
      // The lexicon answers the word itself when WordNet does not know it: stem those.
      if (k !== word) key = k;
    }
    key ??= stemmer(word);
    if (cache.size >= CACHE_LIMIT) cache = new Map();
    cache.set(word, key);
    return key;
  };

  const normalize = (text: string, maxTokens = Infinity): NormalizedText => {
    const keys: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    for (const m of text.matchAll(WORD)) {
      if (keys.length >= maxTokens) break;
      const word = foldWord(m[0]);
      if (isStopWord(word)) continue;
      keys.push(keyOf(word));
      starts.push(m.index);
      ends.push(m.index + m[0].length);
    }
    return { keys, starts: Int32Array.from(starts), ends: Int32Array.from(ends), wordCount: countWords(text) };
  };

  const sensesOf = (word: string): WordSenses => lexicon?.senseIds?.(word) ?? NO_SENSES;

  const analyze = (text: string, maxTokens = Infinity): AnalyzedText => {
    const norm = normalize(text, maxTokens);
    const words = new Array<string>(norm.keys.length);
    for (let i = 0; i < words.length; i++) words[i] = foldWord(text.slice(norm.starts[i]!, norm.ends[i]!));
    return { ...norm, text, words, sentences: sentenceRanges(text, norm.starts) };
  };

  return { normalize, keyOf, sensesOf, analyze };
}
