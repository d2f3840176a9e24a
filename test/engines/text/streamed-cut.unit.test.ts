import { describe, expect, it } from 'vitest';
import { sseData } from '../../../src/engines/sse-data';
import { countTokens, truncateToTokens } from '../../../src/engines/text';
import { StreamedCut } from '../../../src/engines/text/streamed-cut';

function run(chunks: string[], maxTokens: number) {
  const cut = new StreamedCut(maxTokens);
  const handed: string[] = [];
  for (const chunk of chunks) {
    const piece = cut.push(chunk);
    if (piece) handed.push(piece);
  }
  const { text, rest } = cut.finish();
  if (rest) handed.push(rest);
  return { text, handed };
}

describe('StreamedCut: streamed model output within the final trim and token cut', () => {
  it('hands out whole words, drops the leading and trailing whitespace, and adds up to the text', () => {
    const { text, handed } = run(['\n  Hel', 'lo wor', 'ld.  This ', 'is it. \n'], 100);
    expect(text).toBe('Hello world.  This is it.');
    expect(handed.join('')).toBe(text);
    expect(handed[0]).toBe('Hello');
  });

  it('never hands out more than max_tokens, and the deltas are still exactly the final text', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}${i % 9 === 8 ? '.' : ''} `);
    for (const max of [1, 5, 17, 60]) {
      const { text, handed } = run(words, max);
      expect(handed.join(''), `max ${max}`).toBe(text);
      expect(countTokens(text)).toBeLessThanOrEqual(max);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it('a text within budget is the whole answer, as the non-streamed path gives it', () => {
    const raw = ' One sentence here. Another one there. ';
    expect(run([raw], 50).text).toBe(truncateToTokens(raw.trim(), 50));
  });
});

describe('sseData', () => {
  it('reads data lines across chunk boundaries, with CRLF, comments and multi-line data', async () => {
    const enc = new TextEncoder();
    const parts = [': ping\r\n\r\ndata: {"a"', ':1}\r', '\n\r\nevent: x\ndata: line1\r', '\ndata: line2\n\n', 'data: [DONE]'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(enc.encode(p));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const d of sseData(body)) out.push(d);
    expect(out).toEqual(['{"a":1}', 'line1\nline2', '[DONE]']);
  });
});
