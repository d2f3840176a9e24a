import type { DbOrTx } from '../db/client';
import { documentToEncode, markMeaningIndexed, passagesToEncode, storeSentenceVectors } from '../db/queries/sentence-vectors';
import { encodeGroups, meaningUnits } from '../engines/embeddings/sentence-encoder';
import type { EngineThreads } from '../threads/pool';
import type { Logger } from '../logger';

/** Passages encoded and written per statement: a few seconds of CPU, so progress is committed often. */
const BATCH = 32;
const PROGRESS_EVERY_MS = 5_000;

export type EmbedOutcome = { status: 'indexed'; passages: number; units: number } | { status: 'skipped'; reason: 'gone' | 'not_english' | 'csv' | 'done' };

/**
 * Gives every passage of an ingested document its sentence vectors, batch by batch, then marks the
 * document indexed. Only passages still without vectors are read, so running it twice (a retry, a
 * takeover after a crash) continues rather than repeats. The sentence encoder reads English; documents
 * in other languages keep full-text, trigram and word-vector retrieval only.
 */
export async function embedDocument(deps: { db: DbOrTx; log: Logger; threads?: EngineThreads }, documentId: string): Promise<EmbedOutcome> {
  // On an engine thread when there is one (the model keeps a core busy for seconds a batch).
  const encode = (groups: string[][]): Promise<Uint8Array[]> => (deps.threads ? deps.threads.run('sentences.encode', { groups }) : encodeGroups(groups));
  const doc = await documentToEncode(deps.db, documentId);
  if (!doc) return { status: 'skipped', reason: 'gone' };
  if (doc.indexed) return { status: 'skipped', reason: 'done' };
  if (doc.kind === 'csv') return { status: 'skipped', reason: 'csv' };
  if (doc.searchConfig !== 'english') return { status: 'skipped', reason: 'not_english' };
  let passages = 0;
  let units = 0;
  let lastLog = performance.now();
  for (;;) {
    const batch = await passagesToEncode(deps.db, documentId, BATCH);
    if (batch.length === 0) break;
    const unitsOf = batch.map((p) => meaningUnits(p));
    const packed = await encode(unitsOf);
    await storeSentenceVectors(
      deps.db,
      documentId,
      batch.map((p, i) => ({ ordinal: p.ordinal, vectors: Buffer.from(packed[i]!.buffer, packed[i]!.byteOffset, packed[i]!.byteLength) })),
    );
    passages += batch.length;
    units += unitsOf.reduce((n, u) => n + u.length, 0);
    if (performance.now() - lastLog >= PROGRESS_EVERY_MS) {
      lastLog = performance.now();
      deps.log.info({ documentId, passages, sentences: units }, 'encoding sentences');
    }
  }
  if (!(await markMeaningIndexed(deps.db, documentId))) return { status: 'skipped', reason: 'gone' };
  return { status: 'indexed', passages, units };
}
