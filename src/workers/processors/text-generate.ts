import { findJob } from '../../db/queries/jobs';
import type { JobError } from '../../db/schema';
import type { TextRequest } from '../../engines/text';
import { textGenerateJob } from '../../queue/jobs';
import type { JobRun } from '../../queue/job-run';
import { JobStreamWriter } from '../../queue/job-stream';
import { generateCancellably } from './text-cancel';
import { failRequestJob, runRequestJob } from '../run-request-job';

/**
 * Generates one text and bills prompt + output tokens (o200k, or the server's own count). A request
 * made with `stream: true` also writes the text to the job's event stream as it is produced, and the
 * stored result once committed (see queue/job-stream.ts for what a second run writes).
 */
export async function generateText(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, textGenerateJob, payload.id, async (row, input) => {
    const started = performance.now();
    const req: TextRequest = { prompt: input.prompt, mode: input.mode, tone: input.tone, language: input.language, maxTokens: input.max_tokens };
    const stream = input.stream ? await JobStreamWriter.open(rt.redis, rt.keys.jobStream(row.id), ctx.log) : null;
    const out = await generateCancellably(ctx, row.id, req, stream);
    const tokensUsed = out.promptTokens + out.outputTokens;
    ctx.log.info(
      {
        jobId: row.id,
        mode: input.mode,
        tone: input.tone,
        streamed: Boolean(stream),
        promptTokens: out.promptTokens,
        outputTokens: out.outputTokens,
        ms: Math.round(performance.now() - started),
      },
      'text generated',
    );
    return {
      result: { id: row.id, text: out.text, tokens_used: tokensUsed, language: input.language, created_at: new Date().toISOString() },
      bill: [{ metric: 'text_tokens', quantity: tokensUsed }],
      announce: stream ? (stored) => stream.done(stored as Record<string, unknown>) : undefined,
    };
  });
}

/** The final failure: a streamed request's readers get the `error` event, then the row is failed as usual. */
export async function failTextGeneration(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  const row = await findJob(ctx.rt.db, payload.id).catch(() => null);
  if ((row?.input as { stream?: unknown } | undefined)?.stream === true) {
    const stream = await JobStreamWriter.open(ctx.rt.redis, ctx.rt.keys.jobStream(payload.id), ctx.log);
    await stream.error(error);
  }
  await failRequestJob(ctx, payload, error);
}
