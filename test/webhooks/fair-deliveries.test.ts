import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { until } from '../support/until';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

/**
 * One account's deliveries to a receiver that answers only when the test says so fill the webhooks queue;
 * another account's delivery goes out after the one under way, not after the whole flood. Test events
 * (POST /v1/webhooks/{id}/test) queue one delivery each without the relay, so the suite's shared database
 * is no concern.
 */

let svc: TestService;
let workers: WorkerSet;
let receiver: Server;
let base: string;
const held: ServerResponse[] = [];
const arrivedFast: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/held/')) held.push(res);
      else {
        arrivedFast.push(req.url ?? '');
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // One delivery at a time, and a timeout far beyond the test, so only the test ends a held delivery.
  svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: 'webhooks=1', WEBHOOK_TIMEOUT_MS: '60000' });
  workers = await startWorkers(svc.rt, { queues: ['webhooks'] });
});
afterAll(async () => {
  for (const res of held) if (!res.writableEnded) res.writeHead(204).end();
  await workers?.close(5_000);
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await svc?.close();
});

async function endpoint(auth: Record<string, string>, path: string): Promise<string> {
  const res = await svc.app.request('/v1/webhooks', jsonRequest({ url: `${base}${path}` }, auth));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function sendTest(auth: Record<string, string>, id: string): Promise<void> {
  const res = await svc.app.request(`/v1/webhooks/${id}/test`, jsonRequest({}, auth));
  expect(res.status).toBeLessThan(300);
}

describe('fair turns in the webhooks queue', () => {
  it("another account's delivery goes out after the flood's delivery under way, not after the whole flood", async () => {
    const flooder = await createTestAccount(svc.rt, 'business');
    const other = await createTestAccount(svc.rt, 'business');
    const floodEndpoints = [await endpoint(flooder.auth, '/held/1'), await endpoint(flooder.auth, '/held/2'), await endpoint(flooder.auth, '/held/3')];
    for (let round = 0; round < 2; round++) for (const id of floodEndpoints) await sendTest(flooder.auth, id);
    await until('the first flood delivery to be held', async () => held.length === 1);
    const queue = svc.rt.queues.get('webhooks');
    await until('the rest of the flood to be queued', async () => (await queue.getJobCounts('prioritized')).prioritized === 5);

    await sendTest(other.auth, await endpoint(other.auth, '/fast'));
    let released = 0;
    for (;;) {
      const next = await until('the other delivery or another held one', async () =>
        arrivedFast.length > 0 ? 'arrived' : held.length > released ? 'held' : null,
      );
      if (next === 'arrived') break;
      held[released++]!.writeHead(204).end();
    }
    // First come, first served would have sent all six of the flood's first.
    expect(released).toBe(1);
    expect(arrivedFast).toEqual(['/fast']);

    while (released < 6) {
      await until('the next held delivery', async () => held.length > released);
      held[released++]!.writeHead(204).end();
    }
  });
});
