export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** A small SSE reader for tests: events as they arrive, comments counted, the connection ended by `close`. */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let comments = 0;
  const pending: SseEvent[] = [];
  const parse = (block: string) => {
    const event: SseEvent = { event: 'message', id: undefined, data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('event: ')) event.event = line.slice(7);
      else if (line.startsWith('id: ')) event.id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    event.data = data.join('\n');
    if (data.length > 0 || event.event !== 'message') pending.push(event);
  };
  return {
    get comments() {
      return comments;
    },
    /** The next event, or null when the stream ended. */
    async next(): Promise<SseEvent | null> {
      for (;;) {
        if (pending.length > 0) return pending.shift()!;
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    },
    /** Every event until the stream ends. */
    async all(): Promise<SseEvent[]> {
      const events: SseEvent[] = [];
      for (let e = await this.next(); e; e = await this.next()) events.push(e);
      return events;
    },
    close: () => reader.cancel(),
  };
}
