import type { Db } from '../db/client';
import type { Principal } from '../db/queries/accounts';
import { getUsageTotals } from '../db/queries/usage';
import type { UsageMetric } from '../db/schema';
import { billingPeriodOf, secondsUntilPeriodEnd } from './period';

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
export async function checkQuota(db: Db, principal: Principal, metric: UsageMetric, amount: number, now = new Date()): Promise<QuotaDecision> {
  const quota = principal.quotas[metric];
  const used = (await getUsageTotals(db, principal.accountId, billingPeriodOf(now).key))[metric];
  return { allowed: used + amount <= quota, quota, used, resetSeconds: secondsUntilPeriodEnd(now) };
}
