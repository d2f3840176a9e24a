import { plagiarismCheckJob } from '../../queue/jobs';
import { checkTextDetailed } from '../../plagiarism';
import type { JobRun } from '../../queue/job-run';
import { runRequestJob } from '../run-request-job';

/** Checks one text against the shared corpus and/or the account's own sources, by the request's scope (never another account's); bills one check. */
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
      scope: input.scope ?? 'all',
    });
    ctx.log.info(
      {
        jobId: row.id,
        score: result.score,
        verdict: result.verdict,
        scope: input.scope ?? 'all',
        matches: result.matches.length,
        tokens: stats.tokens,
        candidates: stats.candidates,
        ms: Math.round(stats.ms.total),
      },
      'plagiarism checked',
    );
    // One check, billed once: the ledger's (source_id, metric) key makes a second run of this job bill nothing.
    return { result: { id: row.id, ...result, created_at: new Date().toISOString() }, bill: [{ metric: 'plagiarism_checks', quantity: 1 }] };
  });
}
