import { findOverdueDeliveries } from '../db/queries/webhook-sweep';
import type { Runtime } from '../runtime';
import { attemptJobId } from './delivery-ids';

/**
 * How long past its due time a pending delivery may wait before its job is presumed lost. A job that is
 * only late (a backlog in the `webhooks` queue) is found again and re-adding it changes nothing; the
 * grace keeps the sweep from touching deliveries whose job is a moment from running.
 */
export const LOST_ATTEMPT_GRACE_MS = 2 * 60_000;
const BATCH = 500;

export interface RequeueResult {
  /** Overdue pending deliveries looked at. */
  overdue: number;
  /** Jobs added (none existed under the attempt's jobId). */
  added: number;
  /** Finished jobs under that id put back to run again (see below). */
  retried: number;
}

/**
 * Queues again the next attempt of every pending delivery whose attempt is overdue by more than the grace
 * and has no job: a worker that died between recording a failed attempt and queueing the next one, or a
 * Redis that came back empty, leaves such deliveries waiting forever otherwise. The job gets the id the
 * lost one had (attemptJobId: the delivery id for the first attempt, `-aN` for retries), so a job that
 * still exists is not doubled, and running the sweep twice, or in two processes, adds one job at most.
 * A finished job under that id is retried instead: one that failed (Postgres away through all of BullMQ's
 * attempts), or one that completed without recording its attempt (it found the endpoint disabled, which
 * was enabled again and the delivery replayed). Running a job again is safe: an attempt already recorded
 * is not made twice (attemptDelivery).
 */
export async function requeueLostDeliveries(
  rt: Pick<Runtime, 'db' | 'queues'>,
  opts: { graceMs?: number; now?: Date; limit?: number } = {},
): Promise<RequeueResult> {
  const now = opts.now ?? new Date();
  const overdue = await findOverdueDeliveries(rt.db, new Date(now.getTime() - (opts.graceMs ?? LOST_ATTEMPT_GRACE_MS)), opts.limit ?? BATCH);
  const queue = rt.queues.get('webhooks');
  const result: RequeueResult = { overdue: overdue.length, added: 0, retried: 0 };
  for (const d of overdue) {
    const attempt = d.attempts + 1;
    const jobId = attemptJobId(d.id, attempt);
    const state = await queue.getJobState(jobId);
    if (state === 'unknown') {
      await rt.queues.enqueue('webhook.deliver', { id: d.id, attempt }, { jobId, account: d.accountId });
      result.added++;
    } else if (state === 'failed' || state === 'completed') {
      await (await queue.getJob(jobId))?.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
      result.retried++;
    }
  }
  return result;
}
