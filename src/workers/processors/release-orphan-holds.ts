import { announceUsageChange } from '../../billing/usage-cache';
import { releaseOrphanReservations } from '../../db/queries/usage';
import type { JobRun } from '../../queue/job-run';

/**
 * Far past the longest call answered in place (the text provider's timeout, 120 s, and the bill's
 * transaction), so that no live call loses its hold.
 */
export const ORPHAN_HOLD_AGE_MS = 10 * 60_000;
const BATCH = 1_000;

/** Gives back quota held by requests that died before they were billed (see releaseOrphanReservations). */
export async function releaseOrphanHolds(ctx: JobRun, _payload?: unknown, now = Date.now()): Promise<number> {
  const released = await releaseOrphanReservations(ctx.rt.db, new Date(now - ORPHAN_HOLD_AGE_MS), BATCH);
  const accounts = new Set(released.map((h) => h.accountId));
  for (const accountId of accounts) {
    await announceUsageChange(ctx.rt.redis, ctx.rt.channels.usageChanged, accountId).catch(() => {});
  }
  if (released.length > 0) ctx.log.warn({ holds: released.length, accounts: accounts.size }, 'released quota held by requests that were never billed');
  return released.length;
}
