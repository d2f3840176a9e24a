import { announceStorageChange } from '../../billing/usage-cache';
import { releaseOrphanFileClaims } from '../../db/queries/storage';
import type { JobRun } from '../../queue/job-run';

/** Far past the moments between charging an upload and writing its job row. */
const ORPHAN_AGE_MS = 3_600_000;

/** Gives back the storage charged for uploads that never became a file (their process died on the way). */
export async function sweepOrphanStorage(ctx: JobRun): Promise<void> {
  const accounts = await releaseOrphanFileClaims(ctx.rt.db, new Date(Date.now() - ORPHAN_AGE_MS));
  for (const accountId of accounts) await announceStorageChange(ctx.rt, accountId);
  if (accounts.length > 0) ctx.log.info({ accounts: accounts.length }, 'storage of orphaned uploads released');
}
