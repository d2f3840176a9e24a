import { sql } from 'drizzle-orm';
import { packedNorms } from '../../engines/embeddings/sentence-encoder';
import type { DbOrTx } from '../client';
import { ByteBudgetCache } from './byte-budget-cache';

/** The next passages of a document still without sentence vectors of `model` (CSV row runs never get them). */
export async function passagesToEncode(db: DbOrTx, documentId: string, model: string, limit: number) {
  return db.execute<{ ordinal: number; heading: string | null; content: string; [k: string]: unknown }>(sql`
    SELECT ordinal, heading, content FROM document_passages
    WHERE document_id = ${documentId} AND row_end IS NULL
      AND (sentence_vectors IS NULL OR sentence_vectors_model IS DISTINCT FROM ${model})
    ORDER BY ordinal LIMIT ${limit}`);
}

/** Writes a batch of passages' packed vectors of `model` in one statement (as hex: the driver sends no bytea arrays). */
export async function storeSentenceVectors(
  db: DbOrTx,
  documentId: string,
  model: string,
  rows: readonly { ordinal: number; vectors: Buffer }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE document_passages p SET sentence_vectors = decode(v.hex, 'hex'), sentence_vectors_model = ${model}
    FROM unnest(${sql.param(rows.map((r) => r.ordinal))}::int[], ${sql.param(rows.map((r) => r.vectors.toString('hex')))}::text[]) AS v(ordinal, hex)
    WHERE p.document_id = ${documentId} AND p.ordinal = v.ordinal`);
}

/**
 * Starts the document's sentence vectors over with `model` (its vectors are of another one): not indexed
 * until every passage has vectors of `model`, so questions meanwhile go by words rather than compare a
 * question with vectors of another model. False when the document is gone.
 */
export async function switchMeaningModel(db: DbOrTx, documentId: string, model: string): Promise<boolean> {
  const rows = await db.execute(sql`
    UPDATE documents SET meaning_model = ${model}, meaning_indexed_at = NULL WHERE id = ${documentId} RETURNING id`);
  return rows.length > 0;
}

/**
 * Marks the document's sentence vectors of `model` complete; false when the document is gone (deleted
 * meanwhile) or meanwhile switched to another model.
 */
export async function markMeaningIndexed(db: DbOrTx, documentId: string, model: string): Promise<boolean> {
  const rows = await db.execute(sql`
    UPDATE documents SET meaning_indexed_at = coalesce(meaning_indexed_at, now())
    WHERE id = ${documentId} AND meaning_model = ${model} RETURNING id`);
  return rows.length > 0;
}

/** One document's sentence vectors: passage `ordinals[i]` owns units `starts[i]` to `starts[i + 1]` of `vectors`. */
export interface SentenceVectors {
  /** Bytes a vector. */
  dims: number;
  ordinals: Int32Array;
  starts: Int32Array;
  vectors: Int8Array;
  /** Each unit's vector norm (see `bestCosine`). */
  norms: Float32Array;
}

/** About 64 MB: the 500-page bench PDF's vectors take 12.6 MB (24,517 sentences × 512 bytes). */
const cache = new ByteBudgetCache<SentenceVectors>(
  64 * 1024 * 1024,
  (v) => v.vectors.byteLength + v.ordinals.byteLength + v.starts.byteLength + v.norms.byteLength,
);

/**
 * A document's sentence vectors of `model` (`dims` bytes each), kept in this process once read. Only asked
 * for documents whose vectors of that model are complete (`meaning_indexed_at` set), which never change
 * afterwards (a change of model is another cache key), so the cache needs no invalidation; least recently
 * used documents leave first.
 */
export async function sentenceVectors(db: DbOrTx, documentId: string, model: string, dims: number): Promise<SentenceVectors> {
  const key = `${documentId}\u0000${model}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rows = await db.execute<{ ordinal: number; sentence_vectors: Uint8Array; [k: string]: unknown }>(sql`
    SELECT ordinal, sentence_vectors FROM document_passages
    WHERE document_id = ${documentId} AND sentence_vectors IS NOT NULL AND sentence_vectors_model = ${model} ORDER BY ordinal`);
  const ordinals = new Int32Array(rows.length);
  const starts = new Int32Array(rows.length + 1);
  let units = 0;
  rows.forEach((row, i) => {
    ordinals[i] = row.ordinal;
    starts[i] = units;
    units += Math.floor(row.sentence_vectors.byteLength / dims);
  });
  starts[rows.length] = units;
  const vectors = new Int8Array(units * dims);
  rows.forEach((row, i) => {
    const bytes = row.sentence_vectors;
    vectors.set(new Int8Array(bytes.buffer, bytes.byteOffset, (starts[i + 1]! - starts[i]!) * dims), starts[i]! * dims);
  });
  const found = { dims, ordinals, starts, vectors, norms: packedNorms(vectors, dims) };
  cache.set(key, found);
  return found;
}

/** What the `file.embed` job needs of a document; null when it is gone. */
export async function documentToEncode(db: DbOrTx, documentId: string) {
  const [row] = await db.execute<{ kind: string; search_config: string; indexed: boolean; meaning_model: string | null; [k: string]: unknown }>(sql`
    SELECT kind, search_config, meaning_indexed_at IS NOT NULL AS indexed, meaning_model FROM documents WHERE id = ${documentId}`);
  return row ? { kind: row.kind, searchConfig: row.search_config, indexed: row.indexed, model: row.meaning_model } : null;
}

/**
 * English documents still without sentence vectors, or with vectors of another embedder than `model` (the
 * configured one changed), created before `before`, oldest first (the sweeper queues them).
 */
export async function findUnindexedDocuments(db: DbOrTx, before: Date, limit: number, model: string): Promise<{ id: string; accountId: string }[]> {
  // `<` or `>` rather than `<>`: each side can use documents_meaning_model_idx.
  const rows = await db.execute<{ id: string; account_id: string; [k: string]: unknown }>(sql`
    SELECT id, account_id FROM documents
    WHERE kind <> 'csv' AND search_config = 'english' AND created_at < ${before.toISOString()}::timestamptz
      AND (meaning_indexed_at IS NULL OR meaning_model IS NULL OR meaning_model < ${model} OR meaning_model > ${model})
    ORDER BY created_at LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, accountId: r.account_id }));
}
