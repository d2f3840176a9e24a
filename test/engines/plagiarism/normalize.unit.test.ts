import { describe, expect, it } from 'vitest';
import { createNormalizer, foldWord, isStopWord, tokenize, type KeyLexicon } from '../../../src/engines/plagiarism';

/** A stand-in lexicon: a few synonyms share a key, every other word maps to itself (as the real one does for unknown words). */
const fakeLexicon: KeyLexicon = {
  canonicalKey(word: string) {
    const keys: Record<string, string> = { big: 'K_BIG', large: 'K_BIG', buy: 'K_BUY', purchase: 'K_BUY', purchased: 'K_BUY', house: 'K_HOUSE' };
    return keys[word] ?? word;
  },
};

describe('tokenize', () => {
  it('gives every word with offsets into the original text', () => {
    const text = 'The Quick, brown fox—jumped over “the” lazy dog’s back... 2,000 times; 3.14 too!';
    const tokens = tokenize(text);
    for (const t of tokens) expect(foldWord(text.slice(t.start, t.end))).toBe(t.word);
    expect(tokens.map((t) => t.word)).toEqual([
      'the',
      'quick',
      'brown',
      'fox',
      'jumped',
      'over',
      'the',
      'lazy',
      'dog',
      'back',
      '2,000',
      'times',
      '3.14',
      'too',
    ]);
  });

  it('folds case, diacritics and apostrophes, and splits on hyphens and slashes', () => {
    expect(tokenize('Café NAÏVE well-known and/or don’t').map((t) => t.word)).toEqual(['cafe', 'naive', 'well', 'known', 'and', 'or', "don't"]);
  });
});

describe('normalize', () => {
  it('drops stop words and maps known words to their lexicon key, others to their Porter stem', () => {
    const n = createNormalizer(fakeLexicon);
    const text = 'They purchased a large house near the running rivers.';
    const out = n.normalize(text);
    expect(out.keys).toEqual(['K_BUY', 'K_BIG', 'K_HOUSE', 'near', 'run', 'river']);
    // Offsets point at the original words, so excerpts come from the original text.
    expect([...out.keys.keys()].map((i) => text.slice(out.starts[i]!, out.ends[i]!))).toEqual(['purchased', 'large', 'house', 'near', 'running', 'rivers']);
    expect(out.wordCount).toBe(9);
  });

  it('gives synonyms with the same key the same token sequence', () => {
    const n = createNormalizer(fakeLexicon);
    expect(n.normalize('We buy a big house').keys).toEqual(n.normalize('we PURCHASE the large house!').keys);
  });

  it('without a lexicon stems every word', () => {
    const n = createNormalizer(null);
    expect(n.normalize('Connected connections connecting').keys).toEqual(['connect', 'connect', 'connect']);
  });

  it('is insensitive to punctuation, case and whitespace', () => {
    const n = createNormalizer(null);
    expect(n.normalize('Hello,   WORLD!\n\nSuch   a day...').keys).toEqual(n.normalize('hello world such a day').keys);
  });

  it('can stop after a prefix of tokens with the same positions', () => {
    const n = createNormalizer(null);
    const text = 'alpha beta gamma delta epsilon zeta';
    const full = n.normalize(text);
    const part = n.normalize(text, 3);
    expect(part.keys).toEqual(full.keys.slice(0, 3));
    expect([...part.starts]).toEqual([...full.starts.slice(0, 3)]);
  });

  it('treats one-letter words and contraction leftovers as stop words', () => {
    expect(isStopWord('x')).toBe(true);
    expect(isStopWord('the')).toBe(true);
    expect(isStopWord('ll')).toBe(true);
    expect(isStopWord('river')).toBe(false);
  });
});
