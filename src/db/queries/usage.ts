import { and, eq, sql } from 'drizzle-orm';
import { type BillingPeriod, billingPeriodOf } from '../../billing/period';
import { recordWebhookEvent } from '../../webhooks/outbox';
import type { DbOrTx, Tx } from '../client';
import { USAGE_METRICS, usageLedger, usageTotals, type UsageMetric } from '../schema';

export type UsageTotals = Record<UsageMetric, number>;

export async function getUsageTotals(db: DbOrTx, accountId: string, periodKey: string): Promise<UsageTotals> {
  const rows = await db
    .select({ metric: usageTotals.metric, total: usageTotals.total })
    .from(usageTotals)
    .where(and(eq(usageTotals.accountId, accountId), eq(usageTotals.periodStart, periodKey)));
  const totals = Object.fromEntries(USAGE_METRICS.map((m) => [m, 0])) as UsageTotals;
  for (const row of rows) totals[row.metric] = Number(row.total);
  return totals;
}

/** What one ledger line did: the period's new total, the plan's quota, and the quota events it recorded. */
export interface BilledUsage {
  total: number;
  quota: number | null;
  events: number;
}

/** Each plan's quota column per metric (fixed names, so safe to write into the statement). */
const QUOTA_COLUMNS = {
  text_tokens: sql.raw('p.quota_text_tokens'),
  images_generated: sql.raw('p.quota_images_generated'),
  audio_seconds: sql.raw('p.quota_audio_seconds'),
  file_chats: sql.raw('p.quota_file_chats'),
} satisfies Record<UsageMetric, unknown>;

/** Warned at this share of the quota; `usage.quota_exceeded` at all of it. */
export const QUOTA_WARNING_SHARE = 0.8;

/**
 * Bills `quantity` of `metric` for the result `sourceId`. Must run inside the transaction that stores
 * the result. Returns null when that source was already billed (a retried job), and then changes nothing.
 * When the line takes the period's total across 80 % or 100 % of the plan's quota, records
 * `usage.quota_warning` / `usage.quota_exceeded` in the same transaction: once per metric and period,
 * since the total only grows and only the line that crosses (before < threshold ≤ after) records it.
 */
export async function recordUsage(
  tx: Tx,
  entry: { accountId: string; metric: UsageMetric; quantity: number; sourceId: string; periodKey: string },
): Promise<BilledUsage | null> {
  const inserted = await tx
    .insert(usageLedger)
    .values({
      accountId: entry.accountId,
      metric: entry.metric,
      quantity: entry.quantity,
      sourceId: entry.sourceId,
      periodStart: entry.periodKey,
    })
    .onConflictDoNothing({ target: [usageLedger.sourceId, usageLedger.metric] })
    .returning({ id: usageLedger.id });
  if (inserted.length === 0) return null;
  // The quota comes back with the new total: no extra round trip on the billing path.
  const [row] = await tx
    .insert(usageTotals)
    .values({ accountId: entry.accountId, periodStart: entry.periodKey, metric: entry.metric, total: entry.quantity })
    .onConflictDoUpdate({
      target: [usageTotals.accountId, usageTotals.periodStart, usageTotals.metric],
      set: { total: sql`${usageTotals.total} + ${entry.quantity}` },
    })
    .returning({
      total: usageTotals.total,
      quota: sql<string | null>`(SELECT ${QUOTA_COLUMNS[entry.metric]} FROM plans p JOIN accounts a ON a.plan_id = p.id WHERE a.id = ${entry.accountId})`,
    });
  const after = Number(row!.total);
  const quota = row!.quota === null ? null : Number(row!.quota);
  let events = 0;
  if (quota !== null && quota > 0) {
    const before = after - entry.quantity;
    const period = billingPeriodOf(new Date(`${entry.periodKey}T00:00:00Z`));
    const data = { metric: entry.metric, used: after, quota, period_start: period.startIso, period_end: period.endIso };
    const crossed = (threshold: number) => before < threshold && threshold <= after;
    if (crossed(quota * QUOTA_WARNING_SHARE) && (await recordWebhookEvent(tx, { accountId: entry.accountId, type: 'usage.quota_warning', data }))) events++;
    if (crossed(quota) && (await recordWebhookEvent(tx, { accountId: entry.accountId, type: 'usage.quota_exceeded', data }))) events++;
  }
  return { total: after, quota, events };
}

export interface UsagePerDay {
  /** Every UTC day (`YYYY-MM-DD`) of the period up to today, or to its last day once it is over. */
  days: string[];
  /** Per metric, the quantity billed on each of `days` (same index), zeros included. */
  series: Record<UsageMetric, number[]>;
}

const DAY_MS = 86_400_000;

/**
 * Each metric's total per UTC day of `period`, for the dashboard's chart. One grouped query over the
 * account's ledger rows of that period (usage_ledger_account_idx); the days with nothing billed are
 * filled in here, not in SQL.
 */
export async function usagePerDay(db: DbOrTx, accountId: string, period: BillingPeriod, now = new Date()): Promise<UsagePerDay> {
  const lastDay = Math.min(period.end.getTime() - DAY_MS, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const days: string[] = [];
  for (let t = period.start.getTime(); t <= lastDay; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  const series = Object.fromEntries(USAGE_METRICS.map((m) => [m, days.map(() => 0)])) as Record<UsageMetric, number[]>;
  if (days.length === 0) return { days, series };

  const day = sql<string>`to_char(${usageLedger.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, metric: usageLedger.metric, total: sql<string>`sum(${usageLedger.quantity})` })
    .from(usageLedger)
    .where(and(eq(usageLedger.accountId, accountId), eq(usageLedger.periodStart, period.key)))
    .groupBy(day, usageLedger.metric);

  const index = new Map(days.map((d, i) => [d, i]));
  for (const row of rows) {
    const values = series[row.metric];
    if (!values) continue;
    // The worker picks the period from its own clock and the row's created_at comes from Postgres's, so a
    // row billed at a month's last instant can carry the next day's date: it is counted on the nearest day
    // shown, so that the days add up to the period's total.
    const i = index.get(row.day) ?? (row.day < days[0]! ? 0 : days.length - 1);
    values[i]! += Number(row.total);
  }
  return { days, series };
}
