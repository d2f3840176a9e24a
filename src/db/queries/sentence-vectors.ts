import { sql } from 'drizzle-orm';
import { SENTENCE_DIMS } from '../../engines/embeddings/sentence-encoder';
import type { DbOrTx } from '../client';
import { ByteBudgetCache } from './byte-budget-cache';

/** The next passages of a document still without sentence vectors (CSV row runs never get them). */
export async function passagesToEncode(db: DbOrTx, documentId: string, limit: number) {
  return db.execute<{ ordinal: number; heading: string | null; content: string; [k: string]: unknown }>(sql`
    SELECT ordinal, heading, content FROM document_passages
    WHERE document_id = ${documentId} AND sentence_vectors IS NULL AND row_end IS NULL
    ORDER BY ordinal LIMIT ${limit}`);
}

/** Writes a batch of passages' packed vectors in one statement (as hex: the driver sends no bytea arrays). */
export async function storeSentenceVectors(db: DbOrTx, documentId: string, rows: readonly { ordinal: number; vectors: Buffer }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE document_passages p SET sentence_vectors = decode(v.hex, 'hex')
    FROM unnest(${sql.param(rows.map((r) => r.ordinal))}::int[], ${sql.param(rows.map((r) => r.vectors.toString('hex')))}::text[]) AS v(ordinal, hex)
    WHERE p.document_id = ${documentId} AND p.ordinal = v.ordinal`);
}

/** Marks the document's sentence vectors complete; false when the document is gone (deleted meanwhile). */
export async function markMeaningIndexed(db: DbOrTx, documentId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    UPDATE documents SET meaning_indexed_at = coalesce(meaning_indexed_at, now()) WHERE id = ${documentId} RETURNING id`);
  return rows.length > 0;
}

/** One document's sentence vectors: passage `ordinals[i]` owns units `starts[i]` to `starts[i + 1]` of `vectors`. */
export interface SentenceVectors {
  ordinals: Int32Array;
  starts: Int32Array;
  vectors: Int8Array;
}

/** About 64 MB: the 500-page bench PDF's vectors take 12.6 MB (24,517 sentences × 512 bytes). */
const cache = new ByteBudgetCache<SentenceVectors>(64 * 1024 * 1024, (v) => v.vectors.byteLength + v.ordinals.byteLength + v.starts.byteLength);

/**
 * A document's sentence vectors, kept in this process once read. Only asked for documents whose vectors
 * are complete (`meaning_indexed_at` set), which never change afterwards, so the cache needs no
 * invalidation; least recently used documents leave first.
 */
export async function sentenceVectors(db: DbOrTx, documentId: string): Promise<SentenceVectors> {
  const hit = cache.get(documentId);
  if (hit) return hit;
  const rows = await db.execute<{ ordinal: number; sentence_vectors: Uint8Array; [k: string]: unknown }>(sql`
    SELECT ordinal, sentence_vectors FROM document_passages
    WHERE document_id = ${documentId} AND sentence_vectors IS NOT NULL ORDER BY ordinal`);
  const ordinals = new Int32Array(rows.length);
  const starts = new Int32Array(rows.length + 1);
  let units = 0;
  rows.forEach((row, i) => {
    ordinals[i] = row.ordinal;
    starts[i] = units;
    units += Math.floor(row.sentence_vectors.byteLength / SENTENCE_DIMS);
  });
  starts[rows.length] = units;
  const vectors = new Int8Array(units * SENTENCE_DIMS);
  rows.forEach((row, i) => {
    const bytes = row.sentence_vectors;
    vectors.set(new Int8Array(bytes.buffer, bytes.byteOffset, (starts[i + 1]! - starts[i]!) * SENTENCE_DIMS), starts[i]! * SENTENCE_DIMS);
  });
  const found = { ordinals, starts, vectors };
  cache.set(documentId, found);
  return found;
}

/** What the `file.embed` job needs of a document; null when it is gone. */
export async function documentToEncode(db: DbOrTx, documentId: string) {
  const [row] = await db.execute<{ kind: string; search_config: string; indexed: boolean; [k: string]: unknown }>(sql`
    SELECT kind, search_config, meaning_indexed_at IS NOT NULL AS indexed FROM documents WHERE id = ${documentId}`);
  return row ? { kind: row.kind, searchConfig: row.search_config, indexed: row.indexed } : null;
}

/** English documents still without sentence vectors, created before `before`, oldest first (the sweeper re-queues them). */
export async function findUnindexedDocuments(db: DbOrTx, before: Date, limit: number): Promise<{ id: string; accountId: string }[]> {
  const rows = await db.execute<{ id: string; account_id: string; [k: string]: unknown }>(sql`
    SELECT id, account_id FROM documents
    WHERE meaning_indexed_at IS NULL AND kind <> 'csv' AND search_config = 'english' AND created_at < ${before.toISOString()}::timestamptz
    ORDER BY created_at LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, accountId: r.account_id }));
}
