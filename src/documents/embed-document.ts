import type { DbOrTx } from '../db/client';
import { documentToEncode, markMeaningIndexed, passagesToEncode, storeSentenceVectors, switchMeaningModel } from '../db/queries/sentence-vectors';
import { type Embedder, LOCAL_EMBEDDER_ID, localEmbedder } from '../engines/embeddings/embedder';
import { meaningUnits, packVectors } from '../engines/embeddings/sentence-encoder';
import type { EngineThreads } from '../threads/pool';
import type { Logger } from '../logger';

/** Passages encoded and written per statement: a few seconds of CPU, so progress is committed often. */
const BATCH = 32;
/** A provider's requests carry up to 2,048 inputs: more passages a round trip (some 10 sentences each). */
const PROVIDER_BATCH = 128;
const PROGRESS_EVERY_MS = 5_000;

export type EmbedOutcome =
  | { status: 'indexed'; passages: number; units: number; model: string }
  | { status: 'skipped'; reason: 'gone' | 'not_english' | 'csv' | 'done' };

/**
 * Gives every passage of an ingested document its sentence vectors by the configured embedder, batch by
 * batch, then marks the document indexed. Only passages still without vectors of that embedder are read, so
 * running it twice (a retry, a takeover after a crash) continues rather than repeats. A document indexed by
 * another embedder (the setting changed) is first switched to this one (not indexed, so questions go by
 * words meanwhile), then re-embedded the same way. The built-in encoder reads English; documents in other
 * languages keep full-text, trigram and word-vector retrieval only (with any embedder, for one behaviour).
 */
export async function embedDocument(
  deps: { db: DbOrTx; log: Logger; threads?: EngineThreads; embedder?: Embedder },
  documentId: string,
): Promise<EmbedOutcome> {
  const embedder = deps.embedder ?? localEmbedder;
  const local = embedder.id === LOCAL_EMBEDDER_ID;
  // The built-in encoder on an engine thread when there is one (the model keeps a core busy for seconds a
  // batch); a provider only waits on the network.
  const encode = async (groups: string[][]): Promise<Uint8Array[]> => {
    if (local && deps.threads) return deps.threads.run('sentences.encode', { groups });
    const vectors = await embedder.embed(groups.flat());
    let next = 0;
    return groups.map((texts) => {
      const own = vectors.slice(next, next + texts.length);
      next += texts.length;
      return packVectors(own);
    });
  };
  const doc = await documentToEncode(deps.db, documentId);
  if (!doc) return { status: 'skipped', reason: 'gone' };
  if (doc.indexed && doc.model === embedder.id) return { status: 'skipped', reason: 'done' };
  if (doc.kind === 'csv') return { status: 'skipped', reason: 'csv' };
  if (doc.searchConfig !== 'english') return { status: 'skipped', reason: 'not_english' };
  if (doc.model !== embedder.id && !(await switchMeaningModel(deps.db, documentId, embedder.id))) return { status: 'skipped', reason: 'gone' };
  let passages = 0;
  let units = 0;
  let lastLog = performance.now();
  for (;;) {
    const batch = await passagesToEncode(deps.db, documentId, embedder.id, local ? BATCH : PROVIDER_BATCH);
    if (batch.length === 0) break;
    const unitsOf = batch.map((p) => meaningUnits(p));
    const packed = await encode(unitsOf);
    await storeSentenceVectors(
      deps.db,
      documentId,
      embedder.id,
      batch.map((p, i) => ({ ordinal: p.ordinal, vectors: Buffer.from(packed[i]!.buffer, packed[i]!.byteOffset, packed[i]!.byteLength) })),
    );
    passages += batch.length;
    units += unitsOf.reduce((n, u) => n + u.length, 0);
    if (performance.now() - lastLog >= PROGRESS_EVERY_MS) {
      lastLog = performance.now();
      deps.log.info({ documentId, passages, sentences: units, model: embedder.id }, 'encoding sentences');
    }
  }
  if (!(await markMeaningIndexed(deps.db, documentId, embedder.id))) return { status: 'skipped', reason: 'gone' };
  return { status: 'indexed', passages, units, model: embedder.id };
}
