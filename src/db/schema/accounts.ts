import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each `quota_*` column is one metered metric's allowance per billing period; NULL means unlimited (no
 * reservation is ever refused, and the usage report shows `limit: null`).
 */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  /** What people read ("Pro"); null shows the id with a capital letter. */
  name: text('name'),
  rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
  quotaTextTokens: bigint('quota_text_tokens', { mode: 'number' }),
  quotaImagesGenerated: bigint('quota_images_generated', { mode: 'number' }),
  quotaAudioSeconds: bigint('quota_audio_seconds', { mode: 'number' }),
  quotaFileChats: bigint('quota_file_chats', { mode: 'number' }),
  /** Plagiarism checks per billing period (one per POST /v1/plagiarism/check that succeeds). */
  quotaPlagiarismChecks: bigint('quota_plagiarism_checks', { mode: 'number' }).default(100),
  /** Bytes the account may keep stored at once: uploaded files plus hosted sites' files (not per period). */
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(104_857_600),
  features: text('features').array().notNull(),
});

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  /** Requests per minute for this account instead of the plan's. */
  rateLimitOverride: integer('rate_limit_override'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** The owning account: every account-scoped table has it, and deleting the account deletes the rows. */
export const accountIdColumn = () =>
  text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    label: text('label').notNull(),
    /** First characters of the key, shown in listings so a person can tell keys apart. */
    displayPrefix: text('display_prefix').notNull(),
    /** Hex SHA-256 of the whole key; the key itself is never stored. */
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    /** Written in batches, at most once a minute per key and process: never on the request's own path. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    /** Products the key may call (`text`, `image`, …); null means every product of the plan. */
    scopes: text('scopes').array(),
    /** After this the key answers 401, as a revoked one does. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    /** Requests per minute for this key, below its account's. */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId)],
);
