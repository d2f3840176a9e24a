import type { EnqueueOptions, Queues } from './queues';
import { queueOf, type JobName, type JobPayload } from './registry';

/**
 * Once a job has ended, its row's final write is a moment away at most (processors write the row before
 * BullMQ moves the job; a job failed for stalling is written from the `failed` event just after): a row
 * still unfinished this long after its job ended lost that write.
 */
export const ENDED_GRACE_MS = 10_000;

/**
 * Enqueues the job of a row that is not finished, unless a job of that id is still alive (waiting,
 * delayed, active). A job that is gone (Redis lost it) is added again; one that ended before
 * `rowsReadAt - ENDED_GRACE_MS` while its row stayed unfinished is removed first, since re-adding an id
 * BullMQ still retains (completed or failed, kept for hours or days) is a no-op. True when it enqueued.
 * `retryFailed: false` leaves a failed job alone (for kinds whose final failure writes nothing).
 */
export async function enqueueUnlessAlive<N extends JobName>(
  queues: Queues,
  name: N,
  payload: JobPayload<N>,
  jobId: string,
  rowsReadAt: number,
  { retryFailed = true, ...opts }: EnqueueOptions & { retryFailed?: boolean },
): Promise<boolean> {
  const queue = queues.get(queueOf(name));
  const job = await queue.getJob(jobId);
  if (job) {
    const state = await job.getState();
    if (state !== 'completed' && state !== 'failed') return false;
    // A kind with no final-failure write (an embed) ends its row's story with a failed job: not lost.
    if (state === 'failed' && !retryFailed) return false;
    if ((job.finishedOn ?? 0) > rowsReadAt - ENDED_GRACE_MS) return false;
    await job.remove();
  }
  await queues.enqueue(name, payload, { ...opts, jobId });
  return true;
}
