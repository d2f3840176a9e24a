import { embedDocument } from '../../documents/embed-document';
import type { JobRun } from '../../queue/job-run';

/** Sentence vectors for one ingested document (see embedDocument); a document deleted meanwhile is skipped. */
export async function embedFile(ctx: JobRun, payload: { documentId: string }): Promise<object> {
  const started = performance.now();
  const outcome = await embedDocument({ db: ctx.rt.db, log: ctx.log, threads: ctx.rt.threads, embedder: ctx.rt.embedder }, payload.documentId);
  ctx.log.info({ documentId: payload.documentId, ...outcome, ms: Math.round(performance.now() - started) }, 'sentence vectors done');
  return outcome;
}
