import { describe, expect, it } from 'vitest';
import { alignWords, spokenWords } from '../../../src/engines/voice';
import { syllables } from '../../../src/engines/voice/word-timing';

/** Frame levels (10 ms each): `#` loud speech, `+` a quiet consonant, `.` silence. */
function levels(pattern: string): Float32Array {
  return Float32Array.from(pattern.replace(/\s/g, ''), (c) => (c === '#' ? -15 : c === '+' ? -45 : -90));
}
const run = (c: string, n: number) => c.repeat(n);

describe('word timing', () => {
  it('finds the words a listener hears, with punctuation after them, in any script', () => {
    expect(spokenWords('Hello, world! 3.14 is pi… e-mail', 'en').map((w) => [w.word, w.breakAfter])).toEqual([
      ['Hello', 1],
      ['world', 2],
      ['3.14', 0],
      ['is', 0],
      ['pi', 2],
      ['e', 0],
      ['mail', 0],
    ]);
    expect(spokenWords('今日は良い天気です。', 'ja').length).toBeGreaterThan(2);
    expect(spokenWords(' — … ', 'en')).toEqual([]);
  });

  it('estimates syllables: vowel groups, English silent e, digits, CJK characters', () => {
    expect(syllables('cat', 'en')).toBe(1);
    expect(syllables('five', 'en')).toBe(1);
    expect(syllables('table', 'en')).toBe(2);
    expect(syllables('tomorrow', 'en')).toBe(3);
    expect(syllables('parle', 'fr')).toBe(2);
    expect(syllables('1999')).toBe(6);
    expect(syllables('天気')).toBe(2);
  });

  it('puts each word said apart at the start of its own sound, ignoring a closure inside a word', () => {
    // "One." "Apple." (a p-closure of 60 ms inside) "Ten."
    const env = levels(run('.', 20) + run('#', 30) + run('.', 30) + run('#', 12) + run('.', 6) + run('#', 20) + run('.', 30) + run('#', 25) + run('.', 10));
    const words = spokenWords('One. Apple. Ten.', 'en');
    const times = alignWords(words, env);
    expect(times.map((t) => t.start)).toEqual([0.2, 0.8, 1.48]);
    expect(times.map((t) => t.end)).toEqual([0.5, 1.18, 1.73]);
  });

  it('shares running speech by syllables, in order, inside the sound', () => {
    const env = levels(run('.', 10) + run('#', 100) + run('.', 10));
    const times = alignWords(spokenWords('a wonderful cat', 'en'), env);
    expect(times[0]!.start).toBe(0.1);
    expect(times[2]!.end).toBe(1.1);
    const lengths = times.map((t) => t.end - t.start);
    expect(lengths[1]!).toBeGreaterThan(lengths[0]! * 2);
    for (let i = 1; i < times.length; i++) expect(times[i]!.start).toBeGreaterThanOrEqual(times[i - 1]!.end);
  });

  it('spreads words evenly over a chunk with nothing audible, and returns nothing for no words', () => {
    expect(alignWords(spokenWords('one two', 'en'), levels(run('.', 100)))).toEqual([
      { start: 0, end: 0.5 },
      { start: 0.5, end: 1 },
    ]);
    expect(alignWords([], levels(run('#', 10)))).toEqual([]);
  });
});
