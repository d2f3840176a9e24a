import * as v from 'valibot';
import { textGenerateJob } from '../../queue/jobs';
import type { JobRun } from '../../queue/job-run';
import { invalidJobInput, refusedByProvider } from '../errors';
import { runRequestJob } from '../request-job';

/** Generates one text and bills prompt + output tokens (o200k, or the server's own count). */
export async function generateText(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, payload.id, async (row) => {
    const parsed = v.safeParse(textGenerateJob.request.input, row.input);
    if (!parsed.success) throw invalidJobInput(parsed.issues[0].message);
    const input = parsed.output;
    const started = performance.now();
    const out = await rt.textProvider
      .generate({ prompt: input.prompt, mode: input.mode, tone: input.tone, language: input.language, maxTokens: input.max_tokens })
      .catch((err: unknown) => {
        throw refusedByProvider(err, 'text');
      });
    const tokensUsed = out.promptTokens + out.outputTokens;
    ctx.log.info(
      {
        jobId: row.id,
        mode: input.mode,
        tone: input.tone,
        promptTokens: out.promptTokens,
        outputTokens: out.outputTokens,
        ms: Math.round(performance.now() - started),
      },
      'text generated',
    );
    return {
      result: { id: row.id, text: out.text, tokens_used: tokensUsed, language: input.language, created_at: new Date().toISOString() },
      bill: [{ metric: 'text_tokens', quantity: tokensUsed }],
    };
  });
}
