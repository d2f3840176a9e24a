import { and, eq, sql } from 'drizzle-orm';
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
