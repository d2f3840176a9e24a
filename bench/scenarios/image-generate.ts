import { measure } from '../lib/measure';
import type { Scenario } from '../lib/types';

/**
 * A queued, CPU-bound job answered synchronously: row insert, BullMQ enqueue, local render + PNG encode
 * in the worker (same process under `all`), store, bill, pub/sub wake-up, answer. Few connections: this
 * measures latency, not how hard the box can be saturated.
 */
export const imageGenerate: Scenario = {
  name: 'POST /v1/image/generate 512',
  kind: 'api',
  description: 'queued render of one 512x512 image, answered synchronously',
  targets: [{ metric: 'p50', op: '<', value: 150 }],
  run: (ctx) =>
    measure({
      name: 'POST /v1/image/generate',
      url: `${ctx.apiUrl}/v1/image/generate`,
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a red sun over blue mountains', size: '512x512', count: 1 }),
      connections: 4,
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
      timeoutS: 30,
    }),
};
