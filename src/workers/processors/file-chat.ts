import * as v from 'valibot';
import { fileChatJob } from '../../queue/jobs';
import { findAccountDocument } from '../../db/queries/documents';
import { answerQuestion } from '../../documents/answer-question';
import type { JobRun } from '../../queue/job-run';
import { invalidJobInput, PermanentJobError, refusedByProvider } from '../errors';
import { runRequestJob } from '../request-job';

/** Answers one file chat message and bills it as one file chat. */
export async function answerFileChat(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, payload.id, async (row) => {
    const parsed = v.safeParse(fileChatJob.request.input, row.input);
    if (!parsed.success) throw invalidJobInput(parsed.issues[0].message);
    const input = parsed.output;
    const doc = await findAccountDocument(rt.db, row.accountId, input.file_id);
    if (!doc) throw new PermanentJobError({ code: 'file_not_found', message: `No file '${input.file_id}' on this account.` });
    const started = performance.now();
    const answer = await answerQuestion({ db: rt.db, provider: rt.fileChatProvider }, doc, input.message).catch((err: unknown) => {
      throw refusedByProvider(err, 'file chat');
    });
    ctx.log.info(
      { jobId: row.id, fileId: doc.id, kind: doc.kind, sources: answer.sources.length, ms: Math.round(performance.now() - started) },
      'file chat answered',
    );
    return {
      result: { id: row.id, answer: answer.answer, sources: answer.sources, created_at: new Date().toISOString() },
      bill: [{ metric: 'file_chats', quantity: 1 }],
    };
  });
}
