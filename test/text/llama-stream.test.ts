import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { type SseEvent, sseReader } from '../support/sse-reader';
import { writeTinyGguf } from '../support/tiny-gguf';

/**
 * TEXT_PROVIDER=llama through the whole API: the route, the text queue, the worker running the tiny GGUF
 * model (test/support/tiny-gguf.ts) in-process, the job's event stream and the bill. Skipped, saying so,
 * only where the optional package node-llama-cpp was left out of the install.
 */
const hasNodeLlamaCpp = await import('node-llama-cpp').then(
  () => true,
  () => false,
);
if (!hasNodeLlamaCpp) console.warn('SKIPPED: TEXT_PROVIDER=llama tests need the optional package node-llama-cpp (npm ci without --omit=optional)');

const deltasOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => (JSON.parse(e.data) as { text: string }).text)
    .join('');

describe.skipIf(!hasNodeLlamaCpp)('POST /v1/text/generate with TEXT_PROVIDER=llama (tiny GGUF model)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-llama-api-'));
  let svc: TestService;
  let workers: WorkerSet;
  let server: ServerType;
  let url: string;

  beforeAll(async () => {
    const modelPath = writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 5 });
    svc = await startTestService({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: modelPath, LLAMA_CONTEXTS: '1', LLAMA_THREADS: '1', LLAMA_CONTEXT_SIZE: '1024' });
    workers = await startWorkers(svc.rt, { queues: ['text'] });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await workers?.close(5_000);
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (auth: Record<string, string>, body: object) => fetch(`${url}/v1/text/generate`, jsonRequest(body, auth));

  it('streams the model’s words as deltas that add up to done; max_tokens bounds the reply; billed once', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const res = await post(auth, { prompt: 'A river in winter, seen from an old stone bridge.', max_tokens: 24, stream: true });
    expect(res.status).toBe(200);
    const jobId = res.headers.get('kiln-job-id');
    const events = await sseReader(res).all();
    expect(events.at(-1)!.event).toBe('done');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(2);
    const done = JSON.parse(events.at(-1)!.data) as { text: string; tokens_used: number };
    expect(deltasOf(events)).toBe(done.text);
    // The tiny model writes whole words until the budget: 24 of them.
    expect(done.text.split(' ')).toHaveLength(24);
    expect(done.tokens_used).toBeGreaterThan(24);
    const ledger = await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, jobId!));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.quantity).toBe(done.tokens_used);
  });

  it('rewrite and paraphrase run on the model too, in any language', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const mode of ['rewrite', 'paraphrase']) {
      const res = await post(auth, { prompt: 'Die Brücke über den Fluss ist alt und aus Stein gebaut.', mode, max_tokens: 8 });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { text: string; language: string };
      expect(body.text.split(' ')).toHaveLength(8);
      expect(body.language).toBe('de');
    }
  });
});
