import type { Tx } from '../db/client';
import { insertUsageLine } from '../db/queries/usage';
import type { QuotaThreshold } from '../db/queries/settle-request';
import { recordWebhookEvent } from '../webhooks/outbox';
import { billingPeriodOf } from './period';

/** Warned at this share of the quota; `usage.quota_exceeded` at all of it. */
export const QUOTA_WARNING_SHARE = 0.8;

/** What one bill did: the period's new total, the plan's quota, and the quota events it recorded. */
export interface BilledUsage {
  total: number;
  quota: number | null;
  events: number;
}

/** The events a bill records when it takes the period's total across each share of the quota, in order. */
export const QUOTA_THRESHOLDS: readonly QuotaThreshold[] = [
  { type: 'usage.quota_warning', share: QUOTA_WARNING_SHARE },
  { type: 'usage.quota_exceeded', share: 1 },
];

/** The quota events a total that grew from `before` to `after` owes: each threshold it crossed (before < t ≤ after). */
export function quotaCrossings(before: number, after: number, quota: number | null): QuotaThreshold['type'][] {
  if (quota === null || quota <= 0) return [];
  return QUOTA_THRESHOLDS.filter(({ share }) => before < quota * share && quota * share <= after).map((t) => t.type);
}

/**
 * Bills `quantity` of `metric` for the result `sourceId`, inside the transaction that stores the result. Null
 * when that source was already billed (a retried job). When the bill takes the period's total across 80 % or
 * 100 % of the plan's quota, records `usage.quota_warning` / `usage.quota_exceeded` in the same transaction:
 * once per metric and period, since the total only grows and only the bill that crosses records it.
 */
export async function billUsage(tx: Tx, entry: Parameters<typeof insertUsageLine>[1]): Promise<BilledUsage | null> {
  const line = await insertUsageLine(tx, entry);
  if (!line) return null;
  const period = billingPeriodOf(new Date(`${entry.periodKey}T00:00:00Z`));
  let events = 0;
  for (const type of quotaCrossings(line.total - entry.quantity, line.total, line.quota)) {
    const data = { metric: entry.metric, used: line.total, quota: line.quota!, period_start: period.startIso, period_end: period.endIso };
    if (await recordWebhookEvent(tx, { accountId: entry.accountId, type, data })) events++;
  }
  return { ...line, events };
}
