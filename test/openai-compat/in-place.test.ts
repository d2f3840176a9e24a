import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billUsage } from '../../src/billing/bill-usage';
import { billingPeriodOf } from '../../src/billing/period';
import { findAccountQuotas } from '../../src/db/queries/accounts';
import { findJob, insertJob } from '../../src/db/queries/jobs';
import { releaseOrphanReservations, reserveUsage } from '../../src/db/queries/usage';
import { usageLedger, usageReservations, usageTotals, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { countTokens } from '../../src/engines/text';
import { newId } from '../../src/ids';
import { finishedJobView } from '../../src/queue/job-views';
import { WEBHOOK_EVENT_PAYLOADS } from '../../src/webhooks/event-payloads';
import type { WebhookEventType } from '../../src/webhooks/event-types';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { type FakeApi, sendJson, startFakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { sseReader } from '../support/sse-reader';
import { until } from '../support/until';

/**
 * POST /v1/chat/completions with an OpenAI-compatible provider is answered by the web process itself
 * (src/api/answer-in-place.ts): these tests hold it to everything the queued path guarantees (the row, the
 * bill, the hold, the events, the quota under parallel requests, retries), and check what only it has (the
 * per-account lane, the release of holds whose process died).
 *
 * The fake provider answers by the last user message: `refuse` → OpenAI's 400, `flaky` → a 500 the first
 * time, `hold` → nothing until the test lets it go, `break` (streamed) → two chunks, then the connection cut
 * when the test says.
 */
let fake: FakeApi;
let svc: TestService;
let workers: WorkerSet;
let server: ServerType;
let url: string;
const held: ServerResponse[] = [];
/** While true, `hold` calls wait in `held`; after, they are answered at once. */
let holding = true;
const seen: string[] = [];
const flaky = new Set<string>();
const USAGE = { prompt_tokens: 21, completion_tokens: 5 };
let cutStream = () => {};
const cutWhenTold = new Promise<void>((resolve) => {
  cutStream = resolve;
});

const answer = (res: ServerResponse) =>
  sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: 'Owls hunt at night.' }, finish_reason: 'stop' }], usage: USAGE });

beforeAll(async () => {
  fake = await startFakeApi<{ messages: { role: string; content: string }[]; stream?: boolean }>('/chat/completions', (call, res) => {
    const text = call.body.messages.at(-1)!.content;
    seen.push(text);
    if (text.includes('refuse'))
      return sendJson(res, 400, { error: { message: "Invalid 'messages'.", type: 'invalid_request_error', param: 'messages', code: null } });
    if (text.includes('flaky') && !flaky.has(text)) {
      flaky.add(text);
      return sendJson(res, 500, { error: { message: 'The server had an error.', type: 'server_error', param: null, code: null } });
    }
    if (text.includes('hold') && holding) return void held.push(res);
    if (call.body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Owls ', 'hunt ', 'at night.']) {
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
        // Cut once the test has read the first words from Kiln: the failure comes after text went out.
        if (text.includes('break') && piece === 'hunt ') return void cutWhenTold.then(() => res.destroy());
      }
      res.write(`data: ${JSON.stringify({ choices: [], usage: USAGE })}\n\n`);
      return void res.end('data: [DONE]\n\n');
    }
    answer(res);
  });
  svc = await startTestService({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_TEXT_MODEL: 'gpt-4o-mini', IN_PLACE_CALLS_PER_ACCOUNT: '2' });
  workers = await startWorkers(svc.rt, { queues: ['text'] });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held.splice(0)) answer(res);
  if (server && 'closeAllConnections' in server) server.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await workers?.close(5_000);
  await svc?.close();
  await fake?.close();
});

const chat = (auth: Record<string, string>, content: string, extra: Record<string, unknown> = {}) =>
  fetch(`${url}/v1/chat/completions`, jsonRequest({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }], ...extra }, auth));
const jobIdOf = (completion: { id: string }) => completion.id.replace(/^chatcmpl-/, '');
/** Whether the request went through the queue: a queued request's BullMQ job is kept an hour after it ends. */
const queued = async (jobId: string) => (await svc.rt.queues.get('text').getJob(jobId)) !== undefined;
const ledgerOf = (sourceId: string) => svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, sourceId));
const holdsOf = (sourceId: string) => svc.rt.db.select().from(usageReservations).where(eq(usageReservations.sourceId, sourceId));
const reservedOf = async (accountId: string) => {
  const rows = await svc.rt.db
    .select()
    .from(usageTotals)
    .where(and(eq(usageTotals.accountId, accountId), eq(usageTotals.metric, 'text_tokens')));
  return rows.reduce((n, r) => n + r.reserved, 0);
};
const eventsOf = (accountId: string, type: string) =>
  svc.rt.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.accountId, accountId), eq(webhookEvents.type, type)));
async function addEndpoint(accountId: string) {
  await svc.rt.db
    .insert(webhookEndpoints)
    .values({ id: newId('whep'), accountId, url: 'https://example.com/hooks', secret: `whsec_${randomBytes(24).toString('base64')}` });
}
function expectValidPayload(type: string, data: unknown) {
  const issues = v.safeParse(WEBHOOK_EVENT_PAYLOADS[type as WebhookEventType], data).issues;
  expect(issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
}

describe('POST /v1/chat/completions answered in place (TEXT_PROVIDER=openai)', () => {
  it('writes what a worker writes, without the queue: the finished row, the bill under the key, no hold, job.completed', async () => {
    const { accountId, keyId, auth } = await createTestAccount(svc.rt, 'business');
    await addEndpoint(accountId);
    const res = await chat(auth, 'Tell me about owls.');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; usage: unknown; choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toBe('Owls hunt at night.');
    expect(body.usage).toEqual({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const id = jobIdOf(body);
    expect(await queued(id)).toBe(false);

    const row = (await findJob(svc.rt.db, id))!;
    expect(row).toMatchObject({ status: 'succeeded', kind: 'text.chat', keyId, attempts: 1, error: null });
    expect(row.result).toMatchObject({ id, text: 'Owls hunt at night.', tokens_used: 26, finish_reason: 'stop' });
    expect(await ledgerOf(id)).toEqual([expect.objectContaining({ accountId, keyId, product: 'text', metric: 'text_tokens', quantity: 26 })]);
    expect(await holdsOf(id)).toEqual([]);
    expect(await reservedOf(accountId)).toBe(0);
    const [event] = await eventsOf(accountId, 'job.completed');
    expect(event!.data).toEqual(JSON.parse(JSON.stringify(finishedJobView(row))));
    expectValidPayload('job.completed', event!.data);

    const job = await fetch(`${url}/v1/jobs/${id}`, { headers: auth });
    expect(job.status).toBe(200);
    expect(await job.json()).toEqual(row.result);
    const usage = (await (await fetch(`${url}/v1/usage`, { headers: auth })).json()) as { usage: { text_tokens: number } };
    expect(usage.usage.text_tokens).toBe(26);
  });

  it('records usage.quota_warning when its bill crosses 80 % of the quota, with the data a worker bill records', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    await addEndpoint(accountId);
    const quota = (await findAccountQuotas(svc.rt.db, accountId))!.text_tokens!;
    const period = billingPeriodOf(new Date());
    const before = quota * 0.8 - 10;
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, { accountId, keyId: null, product: 'text', metric: 'text_tokens', quantity: before, sourceId: newId('gen'), periodKey: period.key }),
    );
    expect(await eventsOf(accountId, 'usage.quota_warning')).toEqual([]);
    expect((await chat(auth, 'Tell me about owls.', { max_tokens: 50 })).status).toBe(200);
    const [warning] = await eventsOf(accountId, 'usage.quota_warning');
    expect(warning!.data).toEqual({ metric: 'text_tokens', used: before + 26, quota, period_start: period.startIso, period_end: period.endIso });
    expectValidPayload('usage.quota_warning', warning!.data);
    expect(await eventsOf(accountId, 'usage.quota_exceeded')).toEqual([]);
    expect((await chat(auth, 'Tell me about owls again.', { max_tokens: 50 })).status).toBe(200);
    expect(await eventsOf(accountId, 'usage.quota_warning')).toHaveLength(1);
  });

  it("answers a provider's refusal with 502 and bills nothing; a provider's 500 is retried on the queue and billed once", async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'business');
    const refused = await chat(auth, 'Please refuse this.');
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/text provider refused the request/);
    const [failedRow] = await svc.rt.db.execute<{ id: string; status: string }>(
      sql`SELECT id, status FROM jobs WHERE account_id = ${accountId} AND kind = 'text.chat'`,
    );
    expect(failedRow!.status).toBe('failed');
    expect(await ledgerOf(failedRow!.id)).toEqual([]);
    expect(await reservedOf(accountId)).toBe(0);

    const retried = await chat(auth, 'A flaky question about owls.');
    expect(retried.status).toBe(200);
    const id = jobIdOf((await retried.json()) as { id: string });
    expect(seen.filter((s) => s === 'A flaky question about owls.')).toHaveLength(2);
    expect(await queued(id)).toBe(true);
    expect(await ledgerOf(id)).toEqual([expect.objectContaining({ quantity: 26 })]);
    expect(await holdsOf(id)).toEqual([]);
  });

  it("sends an account's calls past IN_PLACE_CALLS_PER_ACCOUNT to the queue, while another account's still go in place", async () => {
    const a = await createTestAccount(svc.rt, 'business');
    const b = await createTestAccount(svc.rt, 'business');
    const first = held.length;
    // Two calls of A hold both its places (IN_PLACE_CALLS_PER_ACCOUNT=2) until the fake answers them.
    const holding = [chat(a.auth, 'hold one'), chat(a.auth, 'hold two')];
    await until('both held calls at the provider', async () => held.length >= first + 2);
    const third = await chat(a.auth, 'A third question from A.');
    expect(third.status).toBe(200);
    expect(await queued(jobIdOf((await third.json()) as { id: string }))).toBe(true);
    const other = await chat(b.auth, 'A question from B.');
    expect(await queued(jobIdOf((await other.json()) as { id: string }))).toBe(false);

    for (const res of held.splice(first)) answer(res);
    const answered = await Promise.all(holding);
    for (const res of answered) expect(await queued(jobIdOf((await res.json()) as { id: string }))).toBe(false);
    // The places are free again.
    const after = await chat(a.auth, 'A fourth question from A.');
    await until('the lane to be left', async () => (await svc.rt.redis.zcard(svc.rt.keys.inPlaceLane(a.accountId))) === 0);
    expect(await queued(jobIdOf((await after.json()) as { id: string }))).toBe(false);
  });

  it('holds the quota under 100 parallel requests: exactly the 10 that fit are answered, billed, and nothing stays held', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free', 100_000);
    const quota = (await findAccountQuotas(svc.rt.db, accountId))!.text_tokens!;
    // Each holds its prompt (under 20 tokens) and max_tokens: ten fit the quota, eleven do not.
    const maxTokens = Math.floor(quota / 10) - 20;
    const pending = Array.from({ length: 100 }, (_, i) => chat(auth, `hold request ${i}`, { max_tokens: maxTokens }));
    const settled: Response[] = [];
    for (const p of pending)
      void p.then(
        (r) => settled.push(r),
        () => {},
      );
    // The ten admitted wait at the provider (in place) or in the queue; the ninety others are refused at once.
    await until('90 answers', async () => settled.length === 90);
    for (const res of settled) {
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_quota');
    }
    expect(await reservedOf(accountId)).toBeLessThanOrEqual(quota);
    holding = false;
    for (const res of held.splice(0)) answer(res);
    const answered = (await Promise.all(pending)).filter((r) => r.status === 200);
    expect(answered).toHaveLength(10);
    holding = true;
    const [billed] = await svc.rt.db.execute<{ total: string }>(
      sql`SELECT coalesce(sum(quantity), 0) AS total FROM usage_ledger WHERE account_id = ${accountId}`,
    );
    expect(Number(billed!.total)).toBe(10 * 26);
    expect(await reservedOf(accountId)).toBe(0);
  });

  it('streams the provider’s deltas as chunks, bills before [DONE]; a stream the provider cuts ends with an error event, billed for what was sent', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'business');
    const res = await chat(auth, 'Stream about owls.', { stream: true, stream_options: { include_usage: true } });
    expect(res.status).toBe(200);
    const events = sseReader(res);
    const chunks: { id: string; choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown }[] = [];
    for (let e = await events.next(); e && e.data !== '[DONE]'; e = await events.next()) chunks.push(JSON.parse(e.data));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Owls hunt at night.');
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toEqual({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const id = jobIdOf(chunks[0]!);
    expect(await queued(id)).toBe(false);
    expect((await findJob(svc.rt.db, id))!.status).toBe('succeeded');
    expect(await ledgerOf(id)).toEqual([expect.objectContaining({ quantity: 26 })]);

    const cut = await chat(auth, 'Stream about owls and break.', { stream: true });
    const cutEvents = sseReader(cut);
    const data: string[] = [];
    for (let e = await cutEvents.next(); e; e = await cutEvents.next()) {
      data.push(e.data);
      if (e.data.includes('Owls')) cutStream();
    }
    const last = JSON.parse(data.at(-1)!) as { error: { code: string; message: string } };
    expect(last.error.message).toMatch(/failed mid-answer/);
    const cutId = jobIdOf(JSON.parse(data[0]!) as { id: string });
    const row = (await findJob(svc.rt.db, cutId))!;
    expect(row).toMatchObject({ status: 'failed', error: { code: 'upstream_error' } });
    // The prompt and the words written before the cut ("Owls hunt").
    const [line] = await ledgerOf(cutId);
    expect(line!.quantity).toBeGreaterThan(2);
    expect(line!.quantity).toBeLessThan(26);
    expect(await reservedOf(accountId)).toBe(0);
  });
});

describe('POST /v1/jobs/{id}/cancel on a chat answered in place', () => {
  it('stops the provider from any web process: the stream ends cancelled, billed for the prompt; another account gets 404', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'business');
    const other = await createTestAccount(svc.rt, 'business');
    const first = held.length;
    const res = await chat(auth, 'Stream and hold about owls.', { stream: true });
    const events = sseReader(res);
    const id = jobIdOf(JSON.parse((await events.next())!.data) as { id: string });
    await until('the call at the provider', async () => held.length > first);
    expect((await fetch(`${url}/v1/jobs/${id}/cancel`, { method: 'POST', headers: other.auth })).status).toBe(404);
    const cancel = await fetch(`${url}/v1/jobs/${id}/cancel`, { method: 'POST', headers: auth });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ id, status: 'cancelled' });
    const rest = await events.all();
    expect(JSON.parse(rest.at(-1)!.data).error.code).toBe('cancelled');
    expect((await findJob(svc.rt.db, id))!.error).toMatchObject({ code: 'cancelled', message: expect.stringMatching(/on request/) });
    const [line] = await ledgerOf(id);
    expect(line!.quantity).toBe(countTokens('Stream and hold about owls.'));
    expect(await reservedOf(accountId)).toBe(0);
    expect(svc.rt.inPlaceCalls.running).toBe(0);
    held.splice(first);
  });

  it('answers a non-streamed caller 409 cancelled', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'business');
    const first = held.length;
    const pending = chat(auth, 'Please hold this question about owls.');
    await until('the call at the provider', async () => held.length > first);
    const [id] = await svc.rt.redis.zrange(svc.rt.keys.inPlaceLane(accountId), 0, -1);
    expect((await fetch(`${url}/v1/jobs/${id}/cancel`, { method: 'POST', headers: auth })).status).toBe(200);
    const res = await pending;
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('cancelled');
    expect(await reservedOf(accountId)).toBe(0);
    held.splice(first);
  });
});

describe('holds whose request died before its bill (usage.release-orphan-holds)', () => {
  it('gives back an old hold without a live row, and keeps a queued request’s and a young one', async () => {
    const { accountId } = await createTestAccount(svc.rt, 'business');
    const periodKey = billingPeriodOf(new Date()).key;
    const hold = (sourceId: string, quantity: number) =>
      svc.rt.db.transaction((tx) => reserveUsage(tx, { accountId, metric: 'text_tokens', quantity, quota: null, sourceId, periodKey }));
    const [orphan, waiting, young] = [newId('cmpl'), newId('cmpl'), newId('cmpl')];
    await hold(orphan, 100);
    await hold(waiting, 20);
    await hold(young, 3);
    await insertJob(svc.rt.db, { id: waiting, accountId, keyId: null, kind: 'text.chat', input: {} });
    // Two days old: older than anything the rest of the suite (which shares the database) holds.
    await svc.rt.db.execute(sql`UPDATE usage_reservations SET created_at = now() - interval '2 days' WHERE source_id IN (${orphan}, ${waiting})`);
    expect(await reservedOf(accountId)).toBe(123);

    const released = await releaseOrphanReservations(svc.rt.db, new Date(Date.now() - 86_400_000), 1_000);
    expect(released).toEqual([{ sourceId: orphan, accountId, metric: 'text_tokens', quantity: 100 }]);
    expect(await reservedOf(accountId)).toBe(23);
    expect(await holdsOf(waiting)).toHaveLength(1);
    expect(await holdsOf(young)).toHaveLength(1);
  });
});
