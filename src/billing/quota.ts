import type { DbOrTx } from '../db/client';
import { findAccountQuotas, type Principal } from '../db/queries/accounts';
import { USAGE_METRICS, type UsageMetric } from '../db/schema';
import { type BillingPeriod, currentBillingPeriod, secondsUntilPeriodEnd } from './period';
import type { UsageCache } from './usage-cache';

export interface QuotaDecision {
  allowed: boolean;
  quota: number;
  used: number;
  /** Whole seconds until the period (and so the quota) resets. */
  resetSeconds: number;
}

/**
 * Whether `amount` more of `metric` fits in the account's quota for this period. Checked before
 * enqueueing; the ledger written with the result is what counts.
 */
export async function checkQuota(usage: UsageCache, principal: Principal, metric: UsageMetric, amount: number, now = new Date()): Promise<QuotaDecision> {
  const quota = principal.quotas[metric];
  const used = (await usage.totals(principal.accountId, currentBillingPeriod(now.getTime()).key))[metric];
  return { allowed: used + amount <= quota, quota, used, resetSeconds: secondsUntilPeriodEnd(now) };
}

export type UsageAgainstQuota = Record<UsageMetric, { used: number; quota: number }>;

/**
 * Each metric's use in `period` next to the plan's quota: the dashboard's usage bars. The totals come
 * from the same cache as GET /v1/usage and checkQuota, so the three always agree. Null when there is no
 * such account.
 */
export async function usageAgainstQuota(usage: UsageCache, db: DbOrTx, accountId: string, period: BillingPeriod): Promise<UsageAgainstQuota | null> {
  const [quotas, totals] = await Promise.all([findAccountQuotas(db, accountId), usage.totals(accountId, period.key)]);
  if (!quotas) return null;
  return Object.fromEntries(USAGE_METRICS.map((m) => [m, { used: totals[m], quota: quotas[m] }])) as UsageAgainstQuota;
}
