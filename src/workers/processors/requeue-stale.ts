import { findStaleJobs } from '../../db/queries/jobs';
import { isJobName, type RequestJobName } from '../../queue/registry';
import type { ProcessorContext } from '../context';

const QUEUED_GRACE_MS = 30_000;
const RUNNING_GRACE_MS = 15 * 60_000;
const BATCH = 500;

/**
 * Re-enqueues rows whose job was lost. Safe to run anywhere, any number of times: the row id is the
 * BullMQ jobId, so a job that still exists is not added twice.
 */
export async function requeueStaleJobs(ctx: ProcessorContext): Promise<void> {
  const now = Date.now();
  const stale = await findStaleJobs(ctx.rt.db, new Date(now - QUEUED_GRACE_MS), new Date(now - RUNNING_GRACE_MS), BATCH);
  for (const row of stale) {
    if (!isJobName(row.kind)) continue;
    await ctx.rt.queues.enqueue(row.kind as RequestJobName, { id: row.id }, { jobId: row.id });
  }
  if (stale.length > 0) ctx.log.info({ count: stale.length }, 're-enqueued stale jobs');
}
