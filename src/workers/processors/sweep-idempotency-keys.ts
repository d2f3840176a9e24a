import { deleteExpiredIdempotencyKeys } from '../../db/queries/idempotency';
import type { JobRun } from '../../queue/job-run';

/** Expired keys are already treated as unused where they are read; this only keeps the table small. */
export async function sweepIdempotencyKeys(ctx: JobRun): Promise<void> {
  const removed = await deleteExpiredIdempotencyKeys(ctx.rt.db);
  if (removed > 0) ctx.log.info({ removed }, 'expired idempotency keys removed');
}
