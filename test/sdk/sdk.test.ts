import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKiln,
  KilnError,
  KilnTimeoutError,
  ok,
  verifyWebhook,
  WebhookVerificationError,
  type Kiln,
  type StreamEvent,
} from '../../packages/sdk/src/index';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { startCuttableProxy, type CuttableProxy } from '../support/cuttable-proxy';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { makePdf } from '../support/document-fixtures';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { startReceiver, type Receiver } from '../webhooks/receiver';

// @kiln/sdk (packages/sdk), imported from its source, against a real Kiln stack on loopback: the web app
// served over HTTP and workers on a database of its own (the webhook relay, which sends every undispatched
// event of its database, runs here). The text worker starts late, so that a text request outlasts its wait
// and answers 202, as a busy installation would.
let db: OwnDatabase;
let svc: TestService;
let workers: WorkerSet;
let textWorkers: WorkerSet | undefined;
let server: ServerType;
let baseUrl: string;
let receiver: Receiver;
let apiKey: string;
let kiln: Kiln;
const tmp = mkdtempSync(join(tmpdir(), 'kiln-sdk-test-'));

beforeAll(async () => {
  db = await createOwnDatabase('kiln_sdk');
  svc = await startTestService({
    DATABASE_URL: db.url,
    FETCH_ALLOW_PRIVATE: 'true',
    WEBHOOK_RELAY: 'true',
    WEBHOOK_RELAY_POLL_MS: '200',
    SYNC_TIMEOUT_MS: '1000',
    UPLOAD_TMP_DIR: tmp,
  });
  workers = await startWorkers(svc.rt, { queues: ['image', 'files', 'webhooks', 'deploy'] });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
  ({ key: apiKey } = await createTestAccount(svc.rt, 'business'));
  kiln = createKiln({ baseUrl, apiKey });
});
afterAll(async () => {
  if (server && 'closeAllConnections' in server) server.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await receiver?.close();
  await textWorkers?.close(5_000);
  await workers?.close(5_000);
  await svc?.close();
  await db?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

async function startTextWorker() {
  textWorkers ??= await startWorkers(svc.rt, { queues: ['text'] });
}

describe('@kiln/sdk against a running Kiln', () => {
  it('creates text that answers 202 and waits for the job, then gets the same result from its id', async () => {
    // No text worker yet: the request outlasts SYNC_TIMEOUT_MS and answers the job link.
    const accepted = await kiln.POST('/v1/text/generate', { body: { prompt: 'the history of the lighthouse', max_tokens: 60 } });
    expect(accepted.response.status).toBe(202);
    const link = ok(accepted);
    expect(link).toMatchObject({ status: 'processing' });
    await expect(kiln.waitForJob(accepted, { timeoutMs: 300 })).rejects.toBeInstanceOf(KilnTimeoutError);

    await startTextWorker();
    const result = await kiln.waitForJob(accepted, { timeoutMs: 120_000 });
    expect('text' in result && result.text.length).toBeGreaterThan(20);
    expect(await kiln.waitForJob((link as { id: string }).id)).toEqual(result);
  });

  it('follows a text stream through a dropped connection, resuming with Last-Event-ID without repeats or gaps', async () => {
    await startTextWorker();
    const started = await kiln.POST('/v1/text/generate', { body: { prompt: 'rivers of europe', max_tokens: 200, stream: true }, parseAs: 'stream' });
    expect(started.response.status).toBe(200);
    const jobId = started.response.headers.get('kiln-job-id')!;
    expect(jobId).toBeTruthy();
    await started.response.body?.cancel();

    // The SDK reaches Kiln through a proxy the test cuts after the first delta. The job may be writing faster than
    // it is read, so the rest of the first connection may already sit in the client's buffers: that connection is
    // aborted too, so the cut always loses what came after the first delta and only a resume can recover it.
    const proxy: CuttableProxy = await startCuttableProxy({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    const connections: (string | null)[] = [];
    let current: AbortController | undefined;
    const counting: typeof fetch = (input, init) => {
      connections.push(new Headers(init?.headers).get('last-event-id'));
      current = new AbortController();
      return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, current.signal]) : current.signal });
    };
    const viaProxy = createKiln({ baseUrl: `http://127.0.0.1:${proxy.port}`, apiKey, fetch: counting });
    const events: StreamEvent[] = [];
    let cut = false;
    try {
      const end = await viaProxy.followStream(jobId, {
        onEvent: async (event) => {
          events.push(event);
          if (!cut && event.event === 'delta') {
            cut = true;
            current?.abort(new Error('connection cut'));
            await proxy.set('refuse');
            await proxy.set('open');
          }
        },
      });
      expect(end.event).toBe('done');
      expect(connections).toHaveLength(2);
      expect(connections[0]).toBeNull();
      expect(connections[1]).toMatch(/^\d+$/);
      const ids = events.map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toEqual(ids.map((_, i) => i));
      const text = events
        .filter((e) => e.event === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join('');
      expect(text).toBe((end.data as { text: string }).text);
    } finally {
      await proxy.close();
    }
  });

  it('generates an image', async () => {
    const res = await kiln.POST('/v1/image/generate', { body: { prompt: 'a kiln at dusk' } });
    const result = res.response.status === 202 ? await kiln.waitForJob(res) : ok(res);
    expect('images' in result && result.images.length).toBe(1);
  });

  it('uploads a file from a path and from bytes, and asks a question about it', async () => {
    await startTextWorker();
    const pdf = await makePdf(['Harbor Works report.', 'The cooperative admitted 214 new members during the spring.']);
    const path = join(tmp, 'harbor.pdf');
    writeFileSync(path, pdf);
    const file = await kiln.uploadFile(path);
    expect(file).toMatchObject({ filename: 'harbor.pdf' });
    const fromBytes = await kiln.uploadFile(new Uint8Array(pdf), { filename: 'copy.pdf' });
    expect(fromBytes.file_id).not.toBe(file.file_id);

    const asked = await kiln.POST('/v1/file/chat', { body: { file_id: file.file_id, message: 'How many new members did the cooperative admit?' } });
    const answer = asked.response.status === 202 ? await kiln.waitForJob(asked) : ok(asked);
    expect('answer' in answer && answer.answer).toContain('214');
  });

  it('deploys a site from an archive and waits until it is published; a broken archive throws build_failed', async () => {
    const archive = await zipBuffer([{ name: 'index.html', data: '<h1>made with the SDK</h1>' }]);
    const deployment = await kiln.deploySite(new Uint8Array(archive), { siteId: 'sdk-site', filename: 'site.zip' });
    expect(deployment).toMatchObject({ site_id: 'sdk-site', status: 'published' });
    expect(deployment.url).toBeTruthy();
    const unsafe = await zipBuffer([
      { name: 'index.html', data: 'fine' },
      { name: 'passwd.html', data: '/etc/passwd', mode: 0o120777 },
    ]);
    await expect(kiln.deploySite(new Uint8Array(unsafe), { siteId: 'sdk-site' })).rejects.toMatchObject({
      name: 'KilnError',
      code: 'build_failed',
      message: expect.stringContaining('passwd.html'),
    });
  });

  it('verifies a real webhook delivery, and refuses a tampered body, a wrong secret and an old timestamp', async () => {
    await startTextWorker();
    const endpoint = ok(await kiln.POST('/v1/webhooks', { body: { url: receiver.url('/sdk-hook'), event_types: ['job.completed'] } }));
    const done = ok(await kiln.POST('/v1/text/generate', { body: { prompt: 'a short note on kilns', max_tokens: 30 } }));
    const delivery = await until('the job.completed delivery', async () =>
      receiver.received('/sdk-hook').find((r) => r.body.includes((done as { id: string }).id)),
    );
    const event = verifyWebhook(delivery.body, delivery.headers as Record<string, string>, endpoint.secret);
    expect(event.type).toBe('job.completed');
    if (event.type === 'job.completed') expect(event.data.id).toBe((done as { id: string }).id);
    // The same check from a fetch-style Headers object, with bytes.
    expect(verifyWebhook(Buffer.from(delivery.body), new Headers(delivery.headers as Record<string, string>), endpoint.secret).type).toBe('job.completed');

    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err instanceof WebhookVerificationError ? err.reason : err;
      }
      return 'verified';
    };
    const headers = delivery.headers as Record<string, string>;
    expect(refusal(() => verifyWebhook(delivery.body.replace('job.completed', 'job.failed'), headers, endpoint.secret))).toBe('no_matching_signature');
    expect(refusal(() => verifyWebhook(delivery.body, headers, `whsec_${Buffer.alloc(32, 7).toString('base64')}`))).toBe('no_matching_signature');
    const later = new Date((Number(headers['webhook-timestamp']) + 301) * 1000);
    expect(refusal(() => verifyWebhook(delivery.body, headers, endpoint.secret, { now: later }))).toBe('timestamp_too_old');
    expect(refusal(() => verifyWebhook(delivery.body, { ...headers, 'webhook-signature': undefined }, endpoint.secret))).toBe('missing_headers');
  });

  it("throws an error's typed code, message and request id", async () => {
    const res = await kiln.POST('/v1/text/generate', { body: { promt: 'typo' } as never });
    expect(res.error?.error.code).toBe('invalid_parameter');
    let thrown: unknown;
    try {
      ok(res);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(KilnError);
    const err = thrown as KilnError;
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_parameter');
    expect(err.message).toMatch(/unknown field 'promt'/);
    expect(err.requestId).toBeTruthy();

    const unknownJob = kiln.waitForJob('job_doesnotexist');
    await expect(unknownJob).rejects.toMatchObject({ name: 'KilnError', status: 404, code: 'not_found' });
    const wrongKey = createKiln({ baseUrl, apiKey: 'kiln_wrong' });
    await expect(wrongKey.followStream('job_x')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
