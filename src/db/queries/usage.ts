import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BillingPeriod } from '../../billing/period';
import type { Db, DbOrTx, Tx } from '../client';
import { apiKeys, PRODUCTS, type Product, USAGE_METRICS, usageLedger, usageTotals, type UsageMetric } from '../schema';

export type UsageTotals = Record<UsageMetric, number>;

export async function getUsageTotals(db: DbOrTx, accountId: string, periodKey: string): Promise<UsageTotals> {
  const rows = await db
    .select({ metric: usageTotals.metric, total: usageTotals.total })
    .from(usageTotals)
    .where(and(eq(usageTotals.accountId, accountId), eq(usageTotals.periodStart, periodKey)));
  const totals = zeroTotals();
  for (const row of rows) totals[row.metric] = Number(row.total);
  return totals;
}

/** What one ledger line did: the period's new total and the plan's quota (null: unlimited). */
export interface LedgerLine {
  total: number;
  quota: number | null;
}

/** Each plan's quota column per metric (fixed names, so safe to write into the statement). */
const QUOTA_COLUMNS = {
  text_tokens: sql.raw('p.quota_text_tokens'),
  images_generated: sql.raw('p.quota_images_generated'),
  audio_seconds: sql.raw('p.quota_audio_seconds'),
  file_chats: sql.raw('p.quota_file_chats'),
  plagiarism_checks: sql.raw('p.quota_plagiarism_checks'),
} satisfies Record<UsageMetric, unknown>;

/**
 * Writes one ledger line for the result `sourceId` and adds it to the period's total. Must run inside the
 * transaction that stores the result. Returns null when that source was already billed (a retried job), and
 * then changes nothing.
 */
export async function insertUsageLine(
  tx: Tx,
  entry: {
    accountId: string;
    /** The API key the billed request came with; null when no key asked for it. */
    keyId: string | null;
    /** The job kind's product (src/queue/jobs/); null only for rows that have none. */
    product: Product | null;
    metric: UsageMetric;
    quantity: number;
    sourceId: string;
    periodKey: string;
  },
): Promise<LedgerLine | null> {
  const inserted = await tx
    .insert(usageLedger)
    .values({
      accountId: entry.accountId,
      keyId: entry.keyId,
      product: entry.product,
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
  return { total: Number(row!.total), quota: row!.quota === null ? null : Number(row!.quota) };
}

/** A refused reservation: what the period's row held when it said no. */
export interface RefusedReservation {
  used: number;
  reserved: number;
}

/**
 * Holds `quantity` of `metric` for the request `sourceId` if the period's billed total, what other requests
 * hold and this amount together fit `quota` (always, when it is null: unlimited); else changes nothing and
 * says what was held. One statement (the function hold_usage): a conditional upsert of the (account, period,
 * metric) row — concurrent callers wait on its row lock and each sees the others' reservations, so no
 * interleaving admits more than the quota — and, only when it admitted, the reservation row. Run it in the transaction that writes the
 * request's job row, so a job never exists without its reservation (or alone, for a request answered in
 * place: src/api/answer-in-place.ts).
 */
export async function reserveUsage(
  db: DbOrTx,
  r: { accountId: string; metric: UsageMetric; quantity: number; quota: number | null; sourceId: string; periodKey: string },
): Promise<RefusedReservation | null> {
  // A null quota (unlimited) admits everything; the hold is still recorded, so the bill releases it alike.
  // The database function hold_usage (migrations/0032_usage_hold_and_settle_functions.sql) keeps its plans per connection.
  const [row] = await db.execute<{ held: boolean }>(
    sql`SELECT hold_usage(${r.accountId}, ${r.periodKey}::date, ${r.metric}, ${r.quantity}::bigint, ${r.quota}::bigint, ${r.sourceId}) AS held`,
  );
  if (row!.held) return null;
  // Refused: what the row holds now, read afresh (the statement's own snapshot predates the holds it waited for).
  const [now] = await db
    .select({ total: usageTotals.total, reserved: usageTotals.reserved })
    .from(usageTotals)
    .where(and(eq(usageTotals.accountId, r.accountId), eq(usageTotals.periodStart, r.periodKey), eq(usageTotals.metric, r.metric)));
  return { used: Number(now?.total ?? 0), reserved: Number(now?.reserved ?? 0) };
}

/**
 * Gives back what the request `sourceId` holds (in the period it reserved in), whether it is about to be
 * billed or has failed. Deleting the reservation row is what releases, so a second call, from a job that
 * ends twice, releases nothing. Returns how much was released.
 */
export async function releaseReservation(tx: Tx, sourceId: string): Promise<number> {
  const rows = await tx.execute<{ quantity: string }>(sql`
    WITH r AS (DELETE FROM usage_reservations WHERE source_id = ${sourceId} RETURNING account_id, period_start, metric, quantity)
    UPDATE usage_totals t SET reserved = t.reserved - r.quantity FROM r
    WHERE t.account_id = r.account_id AND t.period_start = r.period_start AND t.metric = r.metric
    RETURNING r.quantity`);
  return rows.reduce((n, row) => n + Number(row.quantity), 0);
}

/** A hold given back because nothing can bill it any more. */
export interface ReleasedHold {
  sourceId: string;
  accountId: string;
  metric: UsageMetric;
  quantity: number;
}

/**
 * Gives back holds taken before `before` whose request has no queued or running row: a web process that
 * answered a request in place (src/api/answer-in-place.ts) holds the quota before its row exists and died
 * before the bill. Every other hold is taken with its row, and every row that ends releases its hold in
 * the same transaction, so such a hold can never be billed. Several holds of one account, period and metric
 * are summed before `reserved` is lowered (an UPDATE … FROM applies one joined row per target row); the
 * data-modifying CTEs run whether or not the final SELECT reads them.
 */
export async function releaseOrphanReservations(db: DbOrTx, before: Date, limit: number): Promise<ReleasedHold[]> {
  const rows = await db.execute<{ source_id: string; account_id: string; metric: UsageMetric; quantity: string }>(sql`
    WITH r AS (
      DELETE FROM usage_reservations
      WHERE (source_id, metric) IN (
        SELECT o.source_id, o.metric FROM usage_reservations o
        WHERE o.created_at < ${before.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = o.source_id AND j.status IN ('queued', 'running'))
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING source_id, account_id, period_start, metric, quantity),
    s AS (SELECT account_id, period_start, metric, sum(quantity) AS quantity FROM r GROUP BY account_id, period_start, metric),
    u AS (
      UPDATE usage_totals t SET reserved = t.reserved - s.quantity FROM s
      WHERE t.account_id = s.account_id AND t.period_start = s.period_start AND t.metric = s.metric)
    SELECT source_id, account_id, metric, quantity FROM r`);
  return rows.map((row) => ({ sourceId: row.source_id, accountId: row.account_id, metric: row.metric, quantity: Number(row.quantity) }));
}

const zeroTotals = (): UsageTotals => Object.fromEntries(USAGE_METRICS.map((m) => [m, 0])) as UsageTotals;

/**
 * Each metric's sum over the account's ledger rows of the period, per value of `group`: one grouped query
 * (usage_ledger_account_idx). Every breakdown of usage is this query with another `group`.
 */
async function sumLedgerBy<G extends string | null>(db: DbOrTx, accountId: string, periodKey: string, group: SQL<G>): Promise<Map<G, UsageTotals>> {
  const rows = await db
    .select({ group, metric: usageLedger.metric, total: sql<string>`sum(${usageLedger.quantity})` })
    .from(usageLedger)
    .where(and(eq(usageLedger.accountId, accountId), eq(usageLedger.periodStart, periodKey)))
    .groupBy(group, usageLedger.metric);
  const sums = new Map<G, UsageTotals>();
  for (const row of rows) {
    let totals = sums.get(row.group);
    if (!totals) sums.set(row.group, (totals = zeroTotals()));
    if (row.metric in totals) totals[row.metric] += Number(row.total);
  }
  return sums;
}

export interface UsagePerDay {
  /** Every UTC day (`YYYY-MM-DD`) of the period up to today, or to its last day once it is over. */
  days: string[];
  /** Per metric, the quantity billed on each of `days` (same index), zeros included. */
  series: Record<UsageMetric, number[]>;
}

const DAY_MS = 86_400_000;

/**
 * Each metric's total per UTC day of `period`: the dashboard's chart and `GET /v1/usage?group_by=day`.
 * The days with nothing billed are filled in here, not in SQL.
 */
export async function usagePerDay(db: DbOrTx, accountId: string, period: BillingPeriod, now = new Date()): Promise<UsagePerDay> {
  const lastDay = Math.min(period.end.getTime() - DAY_MS, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const days: string[] = [];
  for (let t = period.start.getTime(); t <= lastDay; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  const series = Object.fromEntries(USAGE_METRICS.map((m) => [m, days.map(() => 0)])) as Record<UsageMetric, number[]>;
  if (days.length === 0) return { days, series };

  const perDay = await sumLedgerBy(db, accountId, period.key, sql<string>`to_char(${usageLedger.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  const index = new Map(days.map((d, i) => [d, i]));
  for (const [day, totals] of perDay) {
    // The worker picks the period from its own clock and the row's created_at comes from Postgres's, so a
    // row billed at a month's last instant can carry the next day's date: it is counted on the nearest day
    // shown, so that the days add up to the period's total.
    const i = index.get(day) ?? (day < days[0]! ? 0 : days.length - 1);
    for (const metric of USAGE_METRICS) series[metric][i]! += totals[metric];
  }
  return { days, series };
}

export interface KeyUsage {
  /** Null for rows billed before keys were recorded. */
  keyId: string | null;
  label: string | null;
  /** The key's first characters, as key listings show them. */
  prefix: string | null;
  usage: UsageTotals;
}

/**
 * Each metric's total per API key in the period, for the keys that were billed (revoked ones too), oldest
 * key first; the rows from before keys were recorded come last, as key null.
 */
export async function usagePerKey(db: DbOrTx, accountId: string, period: BillingPeriod): Promise<KeyUsage[]> {
  const perKey = await sumLedgerBy(db, accountId, period.key, sql<string | null>`${usageLedger.keyId}`);
  const ids = [...perKey.keys()].filter((id): id is string => id !== null);
  const keys =
    ids.length === 0
      ? []
      : await db
          .select({ id: apiKeys.id, label: apiKeys.label, prefix: apiKeys.displayPrefix, createdAt: apiKeys.createdAt })
          .from(apiKeys)
          .where(and(eq(apiKeys.accountId, accountId), inArray(apiKeys.id, ids)))
          .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  const known = new Set(keys.map((k) => k.id));
  const rows: KeyUsage[] = keys.map((k) => ({ keyId: k.id, label: k.label, prefix: k.prefix, usage: perKey.get(k.id)! }));
  // A key id the account does not have (cannot happen while keys are never deleted) still counts, unnamed.
  for (const id of ids.sort()) if (!known.has(id)) rows.push({ keyId: id, label: null, prefix: null, usage: perKey.get(id)! });
  const keyless = perKey.get(null);
  if (keyless) rows.push({ keyId: null, label: null, prefix: null, usage: keyless });
  return rows;
}

export interface ProductUsage {
  /** Null for rows billed before products were recorded. */
  product: Product | null;
  usage: UsageTotals;
}

/** Each metric's total per product in the period, for the products that were billed, in PRODUCTS order; null last. */
export async function usagePerProduct(db: DbOrTx, accountId: string, period: BillingPeriod): Promise<ProductUsage[]> {
  const perProduct = await sumLedgerBy(db, accountId, period.key, sql<Product | null>`${usageLedger.product}`);
  const order = (p: Product | null) => (p === null ? PRODUCTS.length : PRODUCTS.indexOf(p));
  return [...perProduct]
    .map(([product, usage]) => ({ product, usage }))
    .sort((a, b) => order(a.product) - order(b.product) || String(a.product).localeCompare(String(b.product)));
}

export const USAGE_GROUPINGS = ['day', 'key', 'product'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

export type UsageBreakdown = { totals: UsageTotals } & (
  | { groupBy: 'day'; perDay: UsagePerDay }
  | { groupBy: 'key'; perKey: KeyUsage[] }
  | { groupBy: 'product'; perProduct: ProductUsage[] }
);

/**
 * The period's totals with one breakdown of them, read in one snapshot (a read-only repeatable-read
 * transaction): the ledger and the totals are written in one transaction, so in one snapshot the parts
 * add up to the totals exactly, even while jobs are being billed. GET /v1/usage?group_by=… and the
 * dashboard's overview both read usage through this.
 */
export async function usageBreakdown<G extends UsageGrouping>(
  db: Db,
  accountId: string,
  period: BillingPeriod,
  groupBy: G,
  now = new Date(),
): Promise<Extract<UsageBreakdown, { groupBy: G }>> {
  return db.transaction(
    async (tx): Promise<UsageBreakdown> => {
      const totals = await getUsageTotals(tx, accountId, period.key);
      switch (groupBy) {
        case 'day':
          return { totals, groupBy, perDay: await usagePerDay(tx, accountId, period, now) };
        case 'key':
          return { totals, groupBy, perKey: await usagePerKey(tx, accountId, period) };
        case 'product':
          return { totals, groupBy, perProduct: await usagePerProduct(tx, accountId, period) };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  ) as Promise<Extract<UsageBreakdown, { groupBy: G }>>;
}
