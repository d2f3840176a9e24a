/**
 * The `data:` payloads of a `text/event-stream` body, one per event (multi-line data joined with `\n`), as
 * OpenAI-compatible servers stream them. Comments, `event:` and `id:` lines are skipped; a final event
 * without its blank line still counts.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const line = function* (text: string): Generator<string> {
    if (text === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
    } else if (text.startsWith('data:')) {
      data.push(text.slice(text[5] === ' ' ? 6 : 5));
    }
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.search(/\r\n|\r|\n/);
    // A `\r` at the very end may be the first half of `\r\n`: wait for the next chunk to tell.
    while (newline >= 0 && !(newline === buffer.length - 1 && buffer[newline] === '\r')) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      yield* line(text);
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
  buffer += decoder.decode();
  if (buffer) yield* line(buffer);
  yield* line('');
}
