import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, stopChild, waitForHttp, type Child } from '../lib/processes';
import { stats } from '../lib/report';
import type { Scenario, ScenarioOutput } from '../lib/types';

/** Rounds of PAIRS sequential request pairs (direct, then through Kiln): the machine is shared, one long run can mislead. */
const ROUNDS = 5;
const PAIRS = 60;
const WARMUP_PAIRS = 30;

const COMPLETION = JSON.stringify({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Volcanoes form where magma reaches the surface.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
});

const median = (xs: number[]) => stats(xs).median;

/**
 * What Kiln's OpenAI-compatible chat endpoint adds over calling the provider itself: a fake OpenAI server on
 * loopback answers at once, and the same chat is sent to it directly and to POST /v1/chat/completions of a
 * Kiln web + text worker started for this with TEXT_PROVIDER=openai (its own Redis prefix, so the main
 * process's built-in text workers do not take its jobs). The chat is answered in the web process (no queue hop:
 * src/api/answer-in-place.ts). One request at a time, alternating; the overhead
 * is Kiln's p50 minus the provider's p50 in each round. Target ≤ 5 ms (issue 28).
 */
export const openaiCompatOverhead: Scenario = {
  name: 'openai-compat: POST /v1/chat/completions overhead over the provider',
  kind: 'group',
  description: 'p50 of the compatible chat endpoint minus p50 of the provider called directly (ms)',
  async run(ctx): Promise<ScenarioOutput> {
    const fake = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(COMPLETION));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    ctx.onCleanup(() => new Promise<void>((resolve) => fake.close(() => resolve())));

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...ctx.kilnEnv,
      REDIS_PREFIX: `${ctx.kilnEnv.REDIS_PREFIX ?? 'kiln'}-compat`,
      PUBLIC_URL: ctx.apiUrl,
      TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: fakeBase,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_TEXT_MODEL: 'gpt-4o-mini',
    };
    const children: Child[] = [];
    try {
      const web = ctx.startChild('kiln web (TEXT_PROVIDER=openai)', ['src/main.ts', 'web'], { ...env, PORT: String(port) });
      children.push(web);
      children.push(ctx.startChild('kiln worker text (TEXT_PROVIDER=openai)', ['src/main.ts', 'worker'], { ...env, WORKER_QUEUES: 'text' }));
      await waitForHttp(web, `${url}/readyz`);

      const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'volcanoes and earthquakes' }], max_tokens: 64 });
      const nativeBody = JSON.stringify({ prompt: 'volcanoes and earthquakes', max_tokens: 64 });
      const call = async (endpoint: string, auth: string, payload = body): Promise<number> => {
        const started = performance.now();
        const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: payload });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}: ${text.slice(0, 300)}`);
        return performance.now() - started;
      };
      const direct = () => call(`${fakeBase}/chat/completions`, 'Bearer sk-bench');
      const viaKiln = () => call(`${url}/v1/chat/completions`, `Bearer ${ctx.apiKey}`);
      // The native synchronous route on the same processes and provider: what the queue path costs without the compatible layer.
      const native = () => call(`${url}/v1/text/generate`, `Bearer ${ctx.apiKey}`, nativeBody);
      // The floor: an authenticated request that reads nothing (key, rate limit, routing, JSON out).
      const models = async (): Promise<number> => {
        const started = performance.now();
        const res = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
        await res.text();
        if (res.status !== 200) throw new Error(`/v1/models answered ${res.status}`);
        return performance.now() - started;
      };

      for (let i = 0; i < WARMUP_PAIRS; i++) {
        await direct();
        await viaKiln();
      }
      const directP50: number[] = [];
      const kilnP50: number[] = [];
      const overhead: number[] = [];
      const overNative: number[] = [];
      const modelsP50: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const d: number[] = [];
        const k: number[] = [];
        const n: number[] = [];
        for (let i = 0; i < PAIRS; i++) {
          d.push(await direct());
          k.push(await viaKiln());
        }
        // Apart from the pairs: a queued request's tail (the worker completing its BullMQ job) would still be
        // running on the two cores while the next pair is timed.
        for (let i = 0; i < PAIRS; i++) n.push(await native());
        const m: number[] = [];
        for (let i = 0; i < PAIRS; i++) m.push(await models());
        modelsP50.push(median(m));
        directP50.push(median(d));
        kilnP50.push(median(k));
        overhead.push(median(k) - median(d));
        overNative.push(median(k) - median(n));
        ctx.say(
          `round ${round}: provider p50 ${median(d).toFixed(2)} ms, /v1/chat/completions p50 ${median(k).toFixed(2)} ms ` +
            `(overhead ${overhead.at(-1)!.toFixed(2)} ms), /v1/text/generate p50 ${median(n).toFixed(2)} ms, GET /v1/models p50 ${median(m).toFixed(2)} ms`,
        );
      }
      return {
        rows: [],
        timings: [
          {
            label: 'openai-compat: provider direct p50',
            description: 'p50 of the fake provider called directly, each round',
            samplesS: directP50,
            unit: 'ms',
            ok: true,
          },
          {
            label: 'openai-compat: through Kiln p50',
            description: 'p50 of POST /v1/chat/completions (answered in place: quota hold, provider call, one-call settle), each round',
            samplesS: kilnP50,
            unit: 'ms',
            ok: true,
          },
          {
            label: 'openai-compat: overhead p50',
            description: 'Kiln p50 minus provider p50, each round (target ≤ 5 ms)',
            samplesS: overhead,
            unit: 'ms',
            ok: true,
            targets: [{ stat: 'median', op: '<', value: 5 }],
          },
          {
            label: 'openai-compat: GET /v1/models p50',
            description: 'p50 of an authenticated request that reads nothing, on the same web process: what any request costs',
            samplesS: modelsP50,
            unit: 'ms',
            ok: true,
          },
          {
            label: 'openai-compat: over native text p50',
            description:
              'p50 of /v1/chat/completions minus p50 of the queued /v1/text/generate on the same processes (timed apart from the pairs): what answering in place saves',
            samplesS: overNative,
            unit: 'ms',
            ok: true,
          },
        ],
      };
    } finally {
      await Promise.all(children.map((c) => stopChild(c)));
    }
  },
};
