import { indexDocuments } from '../../plagiarism';
import type { JobRun } from '../../queue/job-run';

/** Indexes a batch of corpus documents; re-adding a URL replaces it, so a retried batch changes nothing. */
export async function indexCorpusBatch(
  ctx: JobRun,
  payload: { documents: { url: string; text: string; accountId?: string; title?: string }[] },
): Promise<object> {
  const result = await indexDocuments(ctx.rt.db, payload.documents, {
    onProgress: (done) => void ctx.job.updateProgress({ documents: done.documents, of: payload.documents.length }).catch(() => {}),
  });
  ctx.log.info(
    {
      documents: result.documents,
      inserted: result.inserted,
      replaced: result.replaced,
      unchanged: result.unchanged,
      fingerprints: result.fingerprints,
      ms: result.ms,
    },
    'corpus batch indexed',
  );
  return result;
}
