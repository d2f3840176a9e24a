import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CsvColumn, DocumentKind } from '../../engines/documents/types';
import { accountIdColumn } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Written with `to_tsvector(<the document's config>, content)` at insert; never read back as a value. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * An uploaded document (spec 2.7), present only once ingestion finished: its passages and rows are written
 * first, and this row last, in the transaction that completes the upload. A file that failed to parse
 * never gets one, so nothing of it is visible to chat.
 */
export const documents = pgTable(
  'documents',
  {
    /** `file_…`: also the id of the upload's job row. */
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    filename: text('filename').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** The original bytes in blob storage. */
    blobKey: text('blob_key').notNull(),
    /** Postgres text search configuration of the document's language (`english`, `french`, … or `simple`). */
    searchConfig: text('search_config').notNull(),
    /** PDF pages, the last docx page, or CSV data rows. */
    pageCount: integer('page_count').notNull(),
    passageCount: integer('passage_count').notNull(),
    /** CSV only: header and column profile. */
    columns: jsonb('columns').$type<CsvColumn[]>(),
    /**
     * When every passage got its sentence vectors (the `file.embed` job, after ingestion); null until then,
     * and for CSV tables and documents not in English, which never get them.
     */
    meaningIndexedAt: ts('meaning_indexed_at'),
    /**
     * The embedder (src/engines/embeddings/embedder.ts: `local:use-lite`, `openai:<model>`) the sentence vectors
     * are made by, or being made by while `meaning_indexed_at` is null. A document of another embedder than
     * the configured one is re-embedded in the background, and answered by words meanwhile.
     */
    meaningModel: text('meaning_model'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_account_idx').on(t.accountId, t.createdAt),
    // The sweeper's look for documents whose `file.embed` job was lost: few rows, and they leave it when done.
    index('documents_unindexed_idx').on(t.createdAt).where(sql`meaning_indexed_at IS NULL AND kind <> 'csv' AND search_config = 'english'`),
    // The sweeper's look for documents of another embedder than the configured one (after a change of it).
    index('documents_meaning_model_idx').on(t.meaningModel).where(sql`kind <> 'csv' AND search_config = 'english'`),
  ],
);

/**
 * The retrievable units of a document. No foreign key to `documents`: passages are written before their
 * document row exists (see above), so they hang off the account instead, and deleting a document deletes
 * them by `document_id`.
 */
export const documentPassages = pgTable(
  'document_passages',
  {
    documentId: text('document_id').notNull(),
    accountId: accountIdColumn(),
    ordinal: integer('ordinal').notNull(),
    page: integer('page').notNull(),
    rowEnd: integer('row_end'),
    heading: text('heading'),
    content: text('content').notNull(),
    tsv: tsvector('tsv').notNull(),
    /**
     * The passage's meaning (src/engines/embeddings: DIMS int8 bytes), scored against a question in the
     * process that retrieves: there is no vector index here, and a document's vectors are small (256 bytes a
     * passage). Null for passages written before embeddings.
     */
    embedding: bytea('embedding'),
    /**
     * The embedder's vectors of the passage's heading and sentences (src/engines/embeddings/embedder.ts: the
     * built-in sentence encoder's 512 dimensions or a provider's, one int8 byte each, one vector after the
     * other), written by the `file.embed` job after ingestion. Null until then.
     */
    sentenceVectors: bytea('sentence_vectors'),
    /** The embedder whose vectors `sentence_vectors` holds (each vector int8, scaled to its largest component). */
    sentenceVectorsModel: text('sentence_vectors_model'),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.ordinal] }),
    index('document_passages_tsv_idx').using('gin', t.tsv),
    index('document_passages_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
  ],
);

/** A CSV's data rows, cells as written, so questions about the data are computed exactly by Postgres. */
export const documentRows = pgTable(
  'document_rows',
  {
    documentId: text('document_id').notNull(),
    accountId: accountIdColumn(),
    /** 1-based data row (the header is not counted). */
    rowNumber: integer('row_number').notNull(),
    cells: text('cells').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.rowNumber] })],
);
