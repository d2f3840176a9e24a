import { findExpiredCdnFiles, markCdnFilesDeleted } from '../../db/queries/cdn-files';
import type { JobRun } from '../../queue/job-run';

const BATCH = 500;

/** Deletes generated files whose links have expired, in batches until none are left. */
export async function sweepExpiredFiles(ctx: JobRun): Promise<void> {
  let total = 0;
  for (;;) {
    const expired = await findExpiredCdnFiles(ctx.rt.db, new Date(), BATCH);
    if (expired.length === 0) break;
    const keys = expired.map((f) => f.storageKey);
    for (const key of keys) await ctx.rt.store.delete(key);
    await markCdnFilesDeleted(ctx.rt.db, keys);
    total += keys.length;
    await ctx.job.updateProgress(total);
  }
  if (total > 0) ctx.log.info({ deleted: total }, 'expired CDN files deleted');
}
