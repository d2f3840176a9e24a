import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CHUNK_CHARS, splitText } from '../../../src/engines/voice';

const texts = (text: string, maxChars?: number) => [...splitText(text, { maxChars })].map((c) => c.text);
const words = (text: string) => text.split(/\s+/u).filter(Boolean);

/** Deterministic prose: words of 1–14 letters, commas and sentence ends at pseudo-random places. */
function prose(wordCount: number, seed = 7): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const out: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    let word = '';
    const length = 1 + Math.floor(next() * 14);
    for (let j = 0; j < length; j++) word += String.fromCharCode(97 + Math.floor(next() * 26));
    const r = next();
    out.push(r < 0.06 ? `${word}.` : r < 0.1 ? `${word},` : r < 0.11 ? `${word}?` : word);
  }
  return out.join(' ');
}

describe('splitText', () => {
  it('never exceeds the cap and never cuts a word, whatever the cap', () => {
    const text = prose(5000);
    for (const cap of [40, 97, 500, 3000]) {
      const chunks = texts(text, cap);
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(cap);
        expect(chunk).toBe(chunk.trim());
        expect(chunk.length).toBeGreaterThan(0);
      }
      // Same words in the same order: any word cut in two would show up as two different tokens.
      expect(words(chunks.join(' '))).toEqual(words(text));
    }
  });

  it('ends chunks at sentence ends when one fits', () => {
    const text = 'First sentence here. Second one is a bit longer! Third? Fourth and last.';
    expect(texts(text, 30)).toEqual(['First sentence here.', 'Second one is a bit longer!', 'Third? Fourth and last.']);
    // Everything fits: one chunk, untouched.
    expect(texts(text)).toEqual([text]);
  });

  it('does not treat decimals, abbreviations inside words or URLs as sentence ends', () => {
    const text = 'Pi is 3.14159 and the site is example.com/page.html today. Next.';
    expect(texts(text, 60)).toEqual(['Pi is 3.14159 and the site is example.com/page.html today.', 'Next.']);
  });

  it('cuts an over-long sentence at a clause boundary before falling back to a space', () => {
    const text = 'one two three four five six seven, eight nine ten eleven twelve thirteen fourteen';
    expect(texts(text, 45)).toEqual(['one two three four five six seven,', 'eight nine ten eleven twelve thirteen', 'fourteen']);
  });

  it('splits Chinese and Japanese at their own sentence marks, without needing spaces', () => {
    expect(texts('你好。今天天气很好！我们去公园吧？好的。', 8)).toEqual(['你好。', '今天天气很好！', '我们去公园吧？', '好的。']);
    expect(texts('こんにちは。げんきですか？はい、げんきです！', 12)).toEqual(['こんにちは。', 'げんきですか？', 'はい、げんきです！']);
  });

  it('cuts CJK text without punctuation between characters, within the cap', () => {
    const text = '这是一个非常长的句子没有任何标点符号但是我们必须把它切开才行';
    const chunks = texts(text, 10);
    expect(chunks.every((c) => c.length <= 10)).toBe(true);
    expect(chunks.join('')).toBe(text);
  });

  it('splits Arabic at the Arabic question mark and Hindi at the danda', () => {
    expect(texts('مرحبا، كيف حالك اليوم؟ أنا بخير. شكرا لك', 25)).toEqual(['مرحبا، كيف حالك اليوم؟', 'أنا بخير. شكرا لك']);
    expect(texts('नमस्ते, आप कैसे हैं। मैं ठीक हूँ।', 22)).toEqual(['नमस्ते, आप कैसे हैं।', 'मैं ठीक हूँ।']);
  });

  it('treats a blank line as a sentence end', () => {
    expect(texts('A heading without a stop\n\nThen the body text follows here.', 40)).toEqual(['A heading without a stop', 'Then the body text follows here.']);
  });

  it('skips empty and whitespace-only input', () => {
    expect(texts('')).toEqual([]);
    expect(texts('   \n\n\t  ')).toEqual([]);
    expect(texts('\n\n  Hello.  \n\n   ', 3)).toEqual(['Hel', 'lo.']);
  });

  it('reports offsets that point back into the input', () => {
    const text = `  ${prose(400)}  `;
    let last = 0;
    for (const chunk of splitText(text, { maxChars: 120 })) {
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      expect(chunk.start).toBeGreaterThanOrEqual(last);
      last = chunk.end;
    }
    expect(last).toBe(text.trimEnd().length);
  });

  it('cuts only a single word longer than the cap, and never inside a surrogate pair', () => {
    expect(texts(`${'a'.repeat(25)} b`, 10)).toEqual(['aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaa b']);
    const emoji = '😀'.repeat(12); // 24 UTF-16 units, no spaces
    const chunks = texts(emoji, 5);
    expect(chunks.join('')).toBe(emoji);
    for (const chunk of chunks) expect(chunk).toMatch(/^(?:😀)+$/u);
  });

  it('is an iterator that yields a huge text chunk by chunk', () => {
    // No punctuation at all: the worst case for finding a sentence end. How fast the first chunk comes is
    // a speed question for `npm run bench`; here every chunk is within the cap and nothing is lost.
    const huge = 'word '.repeat(400_000);
    const iterator = splitText(huge);
    expect(iterator[Symbol.iterator]()).toBe(iterator);
    const first = iterator.next();
    expect(first.done).toBe(false);
    expect(first.value?.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHUNK_CHARS);
    let count = 1;
    let words = first.value!.text.split(/\s+/).filter(Boolean).length;
    for (const chunk of iterator) {
      expect(chunk.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHUNK_CHARS);
      words += chunk.text.split(/\s+/).filter(Boolean).length;
      count++;
    }
    expect(count).toBeGreaterThan(500);
    expect(words).toBe(400_000);
  });
});
