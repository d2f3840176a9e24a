import { createOpenAIEmbedder } from '../../src/engines/embeddings/embedder';
import { meaningUnits } from '../../src/engines/embeddings/sentence-encoder';
import { startFakeEmbeddings } from '../../test/support/fake-embeddings';
import type { Scenario, Timing } from '../lib/types';

const SUBJECTS = ['The council', 'The harbour authority', 'The library', 'Each district', 'The water board', 'The school trust'];
const VERBS = ['approved', 'reviewed', 'postponed', 'funded', 'questioned', 'published'];
const OBJECTS = ['a budget of 4.2 million', 'the recycling plan', 'new opening hours', 'the bridge repairs', 'a survey of tenants', 'the annual accounts'];

/** Passages of five sentences, as file chat embeds them (each sentence is one input), deterministic. */
function passages(n: number): { content: string }[] {
  return Array.from({ length: n }, (_, i) => ({
    content: Array.from(
      { length: 5 },
      (_, k) => `${SUBJECTS[(i + k) % 6]} ${VERBS[(i * 7 + k) % 6]} ${OBJECTS[(i * 3 + k * 5) % 6]} in meeting ${i * 5 + k} of the year.`,
    ).join(' '),
  }));
}

/**
 * Issue 28 item 2: sentence vectors through an OpenAI-compatible provider (the repo's strict fake, in this
 * process), passages a second batched as ingestion sends them (up to 2,048 inputs a request, a document's
 * passages 128 at a time) against one input per request; on loopback and with a 20 ms round trip added per
 * request (a provider across a network answers in tens to hundreds of ms). The ratio is what batching saves.
 */
export const embeddingsThroughput: Scenario = {
  name: 'files: embeddings throughput through a provider',
  kind: 'group',
  description: 'passages/s through the fake /embeddings, batched vs one input per request (loopback, and +20 ms RTT)',
  async run(ctx) {
    const timings: Timing[] = [];
    for (const latencyMs of [0, 20]) {
      const fake = await startFakeEmbeddings({ latencyMs });
      try {
        const measure = async (perRequest: number | undefined, count: number): Promise<number> => {
          const embedder = createOpenAIEmbedder({ baseUrl: fake.baseUrl, maxInputsPerRequest: perRequest });
          const docs = passages(count);
          const started = performance.now();
          for (let i = 0; i < docs.length; i += 128) await embedder.embed(docs.slice(i, i + 128).flatMap((p) => meaningUnits(p)));
          return count / ((performance.now() - started) / 1000);
        };
        await measure(undefined, 128); // warm-up: connection, JIT
        const batched = await measure(undefined, latencyMs ? 2_000 : 4_000);
        const single = await measure(1, latencyMs ? 40 : 400);
        const where = latencyMs ? `+${latencyMs} ms RTT` : 'loopback';
        ctx.say(`${where}: batched ${batched.toFixed(0)} passages/s, one input per request ${single.toFixed(1)} passages/s`);
        const t = (label: string, description: string, value: number, unit: string, targets?: Timing['targets']): Timing => ({
          label,
          description,
          samplesS: [value],
          unit,
          ok: fake.calls.every((c) => c.status === 200),
          targets,
        });
        timings.push(
          t(`embeddings: batched, ${where}`, 'passages (5 sentences) a second, up to 2,048 inputs a request', batched, 'passages/s'),
          t(`embeddings: one input per request, ${where}`, 'the same passages, one sentence a request', single, 'passages/s'),
          t(`embeddings: batched / one per request, ${where}`, 'what batching gains; target ≥ 5×', batched / single, '×', [
            { stat: 'median', op: '>=', value: 5 },
          ]),
        );
      } finally {
        await fake.close();
      }
    }
    return { rows: [], timings };
  },
};
