import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import type { Product, UsageMetric } from '../schema';
import type { JobRow } from './jobs';
import { newId } from '../../ids';
import { activeTraceCarrier } from '../../tracing/carrier';

export interface SettledRequest {
  /** False when a row with the request's id existed: then nothing at all was written. */
  stored: boolean;
  /** Whether a ledger line was written. */
  billed: boolean;
  /** How many webhook events were written: the job's, and the quota thresholds the bill crossed. */
  events: number;
}

/** A share of the plan's quota whose crossing by a bill records a webhook event (billing/bill-usage.ts names them). */
export interface QuotaThreshold {
  type: 'usage.quota_warning' | 'usage.quota_exceeded';
  share: number;
}

/**
 * Ends a request that was answered in place (src/api/answer-in-place.ts) in one statement: its row written
 * finished, its hold released, its ledger lines written and the period's totals moved (the bill added and
 * the hold taken off in one upsert of each row: a statement may change a row only once), its job event
 * (`event`: webhookEventInsert's statement) written, and the quota events of each threshold the bill
 * crossed (before < share × quota ≤ after, as billUsage's quotaCrossings says for a worker's bill; the quota
 * the principal was loaded with, which the hold was checked against) for the enabled endpoints that want them. One round trip, one plan and one commit, where a worker's
 * ending takes a transaction of five statements or more: on POST /v1/chat/completions those cost more than
 * everything else Kiln does for the request. Everything is conditional on the row being new, so a second
 * settle writes nothing.
 */
export async function settleRequestRow(
  db: DbOrTx,
  s: {
    row: JobRow;
    product: Product | null;
    lines: readonly { metric: UsageMetric; quantity: number }[];
    period: { key: string; startIso: string; endIso: string };
    event: (when: SQL) => SQL;
    thresholds: readonly QuotaThreshold[];
    /** The account's plan quotas (null or absent: unlimited), as the request's hold was checked against them. */
    quotas: Partial<Record<UsageMetric, number | null>>;
  },
): Promise<SettledRequest> {
  const { row } = s;
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const lines = s.lines.length
    ? sql.join(
        s.lines.map((l) => sql`(${l.metric}::text, ${l.quantity}::bigint)`),
        sql`, `,
      )
    : sql`(NULL::text, NULL::bigint)`;
  // Each limited line's thresholds, with the quota the hold was checked against and the id its event would take.
  const limited = s.lines.filter((l) => (s.quotas[l.metric] ?? 0) > 0);
  const thresholds = limited.length
    ? sql.join(
        limited.flatMap((l) =>
          s.thresholds.map((t) => sql`(${l.metric}::text, ${t.type}::text, ${t.share}::numeric, ${s.quotas[l.metric]}::bigint, ${newId('msg')}::text)`),
        ),
        sql`, `,
      )
    : sql`(NULL::text, NULL::text, NULL::numeric, NULL::bigint, NULL::text)`;
  const [result] = await db.execute<{ stored: boolean; billed: boolean; events: string }>(sql`
    WITH job AS (
      INSERT INTO jobs (id, account_id, key_id, kind, status, input, result, error, attempts, created_at, updated_at, completed_at)
      VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${row.kind}, ${row.status}, ${json(row.input)}::jsonb, ${json(row.result)}::jsonb,
        ${json(row.error)}::jsonb, ${row.attempts}, ${row.createdAt.toISOString()}::timestamptz, ${row.updatedAt.toISOString()}::timestamptz,
        ${row.completedAt?.toISOString() ?? null}::timestamptz)
      ON CONFLICT (id) DO NOTHING
      RETURNING id),
    released AS (
      DELETE FROM usage_reservations WHERE source_id = ${row.id} AND EXISTS (SELECT 1 FROM job)
      RETURNING metric, period_start, quantity),
    line AS (
      INSERT INTO usage_ledger (account_id, key_id, product, metric, quantity, source_id, period_start)
      SELECT ${row.accountId}, ${row.keyId}, ${s.product}, l.metric, l.quantity, ${row.id}, ${s.period.key}::date
      FROM (VALUES ${lines}) AS l(metric, quantity)
      WHERE l.metric IS NOT NULL AND EXISTS (SELECT 1 FROM job)
      ON CONFLICT (source_id, metric) DO NOTHING
      RETURNING metric, quantity),
    change AS (
      SELECT metric, period_start, sum(billed)::bigint AS billed, sum(held)::bigint AS held
      FROM (
        SELECT metric, ${s.period.key}::date AS period_start, quantity AS billed, 0::bigint AS held FROM line
        UNION ALL
        SELECT metric, period_start, 0::bigint, quantity FROM released) c
      GROUP BY metric, period_start),
    totals AS (
      INSERT INTO usage_totals AS t (account_id, period_start, metric, total, reserved)
      SELECT ${row.accountId}, period_start, metric, billed, -held FROM change
      ON CONFLICT (account_id, period_start, metric) DO UPDATE SET total = t.total + EXCLUDED.total, reserved = t.reserved + EXCLUDED.reserved
      RETURNING t.metric, t.period_start, t.total),
    event AS (${s.event(sql`EXISTS (SELECT 1 FROM job)`)}),
    crossed AS (
      SELECT x.id, x.type, l.metric, t.total, x.quota
      FROM line l
      JOIN totals t ON t.metric = l.metric AND t.period_start = ${s.period.key}::date
      JOIN (VALUES ${thresholds}) AS x(metric, type, share, quota, id) ON x.metric = l.metric
      WHERE t.total - l.quantity < x.share * x.quota AND x.share * x.quota <= t.total),
    quota_events AS (
      INSERT INTO webhook_events (id, account_id, type, data, trace_context)
      SELECT c.id, ${row.accountId}, c.type,
        jsonb_build_object('metric', c.metric, 'used', c.total, 'quota', c.quota, 'period_start', ${s.period.startIso}::text, 'period_end', ${s.period.endIso}::text),
        ${activeTraceCarrier()}
      FROM crossed c
      WHERE EXISTS (
        SELECT 1 FROM webhook_endpoints e
        WHERE e.account_id = ${row.accountId} AND e.disabled_at IS NULL AND (cardinality(e.event_types) = 0 OR c.type = ANY(e.event_types)))
      RETURNING id)
    SELECT
      EXISTS (SELECT 1 FROM job) AS stored,
      EXISTS (SELECT 1 FROM line) AS billed,
      (SELECT count(*) FROM event) + (SELECT count(*) FROM quota_events) AS events`);
  return { stored: result!.stored, billed: result!.billed, events: Number(result!.events) };
}
