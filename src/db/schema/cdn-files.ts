import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

/** Generated files on the CDN; the sweeper deletes the blob once `expires_at` has passed. */
export const cdnFiles = pgTable(
  'cdn_files',
  {
    storageKey: text('storage_key').primaryKey(),
    accountId: accountIdColumn(),
    sourceId: text('source_id').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('cdn_files_expiry_idx').on(t.expiresAt).where(sql`deleted_at IS NULL`)],
);
