import { SSE_HEARTBEAT_MS } from '../net/event-stream';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { findJob, type JobRow } from '../db/queries/jobs';
import { jobError } from '../db/schema';
import { isErrorCode } from '../errors/codes';
import { isTerminal, type JobStreamEvent, readJobStream, shownText } from '../queue/job-stream';
import type { Runtime } from '../runtime';
import type { AppEnv } from './context';
import { envelope } from '../errors/api-error';
import { requestLogger } from './middleware/request-log';
import { JobReaders, requestJobCancel } from '../queue/job-cancel';

type Deps = Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'jobEvents' | 'jobStreams' | 'usage'>;

/** Request jobs that stop when cancelled (their processors pass the job's signal to the provider). */
export const CANCELLABLE_KINDS: readonly string[] = ['text.generate', 'text.chat'];

/** How often the job's row is looked at besides the completion messages (those can be lost). */
const ROW_CHECK_MS = 15_000;
/** A stream is answered for at most this long; the client reconnects with `Last-Event-ID`. */
const MAX_STREAM_MS = 3_600_000;

const isFinished = (row: JobRow | null): row is JobRow => row !== null && (row.status === 'succeeded' || row.status === 'failed');

/**
 * `Last-Event-ID` as the sequence number to resume after: -1 without one (the `job` event comes first),
 * 0 after the `job` event. Anything else unreadable starts over, which repeats nothing a client can tell
 * apart from a fresh start.
 */
export function resumePoint(header: string | undefined): number {
  if (header === undefined || !/^\d{1,9}$/.test(header.trim())) return -1;
  return Number(header.trim());
}

/**
 * Answers `text/event-stream` with a job's events: `job` (id 0: where to reconnect), then `delta`s and
 * `reset`s as the worker writes them to the job's Redis stream, then one `done` (the result, exactly the
 * non-streamed answer) or `error` (the error envelope), and the stream closes. Event ids are the
 * stream's sequence numbers, so a reconnect with `Last-Event-ID` gets the rest without gaps or repeats.
 * When the stream holds no end (expired after an hour, never streamed, or the worker could not write
 * it), the end comes from the job's row: deltas that make up the rest of its text, then `done`.
 */
/** One event of a job's stream as it is sent (the `job` event, id 0, opens a stream that starts from the beginning). */
export type StreamedJobEvent = Omit<JobStreamEvent, 'event'> & { event: JobStreamEvent['event'] | 'job' };

/** Writes one event in another wire format than Kiln's (OpenAI's chunks, src/api/routes/openai/chat-completions.ts). */
export type JobEventFormat = (stream: SSEStreamingApi, e: StreamedJobEvent, requestId: string) => Promise<void>;

/** Kiln's own events: the event name, the sequence number as `id:`, the data (an error in the API's envelope). */
const kilnFormat: JobEventFormat = (stream, e, requestId) =>
  stream.writeSSE({ event: e.event, id: String(e.seq), data: e.event === 'error' ? errorData(e.data, requestId) : e.data });

export function streamJobEvents(c: Context<AppEnv>, deps: Deps, jobId: string, afterSeq: number, format: JobEventFormat = kilnFormat): Response {
  c.header('Kiln-Job-Id', jobId);
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, (stream) => followJobEvents(c, deps, stream, jobId, afterSeq, format));
}

/**
 * Writes a job's events (after `afterSeq`) to a stream already open, until the job ends or the client
 * leaves: the body of streamJobEvents, and the rest of an in-place chat stream whose call was handed to
 * the queue (src/api/routes/openai/chat-in-place.ts).
 */
export async function followJobEvents(
  c: Context<AppEnv>,
  deps: Deps,
  stream: SSEStreamingApi,
  jobId: string,
  afterSeq: number,
  format: JobEventFormat = kilnFormat,
): Promise<void> {
  const key = deps.keys.jobStream(jobId);
  const requestId = c.get('requestId');
  const log = requestLogger(c);
  const stop = new AbortController();
  // The client closed the connection (or it broke under a write), as against the stream ending or the process shutting down.
  let clientGone = false;
  const leave = () => {
    clientGone = true;
    stop.abort();
  };
  stream.onAbort(leave);
  let after = afterSeq;
  let ended = false;
  const readers = new JobReaders(deps.redis, deps.keys);
  const reader = await readers.join(jobId).catch((err: Error) => {
    log.warn({ err: { message: err.message }, jobId }, 'could not count this reader of a job stream');
    return null;
  });

  const send = async (e: StreamedJobEvent): Promise<void> => {
    if (ended || e.seq <= after) return;
    after = e.seq;
    if (isTerminal(e.event)) ended = true;
    await format(stream, e, requestId);
  };

  if (after < 0) await send({ seq: 0, event: 'job', data: JSON.stringify({ id: jobId, status: 'processing' }) });
  const heartbeat = setInterval(() => {
    void stream.write(': ping\n\n').catch(leave);
    if (reader) void readers.refresh(jobId, reader).catch(() => {});
  }, SSE_HEARTBEAT_MS);
  let unwatch = () => {};
  try {
    await new Promise<void>((resolve) => {
      // Writes happen one at a time, in order, whoever (the live reader or the row) has them.
      let chain = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        chain = chain
          .then(() => (ended || stop.signal.aborted ? undefined : work()))
          .then(
            () => {
              if (ended) resolve();
            },
            (err: Error) => {
              log.warn({ err: { message: err.message }, jobId }, 'job event stream ended by an error');
              ended = true;
              resolve();
            },
          );
      };
      stop.signal.addEventListener('abort', () => resolve(), { once: true });
      unwatch = deps.jobStreams.watch(key, Math.max(after, 0), (events) =>
        enqueue(async () => {
          for (const e of events) await send(e);
        }),
      );
      const check = async () => {
        const row = await findJob(deps.db, jobId);
        return isFinished(row) ? row : null;
      };
      deps.jobEvents.waitFor(jobId, MAX_STREAM_MS, check, ROW_CHECK_MS, stop.signal).then(
        (row) =>
          enqueue(async () => {
            if (row) await finishFromRow(row);
            else ended = true; // Shutting down or too long: the client reconnects.
          }),
        (err: Error) => enqueue(() => Promise.reject(err)),
      );
    });
  } finally {
    clearInterval(heartbeat);
    unwatch();
    if (reader) {
      await readers.leave(jobId, reader).catch(() => {});
      if (clientGone && !ended && !deps.jobEvents.shuttingDown) cancelWhenUnread(deps, jobId, log);
    }
  }

  /** The job is finished: what the stream still holds, and where it has no end, the end from the row. */
  async function finishFromRow(row: JobRow): Promise<void> {
    // Billed with the row: a usage read after `done` must count it (see UsageCache.forget).
    deps.usage.forget(row.accountId);
    const events = await readJobStream(deps.redis, key);
    for (const e of events) await send(e);
    if (ended) return;
    let seq = Math.max(after, events.at(-1)?.seq ?? 0, 0);
    if (row.status === 'failed') {
      const error = row.error ?? jobError('internal_error', 'The job failed.');
      await send({ seq: seq + 1, event: 'error', data: JSON.stringify({ code: error.code, message: error.message }) });
      return;
    }
    const result = (row.result ?? {}) as { text?: unknown };
    if (typeof result.text === 'string') {
      const shown = shownByClient(row, events, afterSeq, result.text);
      const continues = shown !== null && result.text.startsWith(shown);
      if (!continues) await send({ seq: ++seq, event: 'reset', data: '{}' });
      const rest = continues ? result.text.slice(shown.length) : result.text;
      if (rest) await send({ seq: ++seq, event: 'delta', data: JSON.stringify({ text: rest }) });
    }
    await send({ seq: seq + 1, event: 'done', data: JSON.stringify(row.result) });
  }
}

/**
 * A streaming client went away before its job ended: unless another reader follows the job's events
 * STREAM_CANCEL_GRACE_MS later (this client reconnecting with Last-Event-ID, or another one), a streamed
 * text job still running is cancelled. A job that was not streamed keeps running whoever leaves: its
 * result is fetched later (GET /v1/jobs/{id}), as OpenAI lets a non-streamed request finish.
 */
function cancelWhenUnread(deps: Deps, jobId: string, log: ReturnType<typeof requestLogger>): void {
  const check = async () => {
    if ((await new JobReaders(deps.redis, deps.keys).count(jobId)) > 0) return;
    const row = await findJob(deps.db, jobId);
    if (!row || row.status === 'succeeded' || row.status === 'failed' || !CANCELLABLE_KINDS.includes(row.kind)) return;
    if ((row.input as { stream?: unknown } | null)?.stream !== true) return;
    log.info({ jobId }, 'the streaming client went away and no one reads the job: cancelling it');
    await requestJobCancel(deps.redis, deps.keys, deps.channels.jobCancel, jobId, 'client_gone');
  };
  const run = () => void check().catch((err: Error) => log.warn({ err: { message: err.message }, jobId }, 'could not cancel a job whose client went away'));
  const grace = deps.config.STREAM_CANCEL_GRACE_MS;
  if (grace === 0) run();
  else setTimeout(run, grace).unref();
}

/**
 * The text a client holds once it has the stream's stored events, or null when that is unknown (the
 * stream expired or was trimmed after the client read part of it). A job never streamed is answered
 * the same way every time, the whole text as delta 1 and `done` as 2, so resuming after 1 holds it all.
 */
function shownByClient(row: JobRow, events: JobStreamEvent[], afterSeq: number, text: string): string | null {
  if (events.length > 0) return events[0]!.seq === 1 || afterSeq <= 0 ? shownText(events) : null;
  if (afterSeq <= 0) return '';
  const streamed = (row.input as { stream?: unknown } | null)?.stream === true;
  return afterSeq === 1 && !streamed ? text : null;
}

/** A stored `{code, message}` as the API's error envelope, with this request's id. */
function errorData(data: string, requestId: string): string {
  const { code, message } = JSON.parse(data) as { code: string; message: string };
  return JSON.stringify(envelope(isErrorCode(code) ? code : 'internal_error', message, requestId));
}

export type { SSEStreamingApi };
