import { describe, expect, it } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, truncateToTokens } from '../../../src/engines/text/tokens';

const ARTICLE = [
  'Coffee and Health',
  '',
  'Coffee is a beverage consisting of an infusion of ground coffee beans. It is also called java. Coffee is a kind of beverage.',
  '',
  'Health is a healthy state of wellbeing free from disease. Another word for health is wellness.',
].join('\n');

describe('countTokens', () => {
  it('counts o200k tokens', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(encode('hello world').length);
    expect(countTokens(ARTICLE)).toBe(encode(ARTICLE).length);
  });

  it('counts special-token markers in user text as plain text instead of throwing', () => {
    expect(() => encode('a <|endoftext|> b')).toThrow();
    expect(countTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });
});

describe('truncateToTokens', () => {
  it('returns text within budget unchanged', () => {
    expect(truncateToTokens(ARTICLE, countTokens(ARTICLE))).toBe(ARTICLE);
    expect(truncateToTokens('short', 8192)).toBe('short');
  });

  it('never exceeds the budget, for every budget from 1 to the full length', () => {
    const total = countTokens(ARTICLE);
    for (let max = 1; max <= total; max++) {
      const cut = truncateToTokens(ARTICLE, max);
      expect(countTokens(cut)).toBeLessThanOrEqual(max);
      expect(ARTICLE.startsWith(cut)).toBe(true);
      expect(cut.length).toBeGreaterThan(0);
    }
  });

  it('cuts after a sentence when that keeps at least half of what fits', () => {
    const text = 'The first sentence is here. The second sentence follows it closely. The third one is much longer than the others and will not fit.';
    const max = countTokens('The first sentence is here. The second sentence follows it closely. The third one');
    expect(truncateToTokens(text, max)).toBe('The first sentence is here. The second sentence follows it closely.');
  });

  it('cuts after a word when the first sentence alone is too long', () => {
    const text = 'This single sentence keeps going and going without any full stop for quite a while indeed.';
    const cut = truncateToTokens(text, 6);
    expect(countTokens(cut)).toBeLessThanOrEqual(6);
    expect(text.startsWith(`${cut} `)).toBe(true);
    expect(cut).not.toMatch(/\s$/);
  });

  it('cuts inside a word only when a single word exceeds the budget', () => {
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    expect(countTokens(word)).toBeGreaterThan(3);
    const cut = truncateToTokens(word, 3);
    expect(countTokens(cut)).toBeLessThanOrEqual(3);
    expect(cut.length).toBeGreaterThan(0);
    expect(word.startsWith(cut)).toBe(true);
  });

  it('does not leave a broken character when the cut falls inside a multi-byte one', () => {
    const text = '😀😀😀😀😀😀😀😀';
    for (let max = 1; max < countTokens(text); max++) {
      const cut = truncateToTokens(text, max);
      expect(cut).not.toContain('\uFFFD');
      expect(countTokens(cut)).toBeLessThanOrEqual(max);
    }
  });
});
