import { countTokens } from '../../src/engines/text';
import { postAndWait } from '../lib/api-call';
import { generateProse } from '../lib/english';
import { measure } from '../lib/measure';
import type { BenchContext, OutputRow, Scenario, ScenarioOutput, Timing } from '../lib/types';

/** Five key terms the local engine knows plenty about (WordNet senses, relations, categories): it writes ~475 of 500 tokens. */
const WRITE_PROMPT = 'the human heart, lungs, liver, kidneys and brain';
const MAX_TOKENS = 500;
const INPUT_TOKENS = 450;
/** Sequential requests per diagnostic timing (after one warm-up). */
const RUNS = 20;
/** The text queue's worker concurrency: more connections would measure queueing, not generation. */
const CONNECTIONS = 2;

interface TextAnswer {
  text: string;
  tokens_used: number;
}

/** Whole sentences of generated English prose, as many as fit in `tokens` o200k tokens. */
function inputText(tokens: number): string {
  const g = generateProse(424_242, Math.ceil(tokens * 1.2));
  let end = 0;
  for (const s of g.sentences) {
    if (countTokens(g.text.slice(0, s.end)) > tokens) break;
    end = s.end;
  }
  return g.text.slice(0, end);
}

/** `RUNS` sequential requests after one warm-up: wall times and the output tokens of each answer. */
async function sequential(ctx: BenchContext, body: { prompt: string; mode: string; max_tokens: number }) {
  await postAndWait<TextAnswer>(ctx, '/v1/text/generate', { ...body, tone: 'formal', language: 'en' });
  const wallS: number[] = [];
  const outputTokens: number[] = [];
  const promptTokens = countTokens(body.prompt);
  for (let i = 0; i < RUNS; i++) {
    const a = await postAndWait<TextAnswer>(ctx, '/v1/text/generate', { ...body, tone: 'formal', language: 'en' });
    wallS.push(a.wallS);
    outputTokens.push(a.body.tokens_used - promptTokens);
  }
  const meanOut = outputTokens.reduce((x, y) => x + y, 0) / outputTokens.length;
  return { wallS, meanOut, promptTokens };
}

/**
 * The local text engine through the whole API path (validate, quota check, row, `text` queue, generation in
 * the worker, bill, answer): `write` of 500 tokens under a little load (the main row, p50), and `rewrite` /
 * `paraphrase` of a 450-token input as sequential diagnostic timings.
 */
export const textGenerate: Scenario = {
  name: 'text: POST /v1/text/generate',
  kind: 'group',
  description: 'local engine: write 500 tokens (p50 under 2 connections); rewrite and paraphrase of ~450 tokens',
  async run(ctx): Promise<ScenarioOutput> {
    const rows: OutputRow[] = [];
    const timings: Timing[] = [];
    const writeBody = { prompt: WRITE_PROMPT, mode: 'write', max_tokens: MAX_TOKENS };

    // First, what the write request actually produces (sequentially, so it is also a latency floor).
    const write = await sequential(ctx, writeBody);
    ctx.say(`write "${WRITE_PROMPT}", max_tokens ${MAX_TOKENS}: ${write.meanOut.toFixed(0)} output tokens on average`);
    if (write.meanOut < 0.9 * MAX_TOKENS) ctx.say(`  NOTE: write stopped well short of ${MAX_TOKENS} tokens`);

    const result = await measure({
      name: 'POST /v1/text/generate (write, 500 tokens)',
      url: `${ctx.apiUrl}/v1/text/generate`,
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...writeBody, tone: 'formal', language: 'en' }),
      connections: CONNECTIONS,
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
      timeoutS: 30,
    });
    rows.push({
      label: 'text: write 500 tokens (local)',
      kind: 'api',
      description:
        `POST /v1/text/generate mode write, max_tokens ${MAX_TOKENS}, prompt "${WRITE_PROMPT}" (${write.promptTokens} tokens): ` +
        `${write.meanOut.toFixed(0)} output tokens on average; ${CONNECTIONS} connections (the text queue's worker concurrency), latency p50`,
      targets: [{ metric: 'p50', op: '<', value: 200 }],
      result,
    });
    timings.push({
      label: '  write 500 tokens, sequential',
      description: `the same request, ${RUNS} in a row after a warm-up, one at a time (${write.meanOut.toFixed(0)} output tokens on average)`,
      samplesS: write.wallS,
      ok: true,
    });

    const input = inputText(INPUT_TOKENS);
    for (const mode of ['rewrite', 'paraphrase'] as const) {
      const r = await sequential(ctx, { prompt: input, mode, max_tokens: 1000 });
      ctx.say(`${mode} of ${r.promptTokens} tokens: ${r.meanOut.toFixed(0)} output tokens on average`);
      timings.push({
        label: `  ${mode} ~450 tokens, sequential`,
        description: `POST /v1/text/generate mode ${mode}, max_tokens 1000, of a ${r.promptTokens}-token English text: ${r.meanOut.toFixed(0)} output tokens on average; ${RUNS} requests in a row after a warm-up`,
        samplesS: r.wallS,
        ok: true,
      });
    }
    return { rows, timings };
  },
};
