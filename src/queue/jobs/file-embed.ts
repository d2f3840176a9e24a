import * as v from 'valibot';
import { findUnindexedDocuments } from '../../db/queries/sentence-vectors';
import { defineJob } from './define';

export const fileEmbedJob = defineJob({
  name: 'file.embed',
  queue: 'meaning',
  description: "Gives an ingested document's passages their sentence vectors (semantic retrieval); queued when its upload completes.",
  payload: v.object({ documentId: v.pipe(v.string(), v.minLength(1)) }),
  // Documents ingested before sentence vectors existed are found too: the sweep upgrades them; so are documents
  // embedded by another embedder than the configured one, which the job re-embeds. A failed embed
  // writes nothing final, so its failed job ends the story (no retry loop on a document that cannot be encoded).
  findLost: async (db, q) =>
    (await findUnindexedDocuments(db, q.queuedBefore, q.limit, q.embedderId)).map((d) => ({
      payload: { documentId: d.id },
      jobId: `embed-${d.id}`,
      account: d.accountId,
      retryFailed: false,
    })),
});
