import { fileChatJob } from '../../queue/jobs';
import { recentTurns, recordTurn } from '../../db/queries/conversations';
import { findAccountDocument } from '../../db/queries/documents';
import { answerChatTurn } from '../../documents/answer-chat';
import type { JobRun } from '../../queue/job-run';
import { invalidJobInput, PermanentJobError, refusedByProvider } from '../errors';
import { runRequestJob } from '../run-request-job';

/** Answers one file chat message, records it as a turn of its conversation, and bills it as one file chat. */
export async function answerFileChat(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, fileChatJob, payload.id, async (row, input) => {
    const fileIds = input.file_ids ?? (input.file_id ? [input.file_id] : []);
    if (fileIds.length === 0) throw invalidJobInput('no file_id');
    const docs = [];
    for (const id of fileIds) {
      const doc = await findAccountDocument(rt.db, row.accountId, id);
      if (!doc) throw new PermanentJobError({ code: 'file_not_found', message: `No file '${id}' on this account.` });
      docs.push(doc);
    }
    // A job queued before conversations existed starts one under its own id's suffix.
    const conversationId = input.conversation_id ?? `conv_${row.id.slice(row.id.indexOf('_') + 1)}`;
    const history = input.conversation_id ? await recentTurns(rt.db, conversationId, row.accountId) : [];
    const started = performance.now();
    const answer = await answerChatTurn({ db: rt.db, provider: rt.fileChatProvider, embedder: rt.embedder }, docs, input.message, history).catch(
      (err: unknown) => {
        throw refusedByProvider(err, 'file chat');
      },
    );
    ctx.log.info(
      { jobId: row.id, fileIds, conversationId, turns: history.length + 1, sources: answer.sources.length, ms: Math.round(performance.now() - started) },
      'file chat answered',
    );
    return {
      result: {
        id: row.id,
        answer: answer.answer,
        sources: answer.sources.map((s) => ({ page: s.page, excerpt: s.excerpt, file_id: s.fileId })),
        conversation_id: conversationId,
        created_at: new Date().toISOString(),
      },
      bill: [{ metric: 'file_chats', quantity: 1 }],
      // In the transaction that stores the answer: a follow-up never sees an answer its turn lacks.
      persist: async (tx) => {
        const turn = { question: input.message, standalone: answer.standalone, answer: answer.answer };
        await recordTurn(tx, { id: row.id, conversationId, accountId: row.accountId, fileIds, ...turn });
        return 0;
      },
    };
  });
}
