import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../../src/db/queries/jobs';
import { usageLedger } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { createLocalTextProvider } from '../../src/engines/text';
import { JobStreamWriter, readJobStream } from '../../src/queue/job-stream';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { type SseEvent, sseReader } from '../support/sse-reader';

interface Served {
  svc: TestService;
  workers: WorkerSet;
  url: string;
  close(): Promise<void>;
}

/** The API on a real loopback HTTP server, with text workers on the same runtime. */
async function startServed(overrides: Record<string, string> = {}): Promise<Served> {
  const svc = await startTestService(overrides);
  const workers = await startWorkers(svc.rt, { queues: ['text'] });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return {
    svc,
    workers,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await workers.close(5_000);
      await svc.close();
    },
  };
}

let local: Served;
beforeAll(async () => {
  local = await startServed();
});
afterAll(async () => {
  await local?.close();
});

const post = (s: Served, auth: Record<string, string>, body: object) => fetch(`${s.url}/v1/text/generate`, jsonRequest(body, auth));

const deltasOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => (JSON.parse(e.data) as { text: string }).text)
    .join('');

describe('POST /v1/text/generate with stream: true (built-in engine)', () => {
  it('streams sentence deltas that add up to done, which is the non-streamed answer; billed once', async () => {
    const { auth } = await createTestAccount(local.svc.rt, 'free');
    const body = { prompt: 'volcanoes and earthquakes', max_tokens: 200 };
    const res = await post(local, auth, { ...body, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const jobId = res.headers.get('kiln-job-id');
    expect(jobId).toMatch(/^gen_/);

    const events = await sseReader(res).all();
    expect(events[0]).toMatchObject({ event: 'job', id: '0' });
    expect(JSON.parse(events[0]!.data)).toEqual({ id: jobId, status: 'processing' });
    // Ids are consecutive sequence numbers; exactly one done, last.
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => String(i)));
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
    expect(events.at(-1)!.event).toBe('done');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(2);

    const done = JSON.parse(events.at(-1)!.data) as Record<string, unknown>;
    expect(deltasOf(events)).toBe(done.text);
    expect(done.id).toBe(jobId);

    const plain = await (await post(local, auth, body)).json();
    expect(Object.keys(done).sort()).toEqual(Object.keys(plain).sort());
    expect(done.text).toBe(plain.text);
    expect(done.tokens_used).toBe(plain.tokens_used);
    expect(done.language).toBe(plain.language);
    // What GET /v1/jobs/{id} answers is what done carried.
    expect(await (await fetch(`${local.url}/v1/jobs/${jobId}`, { headers: auth })).json()).toEqual(done);

    const ledger = await local.svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, jobId!));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.quantity).toBe(done.tokens_used);
  });

  it('a reconnect with Last-Event-ID after two events resumes with the third: no gaps, no repeats', async () => {
    const { auth } = await createTestAccount(local.svc.rt, 'free');
    const res = await post(local, auth, { prompt: 'the history of bread and bakeries', max_tokens: 300, stream: true });
    const jobId = res.headers.get('kiln-job-id')!;
    const first = sseReader(res);
    const seen = [(await first.next())!, (await first.next())!];
    expect(seen.map((e) => e.event)).toEqual(['job', 'delta']);
    await first.close();

    const again = await fetch(`${local.url}/v1/jobs/${jobId}/events`, { headers: { ...auth, 'Last-Event-ID': seen[1]!.id! } });
    expect(again.status).toBe(200);
    const rest = await sseReader(again).all();
    expect(rest[0]!.id).toBe('2');
    const all = [...seen, ...rest];
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => String(i)));
    expect(all.at(-1)!.event).toBe('done');
    expect(deltasOf(all)).toBe((JSON.parse(all.at(-1)!.data) as { text: string }).text);

    // From the start, a finished job replays everything stored, the job event first.
    const replay = await sseReader(await fetch(`${local.url}/v1/jobs/${jobId}/events`, { headers: auth })).all();
    expect(replay.map((e) => [e.id, e.event, e.data])).toEqual(all.map((e) => [e.id, e.event, e.data]));
  });

  it("another account's job is 404; a job that was not streamed replays as one delta and done", async () => {
    const owner = await createTestAccount(local.svc.rt, 'free');
    const other = await createTestAccount(local.svc.rt, 'free');
    const plain = await (await post(local, owner.auth, { prompt: 'rivers', max_tokens: 40 })).json();
    const denied = await fetch(`${local.url}/v1/jobs/${plain.id}/events`, { headers: other.auth });
    expect(denied.status).toBe(404);
    expect((await denied.json()).error.code).toBe('not_found');

    const events = await sseReader(await fetch(`${local.url}/v1/jobs/${plain.id}/events`, { headers: owner.auth })).all();
    expect(events.map((e) => [e.id, e.event])).toEqual([
      ['0', 'job'],
      ['1', 'delta'],
      ['2', 'done'],
    ]);
    expect(JSON.parse(events[1]!.data)).toEqual({ text: plain.text });
    expect(JSON.parse(events[2]!.data)).toEqual(plain);
    const resumed = await sseReader(await fetch(`${local.url}/v1/jobs/${plain.id}/events`, { headers: { ...owner.auth, 'Last-Event-ID': '1' } })).all();
    expect(resumed.map((e) => [e.id, e.event])).toEqual([['2', 'done']]);
  });

  it('a client that disconnects stops its live read', async () => {
    const { auth, accountId } = await createTestAccount(local.svc.rt, 'free');
    // A job no worker here takes (no image worker runs), so only the disconnect can end its stream.
    const id = newId('img');
    await insertJob(local.svc.rt.db, { id, accountId, keyId: null, kind: 'image.generate', input: {} });
    const before = local.svc.rt.jobStreams.watching;
    const reader = sseReader(await fetch(`${local.url}/v1/jobs/${id}/events`, { headers: auth }));
    expect(await reader.next()).toMatchObject({ event: 'job', id: '0' });
    await until('the live read', async () => local.svc.rt.jobStreams.watching > before);
    await reader.close();
    await until('the live read to stop', async () => local.svc.rt.jobStreams.watching === before);
  });
});

describe('the OpenAPI document', () => {
  it('documents the stream field, the text/event-stream answer and GET /v1/jobs/{id}/events', async () => {
    const doc = await (await local.svc.app.request('/openapi.json')).json();
    const generate = doc.paths['/v1/text/generate'].post;
    expect(generate.requestBody.content['application/json'].schema.properties.stream.type).toBe('boolean');
    expect(Object.keys(generate.responses['200'].content)).toEqual(['application/json', 'text/event-stream']);
    const events = doc.paths['/v1/jobs/{id}/events'].get;
    expect(Object.keys(events.responses['200'].content)).toEqual(['text/event-stream']);
    expect(events.parameters.map((p: { name: string }) => p.name)).toContain('Last-Event-ID');
  });
});

describe('the job stream writer: a second run of the job', () => {
  it('repeats nothing when its text is the same, writes only what continues it, and nothing after done', async () => {
    const rt = local.svc.rt;
    const key = rt.keys.jobStream(`gen_rerun_${Date.now()}`);
    const first = await JobStreamWriter.open(rt.redis, key, rt.log);
    await first.delta('One. ');
    await first.delta('Two. ');
    // The first run dies here; the second produces the same text and more.
    const second = await JobStreamWriter.open(rt.redis, key, rt.log);
    await second.delta('One. ');
    await second.delta('Two. ');
    await second.delta('Three.');
    await second.done({ id: 'x', text: 'One. Two. Three.' });
    const third = await JobStreamWriter.open(rt.redis, key, rt.log);
    await third.delta('Other.');
    await third.done({ id: 'x', text: 'Other.' });
    const events = await readJobStream(rt.redis, key);
    expect(events.map((e) => [e.seq, e.event, e.data])).toEqual([
      [1, 'delta', '{"text":"One. "}'],
      [2, 'delta', '{"text":"Two. "}'],
      [3, 'delta', '{"text":"Three."}'],
      [4, 'done', '{"id":"x","text":"One. Two. Three."}'],
    ]);
    expect(await rt.redis.ttl(key)).toBeGreaterThan(0);
  });

  it('writes reset and its own text when it departs from what was streamed', async () => {
    const rt = local.svc.rt;
    const key = rt.keys.jobStream(`gen_diverge_${Date.now()}`);
    const first = await JobStreamWriter.open(rt.redis, key, rt.log);
    await first.delta('Alpha ');
    const second = await JobStreamWriter.open(rt.redis, key, rt.log);
    await second.delta('Beta.');
    await second.done({ text: 'Beta.' });
    const events = await readJobStream(rt.redis, key);
    expect(events.map((e) => e.event)).toEqual(['delta', 'reset', 'delta', 'done']);
  });

  it('the built-in engine streams sentences that concatenate to its text', async () => {
    const provider = createLocalTextProvider();
    const pieces: string[] = [];
    const out = await provider.generateStream!({ prompt: 'coffee', mode: 'write', tone: 'casual', language: 'en', maxTokens: 120 }, async (t) => {
      pieces.push(t);
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(out.text);
  });
});

describe('streaming through the OpenAI-compatible provider', () => {
  let fake: FakeApi;
  let remote: Served;
  const calls: Record<string, unknown>[] = [];
  const CHUNKS = ['  Hello', ' wor', 'ld. This', ' is str', 'eamed', ' text.'];
  beforeAll(async () => {
    fake = await startFakeApi('/chat/completions', (call, res) => {
      calls.push(call.body);
      const user = (call.body.messages as { content: string }[])[1]!.content;
      if (user === 'refuse me') {
        sendJson(res, 400, { error: { message: 'this prompt is refused' } });
        return;
      }
      if (!call.body.stream) {
        sendJson(res, 200, { choices: [{ message: { content: CHUNKS.join('') } }], usage: { prompt_tokens: 11, completion_tokens: 7 } });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of CHUNKS) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 7 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    remote = await startServed({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl });
  });
  afterAll(async () => {
    await remote?.close();
    await fake?.close();
  });

  it("passes the server's chunks on as deltas; done is the non-streamed answer, with the server's usage", async () => {
    const { auth } = await createTestAccount(remote.svc.rt, 'free');
    const res = await post(remote, auth, { prompt: 'say hello', stream: true });
    expect(res.status).toBe(200);
    const events = await sseReader(res).all();
    expect(calls.at(-1)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = JSON.parse(events.at(-1)!.data);
    expect(events.at(-1)!.event).toBe('done');
    expect(done.text).toBe('Hello world. This is streamed text.');
    expect(deltasOf(events)).toBe(done.text);
    expect(done.tokens_used).toBe(18);
    const plain = await (await post(remote, auth, { prompt: 'say hello' })).json();
    expect(Object.keys(done).sort()).toEqual(Object.keys(plain).sort());
    expect(plain.text).toBe(done.text);
    expect(plain.tokens_used).toBe(done.tokens_used);
  });

  it('a refusal mid-stream is an error event with the envelope, then the stream closes', async () => {
    const { auth } = await createTestAccount(remote.svc.rt, 'free');
    const res = await post(remote, auth, { prompt: 'refuse me', stream: true });
    const jobId = res.headers.get('kiln-job-id')!;
    const events = await sseReader(res).all();
    expect(events.map((e) => e.event)).toEqual(['job', 'error']);
    const body = JSON.parse(events[1]!.data);
    expect(body.error.code).toBe('upstream_error');
    expect(body.error.message).toMatch(/refused/);
    expect(body.error.request_id).toBeTruthy();
    const ledger = await remote.svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, jobId));
    expect(ledger).toHaveLength(0);
  });
});
