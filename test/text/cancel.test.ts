import { serve, type ServerType } from '@hono/node-server';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob } from '../../src/db/queries/jobs';
import { jobs, usageLedger, usageReservations } from '../../src/db/schema';
import { countTokens } from '../../src/engines/text';
import { JobReaders } from '../../src/queue/job-cancel';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { sseReader } from '../support/sse-reader';
import { until } from '../support/until';

/**
 * A slow OpenAI-compatible server: each request is held, and streams a chunk (or answers) only when the
 * test says so; it records whether the caller closed the connection before the answer was finished.
 */
interface HeldCall {
  stream: boolean;
  res: ServerResponse;
  finished: boolean;
  aborted: Promise<void>;
  isAborted: boolean;
}

let fake: FakeApi;
const calls: HeldCall[] = [];
let svc: TestService;
let workers: WorkerSet;
let server: ServerType;
let url: string;

beforeAll(async () => {
  fake = await startFakeApi<{ stream?: boolean }>('/chat/completions', (call, res) => {
    let onAbort = () => {};
    const held: HeldCall = { stream: call.body.stream === true, res, finished: false, isAborted: false, aborted: new Promise((r) => (onAbort = r)) };
    res.on('close', () => {
      if (held.finished) return;
      held.isAborted = true;
      onAbort();
    });
    if (held.stream) res.writeHead(200, { 'content-type': 'text/event-stream' });
    calls.push(held);
  });
  svc = await startTestService({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, STREAM_CANCEL_GRACE_MS: '0' });
  workers = await startWorkers(svc.rt, { queues: ['text'] });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server && 'closeAllConnections' in server) server.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await workers?.close(5_000);
  await svc?.close();
  await fake?.close();
});

const chunk = (held: HeldCall, content: string) => held.res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
const finish = (held: HeldCall) => {
  held.finished = true;
  held.res.end('data: [DONE]\n\n');
};
/** The fake's next request (from the index `n`). */
const nthCall = (n: number) => until(`the provider's request #${n + 1}`, async () => calls[n]);

const reservationOf = async (id: string) => svc.rt.db.select().from(usageReservations).where(eq(usageReservations.sourceId, id));
const ledgerOf = async (id: string) => svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, id));

describe('a streamed text job whose client goes away', () => {
  it('is cancelled: the provider request is aborted, the job fails with cancelled, the hold is released and only what was produced is billed', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const n = calls.length;
    const prompt = 'the lighthouses of the northern coast';
    const res = await fetch(`${url}/v1/text/generate`, jsonRequest({ prompt, max_tokens: 500, stream: true }, auth));
    expect(res.status).toBe(200);
    const jobId = res.headers.get('kiln-job-id')!;
    const events = sseReader(res);
    expect((await events.next())!.event).toBe('job');
    const held = await nthCall(n);
    expect(held.stream).toBe(true);
    // While it runs, the hold is there.
    expect(await reservationOf(jobId)).toHaveLength(1);
    chunk(held, 'Lighthouses stand on ');
    const first = (await events.next())!;
    expect(first.event).toBe('delta');
    // Whole words only (the last one may go on in the next chunk).
    const shown = (JSON.parse(first.data) as { text: string }).text;
    expect(shown).toMatch(/^Lighthouses stand/);

    await events.close();
    await held.aborted;
    expect(held.isAborted).toBe(true);

    const row = await until('the job to end', async () => {
      const r = await findJob(svc.rt.db, jobId);
      return r?.status === 'failed' || r?.status === 'succeeded' ? r : null;
    });
    expect(row.status).toBe('failed');
    expect(row.error).toMatchObject({ code: 'cancelled', status: 409 });
    expect(await reservationOf(jobId)).toHaveLength(0);
    const ledger = await ledgerOf(jobId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.quantity).toBe(countTokens(prompt) + countTokens(shown));

    // Reading it again replays what was written and ends with the cancel; GET answers its error.
    const replay = await sseReader(await fetch(`${url}/v1/jobs/${jobId}/events`, { headers: auth })).all();
    expect(replay.at(-1)!.event).toBe('error');
    expect(JSON.parse(replay.at(-1)!.data).error.code).toBe('cancelled');
    const answer = await fetch(`${url}/v1/jobs/${jobId}`, { headers: auth });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('cancelled');
  });

  it('keeps running while another reader follows its events, and finishes for it', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const n = calls.length;
    const res = await fetch(`${url}/v1/text/generate`, jsonRequest({ prompt: 'tide pools', max_tokens: 500, stream: true }, auth));
    const jobId = res.headers.get('kiln-job-id')!;
    const events = sseReader(res);
    await events.next();
    const held = await nthCall(n);
    chunk(held, 'Tide pools ');
    expect((await events.next())!.event).toBe('delta');

    const other = sseReader(await fetch(`${url}/v1/jobs/${jobId}/events`, { headers: auth }));
    const readers = new JobReaders(svc.rt.redis, svc.rt.keys);
    await until('two readers', async () => (await readers.count(jobId)) === 2);
    await events.close();
    await until('the first reader to leave', async () => (await readers.count(jobId)) === 1);

    chunk(held, 'hold small worlds.');
    finish(held);
    const rest = await other.all();
    expect(held.isAborted).toBe(false);
    expect(rest.at(-1)!.event).toBe('done');
    expect(JSON.parse(rest.at(-1)!.data).text).toBe('Tide pools hold small worlds.');
    expect((await findJob(svc.rt.db, jobId))!.status).toBe('succeeded');
  });

  it('the OpenAI-compatible chat stream is cancelled the same way', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const n = calls.length;
    const model = (await (await fetch(`${url}/v1/models`, { headers: auth })).json()) as { data: { id: string }[] };
    const res = await fetch(
      `${url}/v1/chat/completions`,
      jsonRequest({ model: model.data[0]!.id, messages: [{ role: 'user', content: 'Tell me about owls.' }], stream: true }, auth),
    );
    expect(res.status).toBe(200);
    const events = sseReader(res);
    await events.next();
    const held = await nthCall(n);
    chunk(held, 'Owls hunt at ');
    expect(JSON.parse((await events.next())!.data).choices[0].delta.content).toMatch(/^Owls hunt/);
    await events.close();
    await held.aborted;
    const [row] = await until('the chat job to fail', async () => {
      const rows = await svc.rt.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'text.chat'), eq(jobs.status, 'failed')));
      const mine = rows.filter((r) => (r.input as { messages?: { content: string }[] }).messages?.[0]?.content === 'Tell me about owls.');
      return mine.length ? mine : null;
    });
    expect(row!.error).toMatchObject({ code: 'cancelled' });
    expect(await reservationOf(row!.id)).toHaveLength(0);
  });
});

describe('a non-streamed text job whose client goes away', () => {
  it('keeps running: the provider request is not aborted and the result is stored', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'free');
    const n = calls.length;
    const client = new AbortController();
    const pending = fetch(`${url}/v1/text/generate`, { ...jsonRequest({ prompt: 'salt marshes', max_tokens: 500 }, auth), signal: client.signal }).catch(
      (err: Error) => err,
    );
    const held = await nthCall(n);
    expect(held.stream).toBe(false);
    // Gone before the answer (or after the 202 that the synchronous wait may answer first): either way no one waits.
    client.abort();
    await pending;
    held.finished = true;
    held.res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { content: 'Salt marshes flood twice a day.' } }], usage: { prompt_tokens: 9, completion_tokens: 7 } }));
    const row = await until('the job to succeed', async () => {
      const [r] = await svc.rt.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.accountId, accountId), eq(jobs.status, 'succeeded')));
      return r;
    });
    expect(held.isAborted).toBe(false);
    expect((row.result as { text: string }).text).toBe('Salt marshes flood twice a day.');
  });
});

describe('POST /v1/jobs/{id}/cancel', () => {
  it('stops a running job (the provider request is aborted), answers cancelled, bills the prompt only; a finished job is 409', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'free');
    const n = calls.length;
    const prompt = 'river deltas';
    const pending = fetch(`${url}/v1/text/generate`, jsonRequest({ prompt, max_tokens: 500 }, auth));
    const held = await nthCall(n);
    const [row] = await svc.rt.db.select().from(jobs).where(eq(jobs.accountId, accountId));
    const cancel = await fetch(`${url}/v1/jobs/${row!.id}/cancel`, { method: 'POST', headers: auth });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ id: row!.id, status: 'cancelled' });
    await held.aborted;
    expect((await pending).status).toBe(409);
    expect(await reservationOf(row!.id)).toHaveLength(0);
    expect((await ledgerOf(row!.id))[0]!.quantity).toBe(countTokens(prompt));

    const again = await fetch(`${url}/v1/jobs/${row!.id}/cancel`, { method: 'POST', headers: auth });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('conflict');
    const other = await createTestAccount(svc.rt, 'free');
    expect((await fetch(`${url}/v1/jobs/${row!.id}/cancel`, { method: 'POST', headers: other.auth })).status).toBe(404);
  });
});
