import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob } from '../../src/db/queries/jobs';
import { usageLedger, usageReservations } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { sseReader } from '../support/sse-reader';
import { until } from '../support/until';
import { writeTinyGguf } from '../support/tiny-gguf';

/** TEXT_PROVIDER=llama: a streamed request whose client leaves stops the model through the real worker path. */
const hasNodeLlamaCpp = await import('node-llama-cpp').then(
  () => true,
  () => false,
);
if (!hasNodeLlamaCpp) console.warn('SKIPPED: TEXT_PROVIDER=llama tests need the optional package node-llama-cpp (npm ci without --omit=optional)');

describe.skipIf(!hasNodeLlamaCpp)('cancelling a llama generation when its streaming client goes away', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-llama-cancel-'));
  let svc: TestService;
  let workers: WorkerSet;
  let server: ServerType;
  let url: string;

  beforeAll(async () => {
    const modelPath = writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 5 });
    svc = await startTestService({
      TEXT_PROVIDER: 'llama',
      LLAMA_MODEL_PATH: modelPath,
      LLAMA_CONTEXTS: '1',
      LLAMA_THREADS: '1',
      LLAMA_CONTEXT_SIZE: '4096',
      STREAM_CANCEL_GRACE_MS: '0',
    });
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

  it('the model stops: the job fails with cancelled, billed for less than max_tokens, the hold released, and the next request is served', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const maxTokens = 3000;
    const res = await fetch(`${url}/v1/text/generate`, jsonRequest({ prompt: 'harbours', max_tokens: maxTokens, stream: true }, auth));
    const jobId = res.headers.get('kiln-job-id')!;
    const events = sseReader(res);
    expect((await events.next())!.event).toBe('job');
    expect((await events.next())!.event).toBe('delta');
    await events.close();

    const row = await until('the job to end', async () => {
      const r = await findJob(svc.rt.db, jobId);
      return r?.status === 'failed' || r?.status === 'succeeded' ? r : null;
    });
    expect(row.status).toBe('failed');
    expect(row.error).toMatchObject({ code: 'cancelled' });
    expect(await svc.rt.db.select().from(usageReservations).where(eq(usageReservations.sourceId, jobId))).toHaveLength(0);
    const [bill] = await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, jobId));
    expect(bill!.quantity).toBeGreaterThan(0);
    expect(bill!.quantity).toBeLessThan(maxTokens);

    // The context was given back: the one context serves the next request.
    const next = await fetch(`${url}/v1/text/generate`, jsonRequest({ prompt: 'lanterns', max_tokens: 20 }, auth));
    expect(next.status).toBe(200);
  });
});
