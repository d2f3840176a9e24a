import { countTokens, generateTextStream, type TextRequest, type TextResult } from '../../engines/text';
import { cancelRequestOf, cancelWhyOf } from '../../queue/job-cancel';
import type { JobRun } from '../../queue/job-run';
import type { JobStreamWriter } from '../../queue/job-stream';
import { refusedByProvider } from '../errors';
import { JobCancelled } from '../run-request-job';

/**
 * A text job's generation (text.generate, text.chat), stoppable by a cancel (src/queue/job-cancel.ts):
 * the job's signal goes to the provider (the OpenAI-compatible one aborts its fetch, the llama one stops
 * the model, the built-in one stops between sentences). A cancel asked before this run started ends it
 * before the provider is called, billing nothing; one that stops the provider bills the prompt (o200k,
 * as the quota hold counts it) and the tokens streamed so far (o200k of the deltas written).
 */
export async function generateCancellably(ctx: JobRun, jobId: string, req: TextRequest, stream: JobStreamWriter | null): Promise<TextResult> {
  const { rt, signal } = ctx;
  const early = await cancelRequestOf(rt.redis, rt.keys, jobId);
  if (early) throw new JobCancelled(early, []);
  let produced = '';
  const onDelta = (text: string) => {
    produced += text;
    return stream ? stream.delta(text) : Promise.resolve();
  };
  try {
    return await (stream ? generateTextStream(rt.textProvider, req, onDelta, signal) : rt.textProvider.generate(req, signal));
  } catch (err) {
    const why = cancelWhyOf(signal);
    if (!why) throw refusedByProvider(err, 'text');
    const promptTokens = req.messages ? req.messages.reduce((n, m) => n + countTokens(m.content), 0) : countTokens(req.prompt);
    throw new JobCancelled(why, [{ metric: 'text_tokens', quantity: promptTokens + countTokens(produced) }]);
  }
}
