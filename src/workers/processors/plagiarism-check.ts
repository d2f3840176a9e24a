import { plagiarismCheckJob } from '../../queue/jobs';
import { checkTextDetailed } from '../../plagiarism';
import type { JobRun } from '../../queue/job-run';
import { runRequestJob } from '../run-request-job';

/** Checks one text against the public corpus and the account's own private documents (never another's). */
export async function checkPlagiarism(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, plagiarismCheckJob, payload.id, async (row, input) => {
    const {
      stats,
      details: _,
      ...result
    } = await checkTextDetailed(rt.db, row.accountId, input.text, {
      threads: rt.threads,
      embedder: rt.embedder,
      exclude: input.exclude,
    });
    ctx.log.info(
      {
        jobId: row.id,
        score: result.score,
        verdict: result.verdict,
        matches: result.matches.length,
        tokens: stats.tokens,
        candidates: stats.candidates,
        ms: Math.round(stats.ms.total),
      },
      'plagiarism checked',
    );
    return { result: { id: row.id, ...result, created_at: new Date().toISOString() }, bill: [] };
  });
}
