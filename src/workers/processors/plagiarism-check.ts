import * as v from 'valibot';
import { plagiarismCheckJob } from '../../queue/jobs';
import { checkTextDetailed } from '../../plagiarism';
import type { JobRun } from '../../queue/job-run';
import { invalidJobInput } from '../errors';
import { runRequestJob } from '../run-request-job';

/** Checks one text against the public corpus and the account's own private documents (never another's). */
export async function checkPlagiarism(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, payload.id, async (row) => {
    const parsed = v.safeParse(plagiarismCheckJob.request.input, row.input);
    if (!parsed.success) throw invalidJobInput(parsed.issues[0].message);
    const {
      stats,
      details: _,
      ...result
    } = await checkTextDetailed(rt.db, row.accountId, parsed.output.text, {
      threads: rt.threads,
      exclude: parsed.output.exclude,
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
