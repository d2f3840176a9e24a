import { sql } from 'drizzle-orm';
import { newId } from '../../ids';
import { activeTraceCarrier } from '../../tracing/carrier';
import type { DbOrTx } from '../client';
import type { Product, UsageMetric } from '../schema';
import type { JobRow } from './jobs';

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
 * Ends a request that was answered in place (src/api/answer-in-place.ts) in one call of the database
 * function `settle_request` (migrations/0032_usage_hold_and_settle_functions.sql): its row written finished, its
 * hold released, its ledger lines and the period's totals written, the quota events of each threshold a
 * line's bill crossed (before < share × quota ≤ after, as billUsage's quotaCrossings says for a worker's bill;
 * with the quota the principal was loaded with, which the hold was checked against), and `event`, the job's
 * own — each only for the account's enabled endpoints that want it. One round trip and one commit, where a
 * worker's ending takes a transaction of five statements; nothing is written when the row exists.
 */
export async function settleRequestRow(
  db: DbOrTx,
  s: {
    row: JobRow;
    product: Product | null;
    lines: readonly { metric: UsageMetric; quantity: number }[];
    period: { key: string; startIso: string; endIso: string };
    event: { type: string; data: unknown };
    thresholds: readonly QuotaThreshold[];
    /** The account's plan quotas (null or absent: unlimited), as the request's hold was checked against them. */
    quotas: Partial<Record<UsageMetric, number | null>>;
  },
): Promise<SettledRequest> {
  const { row } = s;
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  // Each limited line's thresholds, with its quota and the id its event would take.
  const thresholds = s.lines.flatMap((l) => {
    const quota = s.quotas[l.metric];
    return quota && quota > 0 ? s.thresholds.map((t) => ({ metric: l.metric, type: t.type, share: t.share, quota, id: newId('msg') })) : [];
  });
  const completedAt = (row.completedAt ?? new Date()).toISOString();
  const [result] = await db.execute<{ stored: boolean; billed: boolean; events: number }>(sql`
    SELECT * FROM settle_request(
      ${row.id}, ${row.accountId}, ${row.keyId}, ${row.kind}, ${row.status},
      ${json(row.input)}::jsonb, ${json(row.result)}::jsonb, ${json(row.error)}::jsonb, ${row.createdAt.toISOString()}::timestamptz, ${completedAt}::timestamptz,
      ${s.product}, ${s.period.key}::date, ${s.period.startIso}, ${s.period.endIso},
      ${JSON.stringify(s.lines.map((l) => ({ metric: l.metric, quantity: l.quantity })))}::jsonb, ${JSON.stringify(thresholds)}::jsonb,
      ${newId('msg')}, ${s.event.type}, ${JSON.stringify(s.event.data)}::jsonb, ${activeTraceCarrier()})`);
  return { stored: result!.stored, billed: result!.billed, events: Number(result!.events) };
}
