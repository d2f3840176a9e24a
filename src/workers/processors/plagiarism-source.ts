import { markSourceFailed } from '../../db/queries/corpus';
import type { JobError } from '../../db/schema';
import { getPlagiarismIndex } from '../../plagiarism';
import type { JobRun } from '../../queue/job-run';

/** Fingerprints one source an account added; a source deleted first is left alone, and a second run rewrites the same rows. */
export async function indexPlagiarismSource(ctx: JobRun, payload: { id: string }): Promise<object> {
  const indexed = await (await getPlagiarismIndex()).indexSource(ctx.rt.db, payload.id);
  if (!indexed) {
    ctx.log.info({ sourceId: payload.id }, 'plagiarism source deleted before indexing; nothing to do');
    return { indexed: false };
  }
  ctx.log.info({ sourceId: payload.id, tokens: indexed.tokenCount, fingerprints: indexed.fingerprints }, 'plagiarism source indexed');
  return { indexed: true, fingerprints: indexed.fingerprints };
}

/** No attempt left: the source is `failed` with the reason (a source already `ready` stays so). */
export async function failPlagiarismSource(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  await ctx.rt.db.transaction((tx) => markSourceFailed(tx, payload.id, error.message));
}
