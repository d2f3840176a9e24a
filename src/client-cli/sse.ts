/** One server-sent event: its type (`message` when unnamed), its id if it had one, and its data lines joined. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * An incremental parser of `text/event-stream` as the WHATWG HTML standard (§9.2.6) reads it: lines end with
 * CRLF, LF or CR; `:` starts a comment; a blank line dispatches; `data` lines join with LF; an event without
 * data is not dispatched. Fed decoded text in any chunking, it gives the same events.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The last id seen, kept across events, for Last-Event-ID on a reconnect. */
  lastEventId: string | undefined;

  push(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const dispatched = this.line(line);
      if (dispatched) out.push(dispatched);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      const ev = this.data.length ? { event: this.event || 'message', id: this.id, data: this.data.join('\n') } : undefined;
      this.event = '';
      this.data = [];
      this.id = undefined;
      return ev;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = this.lastEventId = value;
    return undefined;
  }
}
