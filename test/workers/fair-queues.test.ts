import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { until } from '../support/until';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

/**
 * One account floods a shared queue; another account's job of the same kind must not wait behind the
 * whole flood (src/queue/fair-order.ts). Deploys make the flood easy to hold: each of the flooding
 * account's builds downloads from a source that answers only when the test releases it.
 */

let svc: TestService;
let workers: WorkerSet;
let source: GatedSource;
let zip: Buffer;

interface GatedSource {
  url(path: string): string;
  /** Downloads of /held/* waiting to be answered. */
  held: ServerResponse[];
  close(): Promise<void>;
}

async function startGatedSource(): Promise<GatedSource> {
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/held/')) held.push(res);
    else res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length }).end(zip);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    held,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

const release = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length }).end(zip);

beforeAll(async () => {
  zip = await zipBuffer([{ name: 'index.html', data: '<p>hello</p>' }]);
  // One build at a time: the queue is as tight as the files queue, where the flood hurt the most.
  svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true', HOSTING_DOMAIN: 'kiln.test', WORKER_CONCURRENCY: 'deploy=1' });
  workers = await startWorkers(svc.rt, { queues: ['deploy'] });
  source = await startGatedSource();
});
afterAll(async () => {
  for (const res of source?.held ?? []) if (!res.writableEnded) release(res);
  await workers?.close(5_000);
  await source?.close();
  await svc?.close();
});

async function deploy(auth: Record<string, string>, siteId: string, sourceUrl: string): Promise<string> {
  const res = await svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: siteId, source_url: sourceUrl }, auth));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function statusOf(auth: Record<string, string>, id: string): Promise<string> {
  return (await (await svc.app.request(`/v1/hosting/deployments/${id}`, { headers: auth })).json()).status;
}

describe('fair turns across accounts on a shared queue', () => {
  it("another account's deploy runs after at most the flood's build under way, not after the whole flood", async () => {
    const flooder = await createTestAccount(svc.rt, 'business');
    const other = await createTestAccount(svc.rt, 'business');
    const suffix = Date.now().toString(36);
    const flood: string[] = [];
    for (let i = 0; i < 4; i++) flood.push(await deploy(flooder.auth, `flood-${suffix}`, source.url(`/held/${i}.zip`)));
    // The first build holds the one slot; the other three wait in the queue.
    await until('the first flood build to be downloading', async () => source.held.length === 1);
    const deployQueue = svc.rt.queues.get('deploy');
    await until('the rest of the flood to be queued', async () => (await deployQueue.getJobCounts('prioritized', 'wait')).prioritized === 3);

    const small = await deploy(other.auth, `small-${suffix}`, source.url('/fast.zip'));
    // Release the flood's downloads one by one, each only once asked for, until the small deploy is live.
    let released = 0;
    for (;;) {
      const next = await until('the small deploy to finish or another flood download', async () => {
        if ((await statusOf(other.auth, small)) === 'published') return 'published';
        return source.held.length > released ? 'held' : null;
      });
      if (next === 'published') break;
      release(source.held[released++]!);
    }
    // Only the build that was already running went first: first-come-first-served would have run all four.
    expect(released).toBe(1);
    const floodStatuses = await Promise.all(flood.map((id) => statusOf(flooder.auth, id)));
    expect(floodStatuses.filter((s) => s !== 'published')).toHaveLength(3);

    // The flood still finishes, in its own order.
    while (released < flood.length) {
      await until('the next flood download', async () => source.held.length > released);
      release(source.held[released++]!);
    }
    for (const id of flood) await until(`flood deploy ${id} to be published`, async () => (await statusOf(flooder.auth, id)) === 'published');
  });
});
