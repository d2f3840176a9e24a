import { type ApiClient, sleep } from './api';
import { ClientError, EXIT } from './errors';
import { SseParser } from './sse';

export interface LogLine {
  at: string;
  level: string;
  message: string;
}

/** A deployment as GET /v1/hosting/deployments/{id} answers it (the fields this client reads). */
export interface Deployment {
  id: string;
  status: string;
  environment: string;
  site_id: string;
  url?: string;
  error?: string;
  created_at: string;
  rolled_back_at?: string;
  promoted_from?: string;
}

/** Statuses a deployment does not leave by itself: the build is over. */
export const FINISHED = new Set(['published', 'failed', 'rolled_back']);

/** Streams that end before `done` (a proxy's idle timeout, a restarted web process) are resumed this many times in a row. */
const RESUMES = 10;
/** When the server has no live stream: how often the JSON log is read again. */
const POLL_MS = 1000;

/**
 * Follows a deployment's build log until the build ends, giving each line once, and returns the final
 * deployment. Reads the live stream (`text/event-stream`: `line` events, then `done` with the deployment),
 * resuming after a cut with Last-Event-ID; a server that answers the JSON log instead is polled.
 */
export async function followLog(api: ApiClient, id: string, onLine: (line: LogLine) => void): Promise<Deployment> {
  const path = `/hosting/deployments/${encodeURIComponent(id)}/logs`;
  const parser = new SseParser();
  for (let cuts = 0; ; ) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (parser.lastEventId !== undefined) headers['Last-Event-ID'] = parser.lastEventId;
    const res = await api.raw('GET', path, { headers, retry: true });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await res.body?.cancel();
      return pollLog(api, id, onLine);
    }
    let progressed = false;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) {
          progressed = true;
          if (ev.event === 'line') onLine(JSON.parse(ev.data) as LogLine);
          else if (ev.event === 'done') return JSON.parse(ev.data) as Deployment;
        }
      }
    } catch {
      // The connection broke mid-stream: resumed below like a stream that ended early.
    }
    cuts = progressed ? 1 : cuts + 1;
    if (cuts > RESUMES) throw new ClientError('log_stream_ended', `the build log of ${id} kept ending before the build did`, EXIT.failed);
    await sleep(Math.min(5000, 250 * 2 ** (cuts - 1)));
  }
}

/** The fallback for a server without the live stream: the JSON log, read until the status is final. */
export async function pollLog(api: ApiClient, id: string, onLine: (line: LogLine) => void): Promise<Deployment> {
  const path = `/hosting/deployments/${encodeURIComponent(id)}`;
  let seen = 0;
  for (;;) {
    const log = await api.call<{ status: string; lines: LogLine[] }>('GET', `${path}/logs`, { retry: true });
    for (const line of log.lines.slice(seen)) onLine(line);
    seen = Math.max(seen, log.lines.length);
    if (FINISHED.has(log.status)) return api.call<Deployment>('GET', path, { retry: true });
    await sleep(POLL_MS);
  }
}

export function formatLine(l: LogLine): string {
  const time = l.at.length >= 19 ? l.at.slice(11, 19) : l.at;
  return `${time} ${l.level === 'info' ? '' : `${l.level.toUpperCase()} `}${l.message}`;
}
