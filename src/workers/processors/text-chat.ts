import type { TextRequest } from '../../engines/text';
import { textChatJob } from '../../queue/jobs';
import type { JobRun } from '../../queue/job-run';
import { JobStreamWriter } from '../../queue/job-stream';
import { generateCancellably } from './text-cancel';
import { runRequestJob } from '../run-request-job';

/**
 * Answers one POST /v1/chat/completions and bills prompt + completion tokens, like text.generate: an
 * OpenAI-compatible provider gets the messages as sent; the built-in engine writes on the last user message.
 * With `stream: true` the text goes to the job's event stream as it is produced (the web process turns it
 * into OpenAI's chunks), then the stored result.
 */
export async function answerChat(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, textChatJob, payload.id, async (row, input) => {
    const started = performance.now();
    const lastUser = input.messages.findLast((m) => m.role === 'user') ?? input.messages.at(-1);
    const req: TextRequest = {
      prompt: lastUser?.content ?? '',
      mode: 'write',
      tone: 'formal',
      language: input.language,
      maxTokens: input.max_tokens,
      messages: input.messages,
      ...(input.stop ? { stop: input.stop } : {}),
      sampling: { temperature: input.temperature, top_p: input.top_p, stop: input.stop, seed: input.seed },
    };
    const stream = input.stream ? await JobStreamWriter.open(rt.redis, rt.keys.jobStream(row.id), ctx.log) : null;
    const out = await generateCancellably(ctx, row.id, req, stream);
    const tokensUsed = out.promptTokens + out.outputTokens;
    ctx.log.info(
      { jobId: row.id, streamed: Boolean(stream), promptTokens: out.promptTokens, outputTokens: out.outputTokens, ms: Math.round(performance.now() - started) },
      'chat answered',
    );
    return {
      result: {
        id: row.id,
        text: out.text,
        prompt_tokens: out.promptTokens,
        completion_tokens: out.outputTokens,
        tokens_used: tokensUsed,
        // The output is cut at max_tokens: reaching it is OpenAI's `length`.
        finish_reason: out.outputTokens >= input.max_tokens ? ('length' as const) : ('stop' as const),
        created_at: new Date().toISOString(),
      },
      bill: [{ metric: 'text_tokens', quantity: tokensUsed }],
      announce: stream ? (stored) => stream.done(stored as Record<string, unknown>) : undefined,
    };
  });
}
