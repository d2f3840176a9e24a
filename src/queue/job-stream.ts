import type { RedisClient } from '../redis';
import type { Logger } from '../logger';

/**
 * A request job's events as a Redis STREAM (`Keyspace.jobStream`: `kiln:job-stream:<job id>`), so a client can read them
 * live and, after a dropped connection, from any point again. Entry ids are `0-<seq>`, the sequence
 * number counting from 1, and that number is the SSE `id:`: whoever reconnects with `Last-Event-ID: n`
 * reads from `0-n` on, and a second run of the job cannot write an id twice.
 *
 * Events: `delta` `{text}`; `reset` `{}` (a retried run wrote a text that does not continue the one
 * already streamed: forget the deltas so far); `done` (the stored result) and `error` (`{code, message}`),
 * of which the stream holds at most one, last.
 */
export type JobStreamEventName = 'delta' | 'reset' | 'done' | 'error';

export interface JobStreamEvent {
  seq: number;
  event: JobStreamEventName;
  /** JSON text. */
  data: string;
}

/** At most this many events are kept per job (deltas are sentences or a model's chunks; 8,192 tokens at most). */
export const JOB_STREAM_MAXLEN = 10_000;
/** A stream is kept an hour after its job finished, and a day while it runs (a worker that dies leaves it behind). */
export const JOB_STREAM_TTL_DONE_S = 3_600;
export const JOB_STREAM_TTL_RUNNING_S = 86_400;

export const isTerminal = (event: string) => event === 'done' || event === 'error';

type RawEntry = [id: string, fields: string[]];

export function parseEntry([id, fields]: RawEntry): JobStreamEvent {
  const values: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) values[fields[i]!] = fields[i + 1]!;
  return { seq: Number(id.split('-')[1]), event: (values.event ?? 'delta') as JobStreamEventName, data: values.data ?? '{}' };
}

/** The stored events after `afterSeq` (all of them for 0), without blocking. */
export async function readJobStream(redis: RedisClient, key: string, afterSeq = 0): Promise<JobStreamEvent[]> {
  const entries = (await redis.xrange(key, `(0-${afterSeq}`, '+')) as RawEntry[];
  return entries.map(parseEntry);
}

/** The text the stream's deltas show now: everything since the last `reset`. */
export function shownText(events: JobStreamEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.event === 'reset') text = '';
    else if (e.event === 'delta') text += (JSON.parse(e.data) as { text: string }).text;
  }
  return text;
}

/**
 * The worker's side. Opening reads what an earlier run of the same job left, so a second run is
 * idempotent for readers: while its text repeats what is already streamed it writes nothing, where it
 * continues that text it writes only the new part, and where it departs from it it writes `reset` and
 * its own text. A stream that already ends (`done`/`error`) is not written again. Streaming is best
 * effort: if Redis fails, this run stops writing, and the web process answers from the job's row.
 */
export class JobStreamWriter {
  private seq: number;
  /** What readers of the stream have been shown since the last reset. */
  private shown: string;
  /** What this run has produced. */
  private ours = '';
  private ended: boolean;
  private broken = false;

  private constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
    private readonly log: Logger,
    existing: JobStreamEvent[] | null,
  ) {
    this.broken = existing === null;
    this.seq = existing?.at(-1)?.seq ?? 0;
    this.shown = shownText(existing ?? []);
    this.ended = existing?.some((e) => isTerminal(e.event)) ?? false;
  }

  static async open(redis: RedisClient, key: string, log: Logger): Promise<JobStreamWriter> {
    const existing = await readJobStream(redis, key).catch((err: Error) => {
      log.warn({ err: { message: err.message }, key }, 'job stream unreadable; not streaming this run');
      return null;
    });
    return new JobStreamWriter(redis, key, log, existing);
  }

  async delta(text: string): Promise<void> {
    this.ours += text;
    await this.show(this.ours);
  }

  /** Ends the stream with the stored result, first making the deltas add up to its `text`. */
  async done(result: Record<string, unknown>): Promise<void> {
    if (typeof result.text === 'string') await this.show(result.text, true);
    await this.add('done', result, JOB_STREAM_TTL_DONE_S);
  }

  async error(error: { code: string; message: string }): Promise<void> {
    await this.add('error', { code: error.code, message: error.message }, JOB_STREAM_TTL_DONE_S);
  }

  private async show(text: string, exactly = false): Promise<void> {
    if (this.ended || this.broken) return;
    if (!exactly && this.shown.startsWith(text)) return;
    if (text === this.shown) return;
    if (!text.startsWith(this.shown)) {
      await this.add('reset', {});
      this.shown = '';
    }
    const piece = text.slice(this.shown.length);
    this.shown = text;
    if (piece) await this.add('delta', { text: piece });
  }

  private async add(event: JobStreamEventName, data: object, ttl = JOB_STREAM_TTL_RUNNING_S): Promise<void> {
    if (this.ended || this.broken) return;
    this.seq += 1;
    try {
      await this.redis
        .multi()
        .xadd(this.key, 'MAXLEN', JOB_STREAM_MAXLEN, `0-${this.seq}`, 'event', event, 'data', JSON.stringify(data))
        .expire(this.key, ttl)
        .exec()
        .then((replies) => {
          const failed = replies?.find(([err]) => err);
          if (failed) throw failed[0];
        });
      if (isTerminal(event)) this.ended = true;
    } catch (err) {
      this.broken = true;
      this.log.warn({ err: { message: (err as Error).message }, key: this.key }, 'job stream write failed; not streaming the rest of this run');
    }
  }
}
