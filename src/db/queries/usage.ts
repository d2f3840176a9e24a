import { and, eq, sql } from 'drizzle-orm';
import type { BillingPeriod } from '../../billing/period';
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

/**
 * Bills `quantity` of `metric` for the result `sourceId`. Must run inside the transaction that stores
 * the result. Returns false when that source was already billed (a retried job), and then changes nothing.
 */
export async function recordUsage(
  tx: Tx,
  entry: { accountId: string; metric: UsageMetric; quantity: number; sourceId: string; periodKey: string },
): Promise<boolean> {
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
  if (inserted.length === 0) return false;
  await tx
    .insert(usageTotals)
    .values({ accountId: entry.accountId, periodStart: entry.periodKey, metric: entry.metric, total: entry.quantity })
    .onConflictDoUpdate({
      target: [usageTotals.accountId, usageTotals.periodStart, usageTotals.metric],
      set: { total: sql`${usageTotals.total} + ${entry.quantity}` },
    });
  return true;
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
