import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

export const USAGE_METRICS = ['text_tokens', 'images_generated', 'audio_seconds', 'file_chats', 'plagiarism_checks'] as const;
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
    /**
     * Held by requests queued but not yet billed (their usage_reservations rows). A request is admitted
     * only if total + reserved + its own amount fits the quota, in one conditional update of this row,
     * so concurrent requests queue behind its lock and together never exceed the plan.
     */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.metric] })],
);

/**
 * What one queued request holds of its period's quota until it ends: deleted (and taken off
 * usage_totals.reserved) in the transaction that bills or fails its job, so a job that ends twice
 * releases once. Keyed like the ledger: (source_id, metric).
 */
export const usageReservations = pgTable(
  'usage_reservations',
  {
    sourceId: text('source_id').notNull(),
    metric: text('metric').$type<UsageMetric>().notNull(),
    accountId: accountIdColumn(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.metric] })],
);

export const STORAGE_KINDS = ['file', 'site'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/**
 * Bytes an account stores now, per kind: a counter moved only together with storage_claims, so a
 * conditional update of this row admits or refuses an upload atomically against the plan's allowance.
 */
export const accountStorage = pgTable('account_storage', {
  accountId: accountIdColumn().primaryKey(),
  fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
  siteBytes: bigint('site_bytes', { mode: 'number' }).notNull().default(0),
});

/**
 * One row per stored thing an account is charged for: an uploaded file (`file`, its id) or a distinct
 * site file content (`site`, `blob:<sha256>`, charged once however many deployments serve it). Inserting
 * the claim is what makes charging idempotent; deleting it is what releases the bytes.
 */
export const storageClaims = pgTable(
  'storage_claims',
  {
    accountId: accountIdColumn(),
    objectId: text('object_id').notNull(),
    kind: text('kind').$type<StorageKind>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.objectId] }),
    // The orphan sweep's look at file charges by age: site contents (most rows) are never swept.
    index('storage_claims_file_age_idx').on(t.createdAt).where(sql`kind = 'file'`),
  ],
);
