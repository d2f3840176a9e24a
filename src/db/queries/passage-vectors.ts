import { sql } from 'drizzle-orm';
import { DIMS } from '../../engines/embeddings';
import type { DbOrTx } from '../client';
import { ByteBudgetCache } from './byte-budget-cache';

/** One document's passage vectors, row i of `vectors` (DIMS int8 bytes) belonging to `ordinals[i]`. */
export interface PassageVectors {
  ordinals: Int32Array;
  vectors: Int8Array;
}

/** About 64 MB: some 370 documents of the 500-page bench PDF's size (2,686 passages). */
const cache = new ByteBudgetCache<PassageVectors>(64 * 1024 * 1024, (v) => v.vectors.byteLength + v.ordinals.byteLength);

/**
 * A document's passage vectors, kept in this process once read: a document's passages never change after
 * its ingestion completed (the only time chat can see it), and reading them is most of a question's cost
 * on a long document (0.7 MB for 500 pages). Least recently used documents leave first.
 */
export async function passageVectors(db: DbOrTx, documentId: string): Promise<PassageVectors> {
  const hit = cache.get(documentId);
  if (hit) return hit;
  const rows = await db.execute<{ ordinal: number; embedding: Uint8Array; [k: string]: unknown }>(sql`
    SELECT ordinal, embedding FROM document_passages WHERE document_id = ${documentId} AND embedding IS NOT NULL ORDER BY ordinal`);
  const ordinals = new Int32Array(rows.length);
  const vectors = new Int8Array(rows.length * DIMS);
  rows.forEach((row, i) => {
    ordinals[i] = row.ordinal;
    vectors.set(new Int8Array(row.embedding.buffer, row.embedding.byteOffset, Math.min(row.embedding.byteLength, DIMS)), i * DIMS);
  });
  const found = { ordinals, vectors };
  cache.set(documentId, found);
  return found;
}
