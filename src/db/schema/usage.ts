import { bigint, bigserial, date, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

export const USAGE_METRICS = ['text_tokens', 'images_generated', 'audio_seconds', 'file_chats'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** What a ledger row was billed for: each request job kind names its product (src/queue/jobs/). */
export const PRODUCTS = ['text', 'plagiarism', 'image', 'voice', 'files'] as const;
export type Product = (typeof PRODUCTS)[number];

/**
 * Append-only record of everything billed. (source_id, metric) is unique, so a job that runs twice
 * bills once: the second insert does nothing.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    metric: text('metric').$type<UsageMetric>().notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    sourceId: text('source_id').notNull(),
    /** The API key the billed request came with (null for rows from before keys were recorded). */
    keyId: text('key_id'),
    /** The product billed: `text`, `plagiarism`, `image`, `voice`, `files` (null for rows from before). */
    product: text('product').$type<Product>(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [unique('usage_ledger_source_metric').on(t.sourceId, t.metric), index('usage_ledger_account_idx').on(t.accountId, t.periodStart)],
);

/**
 * Running totals per account, period and metric, kept in the same transaction as the ledger so that
 * reading usage and checking quota is one primary-key lookup rather than a sum over the ledger.
 */
export const usageTotals = pgTable(
  'usage_totals',
  {
    accountId: accountIdColumn(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    metric: text('metric').$type<UsageMetric>().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.metric] })],
);
