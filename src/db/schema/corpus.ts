import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const CORPUS_DOCUMENT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type CorpusDocumentStatus = (typeof CORPUS_DOCUMENT_STATUSES)[number];

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The plagiarism reference corpus: one row per source document, addressed by URL. `account_id` null is the
 * public corpus the operator indexes; non-null is private to that account and only ever matched for it.
 * Re-adding a URL (per account, or in the public corpus) replaces the row's text and fingerprints: the two
 * partial unique indexes make the upsert idempotent per URL.
 */
export const corpusDocuments = pgTable(
  'corpus_documents',
  {
    id: text('id').primaryKey(),
    /**
     * A compact internal key the fingerprints point at (4 bytes per fingerprint row instead of a 25-byte
     * text id: the fingerprint table is the big one). Kept across re-indexing of the same URL.
     */
    key: integer('key').generatedAlwaysAsIdentity().notNull().unique('corpus_documents_key_unique'),
    /** Null: the public corpus. Otherwise private to that account; deleting the account deletes its documents. */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title'),
    /** The readable text, as indexed: passages and excerpts are computed from it. */
    text: text('text').notNull(),
    /** Whitespace-separated words of `text`. */
    wordCount: integer('word_count').notNull(),
    /** Normalised tokens (stop words dropped): fingerprint positions index into this sequence. */
    tokenCount: integer('token_count').notNull(),
    /** Hex SHA-256 of `text`: re-adding the same text under the same URL skips re-fingerprinting. */
    contentHash: text('content_hash').notNull(),
    /** Which normalisation + k/w produced the fingerprints (e.g. `v1-k5-w4`); checks only use the current one. */
    scheme: text('scheme').notNull(),
    /**
     * `ready` once fingerprinted (every public document, and what the CLI indexes); a source added through
     * `POST /v1/plagiarism/sources` is `pending` until the corpus worker fingerprints it, or `failed` (see
     * `error`). Checks only ever match `ready` documents.
     */
    status: text('status').$type<CorpusDocumentStatus>().notNull().default('ready'),
    /** Why a `failed` source could not be indexed. */
    error: text('error'),
    /** Bytes charged to the account's storage allowance for an API-added source (what was uploaded); null otherwise. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('corpus_documents_public_url_idx').on(t.url).where(sql`account_id IS NULL`),
    uniqueIndex('corpus_documents_account_url_idx').on(t.accountId, t.url).where(sql`account_id IS NOT NULL`),
    // An account's sources newest first (GET /v1/plagiarism/sources pages by (created_at, id)).
    index('corpus_documents_account_created_idx').on(t.accountId, t.createdAt, t.id).where(sql`account_id IS NOT NULL`),
  ],
);

/**
 * Winnowed fingerprints of every corpus document: ~0.4 rows per normalised token, so tens of millions of
 * rows for a large corpus. Rows are 16 bytes of data (hash 8 + doc 4 + pos 4, no padding) and have no
 * primary key; the (hash, doc_key, pos) index answers a check's lookup by index-only scan.
 */
export const corpusFingerprints = pgTable(
  'corpus_fingerprints',
  {
    /** A 52-bit k-gram hash (non-negative, exact as a JS number). */
    hash: bigint('hash', { mode: 'number' }).notNull(),
    docKey: integer('doc_key')
      .notNull()
      .references(() => corpusDocuments.key, { onDelete: 'cascade' }),
    /** Index of the k-gram's first normalised token; it covers tokens pos .. pos + k - 1. */
    pos: integer('pos').notNull(),
  },
  (t) => [index('corpus_fingerprints_hash_idx').on(t.hash, t.docKey, t.pos), index('corpus_fingerprints_doc_idx').on(t.docKey)],
);
