import { randomUUID } from 'node:crypto';
import type { Worker } from 'bullmq';
import type { Logger } from '../logger';
import type { RedisClient } from '../redis';
import type { Keyspace } from '../redis-keys';

/**
 * Cancelling a request job that runs on some worker process, from whichever web process decided it (its
 * streaming client went away, or POST /v1/jobs/{id}/cancel):
 * - the web process sets the job's cancel flag (a key, a day) and publishes the job id on `jobCancel`;
 * - every worker process hears it and calls BullMQ's `worker.cancelJob(id)`, which aborts the signal the
 *   job's processor was given (BullMQ ≥ 5.x hands processors of three parameters an AbortSignal);
 * - a worker that takes the job later (it was still queued, or the message was lost on a reconnect)
 *   finds the flag before it starts.
 * The processor sees `signal.reason` as one of `CANCEL_REASONS` (`cancelWhyOf`), which tells it apart
 * from other aborts.
 */
export type CancelWhy = 'client_gone' | 'requested';

export const CANCEL_REASONS: Record<CancelWhy, string> = { client_gone: 'kiln-cancel:client_gone', requested: 'kiln-cancel:requested' };

/** Why a job's signal was aborted, when it was a cancel; null for anything else (a shutdown, a timeout). */
export function cancelWhyOf(signal: AbortSignal | undefined): CancelWhy | null {
  if (!signal?.aborted) return null;
  if (signal.reason === CANCEL_REASONS.client_gone) return 'client_gone';
  if (signal.reason === CANCEL_REASONS.requested) return 'requested';
  return null;
}

/** Kept a day: longer than any job waits in a queue or runs. */
const CANCEL_FLAG_TTL_S = 86_400;

export async function requestJobCancel(redis: RedisClient, keys: Keyspace, channel: string, jobId: string, why: CancelWhy): Promise<void> {
  await redis.set(keys.jobCancel(jobId), why, 'EX', CANCEL_FLAG_TTL_S);
  await redis.publish(channel, jobId);
}

/** The cancel asked for this job before a worker took it, or null. */
export async function cancelRequestOf(redis: RedisClient, keys: Keyspace, jobId: string): Promise<CancelWhy | null> {
  const why = await redis.get(keys.jobCancel(jobId));
  return why === 'client_gone' || why === 'requested' ? why : null;
}

/**
 * The worker process's side: every cancel message is handed to each BullMQ worker here (the one running
 * the job aborts it; the others have no such job and do nothing). Returns the function that stops listening.
 */
export async function listenForJobCancels(
  subscriber: RedisClient,
  redis: RedisClient,
  keys: Keyspace,
  channel: string,
  workers: Worker[],
  log: Logger,
): Promise<() => Promise<void>> {
  const onMessage = (ch: string, jobId: string) => {
    if (ch !== channel) return;
    void cancelRequestOf(redis, keys, jobId).then(
      (why) => {
        const reason = CANCEL_REASONS[why ?? 'requested'];
        // Every worker is asked: only the one running the job has it (cancelJob answers false elsewhere).
        const running = workers.map((w) => w.cancelJob(jobId, reason)).some(Boolean);
        if (running) log.info({ jobId, why }, 'cancelling a running job');
      },
      (err: Error) => log.warn({ err: { message: err.message }, jobId }, 'could not read a job cancel request'),
    );
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(channel);
  return async () => {
    subscriber.off('message', onMessage);
    await subscriber.unsubscribe(channel).catch(() => {});
  };
}

/** A reader that has not refreshed its entry for this long (its web process died) no longer counts. */
export const READER_LAPSE_MS = 45_000;

/**
 * Who reads a job's event stream, over every web process: a sorted set of reader ids scored by when each
 * entry lapses. A reader refreshes its entry with each heartbeat, so one whose process died stops
 * counting after `READER_LAPSE_MS`, and a stream is never cancelled while another reader follows it.
 */
export class JobReaders {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: Keyspace,
  ) {}

  async join(jobId: string): Promise<string> {
    const reader = randomUUID();
    await this.refresh(jobId, reader);
    return reader;
  }

  async refresh(jobId: string, reader: string): Promise<void> {
    const key = this.keys.jobReaders(jobId);
    await this.redis
      .multi()
      .zadd(key, Date.now() + READER_LAPSE_MS, reader)
      .pexpire(key, READER_LAPSE_MS * 2)
      .exec();
  }

  async leave(jobId: string, reader: string): Promise<void> {
    await this.redis.zrem(this.keys.jobReaders(jobId), reader);
  }

  /** Readers whose entry has not lapsed. */
  async count(jobId: string): Promise<number> {
    return this.redis.zcount(this.keys.jobReaders(jobId), Date.now(), '+inf');
  }
}
