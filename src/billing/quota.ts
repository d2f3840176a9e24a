import type { DbOrTx } from '../db/client';
import { findAccountQuotas } from '../db/queries/accounts';
import { USAGE_METRICS, type UsageMetric } from '../db/schema';
import type { BillingPeriod } from './period';
import type { UsageCache } from './usage-cache';

export type UsageAgainstQuota = Record<UsageMetric, { used: number; quota: number | null }>;

/**
 * Each metric's use in `period` next to the plan's quota (null: unlimited). The totals come
 * from the same cache as GET /v1/usage, so the two always agree. Null when there is no
 * such account.
 */
export async function usageAgainstQuota(usage: UsageCache, db: DbOrTx, accountId: string, period: BillingPeriod): Promise<UsageAgainstQuota | null> {
  const [quotas, totals] = await Promise.all([findAccountQuotas(db, accountId), usage.totals(accountId, period.key)]);
  if (!quotas) return null;
  return Object.fromEntries(USAGE_METRICS.map((m) => [m, { used: totals[m], quota: quotas[m] }])) as UsageAgainstQuota;
}
