import { chatResultOf, chatTextRequest } from '../../openai-compat/chat';
import { textChatJob } from '../../queue/jobs';
import type { JobRun } from '../../queue/job-run';
import { JobStreamWriter } from '../../queue/job-stream';
import { generateCancellably } from './text-cancel';
import { runRequestJob } from '../run-request-job';

/**
 * Answers one POST /v1/chat/completions that was queued (the built-in and llama engines always; an
 * OpenAI-compatible provider's when the web process did not answer it in place, src/api/answer-in-place.ts)
 * and bills prompt + completion tokens, like text.generate. With `stream: true` the text goes to the job's
 * event stream as it is produced (the web process turns it into OpenAI's chunks), then the stored result.
 */
export async function answerChat(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, textChatJob, payload.id, async (row, input) => {
    const started = performance.now();
    const stream = input.stream ? await JobStreamWriter.open(rt.redis, rt.keys.jobStream(row.id), ctx.log) : null;
    const out = await generateCancellably(ctx, row.id, chatTextRequest(input), stream);
    const result = chatResultOf(row.id, out, input.max_tokens);
    ctx.log.info(
      { jobId: row.id, streamed: Boolean(stream), promptTokens: out.promptTokens, outputTokens: out.outputTokens, ms: Math.round(performance.now() - started) },
      'chat answered',
    );
    return {
      result,
      bill: [{ metric: 'text_tokens', quantity: result.tokens_used }],
      announce: stream ? (stored) => stream.done(stored as Record<string, unknown>) : undefined,
    };
  });
}
