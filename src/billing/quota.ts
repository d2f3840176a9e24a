import type { Principal } from '../db/queries/accounts';
import type { UsageMetric } from '../db/schema';
import { currentBillingPeriod, secondsUntilPeriodEnd } from './period';
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
