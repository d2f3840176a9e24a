import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { announceWebhookEvents, recordWebhookEvent } from '../../src/webhooks/outbox';
import { relayWebhookEvents } from '../../src/webhooks/relay';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { referenceVerify, startReceiver, type Receiver } from './receiver';
import { opaqueEventData } from '../support/event-data';

let db: OwnDatabase;
let svc: TestService;
let workers: WorkerSet;
let receiver: Receiver;

beforeAll(async () => {
  // A database of its own: the relay dispatches every undispatched event of its database, and on the shared
  // one it would send other files' events (to their endpoints, under this file's retry settings).
  db = await createOwnDatabase('kiln_hooks_delivery');
  svc = await startTestService({
    DATABASE_URL: db.url,
    FETCH_ALLOW_PRIVATE: 'true',
    WEBHOOK_RELAY: 'true',
    WEBHOOK_RETRY_DELAYS_MS: '50,50',
    WEBHOOK_RELAY_POLL_MS: '200',
  });
  workers = await startWorkers(svc.rt, { queues: ['webhooks'] });
  receiver = await startReceiver();
});
afterAll(async () => {
  await workers.close(5_000);
  await receiver.close();
  await svc.close();
  await db.drop();
});

let pathCount = 0;
const newPath = () => `/hook-${++pathCount}-${Math.random().toString(36).slice(2, 8)}`;

async function addEndpoint(auth: Record<string, string>, path: string, extra: Record<string, unknown> = {}) {
  const res = await svc.app.request('/v1/webhooks', jsonRequest({ url: receiver.url(path), ...extra }, auth));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as { id: string; secret: string; url: string };
}

/** A state change and its event in one transaction, then the notice, as writers do. */
async function emit(accountId: string, type: 'job.completed' | 'deployment.published', data: Record<string, unknown>, announce = true) {
  const id = await svc.rt.db.transaction((tx) => recordWebhookEvent(tx, { accountId, type, data: opaqueEventData(data) }));
  // Only written when an enabled endpoint of the account takes the type.
  if (!id) throw new Error(`no endpoint of ${accountId} takes ${type}`);
  if (announce) await announceWebhookEvents(svc.rt, svc.rt.log, accountId);
  return id;
}

const deliveriesOf = async (auth: Record<string, string>, endpointId: string) => {
  const res = await svc.app.request(`/v1/webhooks/${endpointId}/deliveries`, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()).data as any[];
};

describe('webhook delivery', () => {
  it('delivers a recorded event, signed (checked by an independent implementation), to the endpoints that take its type', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const all = newPath();
    const jobsOnly = newPath();
    const deploymentsOnly = newPath();
    const a = await addEndpoint(auth, all);
    const j = await addEndpoint(auth, jobsOnly, { event_types: ['job.completed'] });
    const d = await addEndpoint(auth, deploymentsOnly, { event_types: ['deployment.published'] });

    const eventId = await emit(accountId, 'job.completed', { id: 'gen_123', status: 'succeeded' });
    const [got] = await until('the event at the receiver', async () => receiver.received(all).length > 0 && receiver.received(all));
    await until('the event at the job-only endpoint', async () => receiver.received(jobsOnly).length > 0);
    expect(referenceVerify(a.secret, got!)).toBe(true);
    expect(referenceVerify(j.secret, got!)).toBe(false);
    expect(got!.headers['webhook-id']).toBe(eventId);
    expect(got!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got!.body);
    expect(body).toEqual({ type: 'job.completed', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: { id: 'gen_123', status: 'succeeded' } });
    expect(referenceVerify(j.secret, receiver.received(jobsOnly)[0]!)).toBe(true);

    // The event is dispatched, and the endpoint that does not take its type got no delivery at all.
    await until('the event marked dispatched', async () => {
      const [e] = await svc.rt.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
      return e?.dispatchedAt;
    });
    expect(await svc.rt.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, d.id))).toEqual([]);
    expect(receiver.received(deploymentsOnly)).toEqual([]);

    const log = await until('the delivery logged as succeeded', async () => {
      const rows = await deliveriesOf(auth, a.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event_id: eventId, event_type: 'job.completed', attempts: 1, last_status_code: 200, last_response: 'answered 200' });
    expect(log[0].last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries a failed delivery with the same webhook-id until it succeeds, and tracks the endpoint’s health', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [500, 200], 'busy');
    const ep = await addEndpoint(auth, path);
    const eventId = await emit(accountId, 'deployment.published', { id: 'dep_1' });
    const got = await until('two attempts at the receiver', async () => receiver.received(path).length >= 2 && receiver.received(path));
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(got.every((r) => referenceVerify(ep.secret, r))).toBe(true);
    expect(got[1]!.body).toBe(got[0]!.body);
    const [row] = await until('the delivery to succeed', async () => {
      const rows = await deliveriesOf(auth, ep.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(row).toMatchObject({ attempts: 2, last_status_code: 200, next_attempt_at: null });
    const endpoint = await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json();
    expect(endpoint).toMatchObject({ status: 'enabled', failing_since: null });
  });

  it('gives up after the schedule, marking the endpoint failing; a replay sends the same event once more', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [503, 503, 503, 200]);
    const ep = await addEndpoint(auth, path);
    const eventId = await emit(accountId, 'job.completed', { id: 'gen_9' });
    const [failed] = await until('the delivery to fail', async () => {
      const rows = await deliveriesOf(auth, ep.id);
      return rows[0]?.status === 'failed' && rows;
    });
    // First attempt and the two retries of WEBHOOK_RETRY_DELAYS_MS=50,50.
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 503 });
    expect(receiver.received(path)).toHaveLength(3);
    const endpoint = await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json();
    expect(endpoint.status).toBe('failing');
    expect(endpoint.failing_since).not.toBeNull();

    const replay = await svc.app.request(`/v1/webhooks/${ep.id}/deliveries/${failed.id}/replay`, { method: 'POST', headers: auth });
    expect(replay.status).toBe(202);
    expect((await replay.json()).status).toBe('pending');
    await until('the replayed attempt', async () => receiver.received(path).length === 4);
    expect(receiver.received(path)[3]!.headers['webhook-id']).toBe(eventId);
    const [after] = await until('the replay to succeed', async () => {
      const rows = await deliveriesOf(auth, ep.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(after.attempts).toBe(4);
    expect((await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json()).status).toBe('enabled');
  });

  it('a burst to several endpoints: every attempt recorded once, each endpoint’s health as its own answers say', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const okPath = newPath();
    const failingPath = newPath();
    receiver.respond(failingPath, [500]);
    const ok = await addEndpoint(auth, okPath);
    const failing = await addEndpoint(auth, failingPath);
    const n = 40;
    const ids = await svc.rt.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++)
        out.push((await recordWebhookEvent(tx, { accountId, type: 'job.completed', data: opaqueEventData({ id: `gen_burst${i}` }) }))!);
      return out;
    });
    await announceWebhookEvents(svc.rt, svc.rt.log, accountId);
    await until('every event at the healthy endpoint', async () => new Set(receiver.received(okPath).map((r) => r.headers['webhook-id'])).size === n);
    // Three attempts each at the failing one (WEBHOOK_RETRY_DELAYS_MS=50,50), then failed.
    await until('every delivery to the failing endpoint given up', async () => {
      const rows = await svc.rt.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, failing.id));
      return rows.length === n && rows.every((r) => r.status === 'failed');
    });
    const counts = await svc.rt.db.execute<{ endpoint_id: string; status: string; deliveries: number; attempts: number; logged: number }>(sql`
      SELECT d.endpoint_id, d.status, count(*)::int AS deliveries, sum(d.attempts)::int AS attempts,
        (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries d2 ON d2.id = a.delivery_id WHERE d2.endpoint_id = d.endpoint_id) AS logged
      FROM webhook_deliveries d WHERE d.endpoint_id IN (${ok.id}, ${failing.id}) GROUP BY d.endpoint_id, d.status`);
    expect(counts.map((c) => ({ ...c }))).toEqual(
      expect.arrayContaining([
        { endpoint_id: ok.id, status: 'succeeded', deliveries: n, attempts: n, logged: n },
        { endpoint_id: failing.id, status: 'failed', deliveries: n, attempts: 3 * n, logged: 3 * n },
      ]),
    );
    expect(receiver.received(failingPath)).toHaveLength(3 * n);
    expect(new Set(receiver.received(okPath).map((r) => r.headers['webhook-id']))).toEqual(new Set(ids));
    const [healthy, sick] = await Promise.all([ok.id, failing.id].map(async (id) => (await svc.app.request(`/v1/webhooks/${id}`, { headers: auth })).json()));
    expect(healthy).toMatchObject({ status: 'enabled', failing_since: null });
    expect(sick.status).toBe('failing');
  });

  it('an answer with a NUL and an emoji cut at the excerpt’s end is recorded (and fails no other record)', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const odd = newPath();
    const plain = newPath();
    receiver.respond(odd, [200], `${'x'.repeat(499)}\u{1F600}\u0000 and more`);
    const a = await addEndpoint(auth, odd);
    const b = await addEndpoint(auth, plain);
    await emit(accountId, 'job.completed', { id: 'gen_odd' });
    const [row] = await until('the odd answer logged', async () => {
      const rows = await deliveriesOf(auth, a.id);
      return rows[0]?.status === 'succeeded' && rows;
    });
    expect(row.last_response).toBe(`${'x'.repeat(499)}\ufffd`);
    await until('the other endpoint’s delivery logged', async () => (await deliveriesOf(auth, b.id))[0]?.status === 'succeeded');
  });

  it('picks up an event whose notice was never sent (the writer died after its commit) by polling', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    const ep = await addEndpoint(auth, path);
    const eventId = await emit(accountId, 'job.completed', { id: 'gen_silent' }, false);
    const [got] = await until('the unannounced event at the receiver', async () => receiver.received(path).length > 0 && receiver.received(path));
    expect(got!.headers['webhook-id']).toBe(eventId);
    expect(referenceVerify(ep.secret, got!)).toBe(true);
  });

  it('a relay pass run again (or by a second relay) sends nothing twice', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    await addEndpoint(auth, path);
    const eventId = await emit(accountId, 'job.completed', { id: 'gen_twice' });
    await until('the delivery', async () => receiver.received(path).length > 0);
    // Make the event look undispatched again, as if the relay died before marking it, and run passes by hand.
    await svc.rt.db.update(webhookEvents).set({ dispatchedAt: null }).where(eq(webhookEvents.id, eventId));
    await Promise.all([relayWebhookEvents(svc.rt), relayWebhookEvents(svc.rt)]);
    await until('the event dispatched again', async () => {
      const [e] = await svc.rt.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
      return e?.dispatchedAt;
    });
    const rows = await svc.rt.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    expect(receiver.received(path)).toHaveLength(1);
  });

  it('sends a test event to that endpoint only', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const one = newPath();
    const other = newPath();
    const ep = await addEndpoint(auth, one, { event_types: ['voice.ready'] });
    await addEndpoint(auth, other);
    const res = await svc.app.request(`/v1/webhooks/${ep.id}/test`, { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    const delivery = await res.json();
    expect(delivery).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const [got] = await until('the test event', async () => receiver.received(one).length > 0 && receiver.received(one));
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: ep.id } });
    expect(got!.headers['webhook-id']).toBe(delivery.event_id);
    expect(referenceVerify(ep.secret, got!)).toBe(true);
    await until('the test delivery logged', async () => (await deliveriesOf(auth, ep.id))[0]?.status === 'succeeded');
    expect(receiver.received(other)).toEqual([]);
  });

  it('disables an endpoint failing for five days: the failing attempt ends it, and no more deliveries are made', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [500]);
    const ep = await addEndpoint(auth, path);
    await svc.rt.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '5 days 1 minute'` }).where(eq(webhookEndpoints.id, ep.id));
    await emit(accountId, 'job.completed', { id: 'gen_last' });
    const endpoint = await until('the endpoint disabled', async () => {
      const e = await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json();
      return e.status === 'disabled' && e;
    });
    expect(endpoint.disabled_reason).toMatch(/failed for 5 days.*HTTP 500/);
    // Kiln disabled it: one event in the account's audit trail, by the system, written with the change.
    const disabledEvents = await svc.rt.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'webhook.disabled')));
    expect(disabledEvents).toHaveLength(1);
    expect(disabledEvents[0]).toMatchObject({ actorKind: 'system', target: ep.id, detail: { url: ep.url, reason: endpoint.disabled_reason } });
    const [delivery] = await deliveriesOf(auth, ep.id);
    // No retry after the attempt that disabled it.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(receiver.received(path)).toHaveLength(1);

    // A disabled endpoint takes nothing more: no event is even written for it.
    const later = await svc.rt.db.transaction((tx) => recordWebhookEvent(tx, { accountId, type: 'job.completed', data: opaqueEventData({ id: 'gen_after' }) }));
    expect(later).toBeNull();
    expect(await deliveriesOf(auth, ep.id)).toHaveLength(1);
    const test = await svc.app.request(`/v1/webhooks/${ep.id}/test`, { method: 'POST', headers: auth });
    expect(test.status).toBe(409);
    expect((await test.json()).error.code).toBe('webhook_endpoint_disabled');
    const replay = await svc.app.request(`/v1/webhooks/${ep.id}/deliveries/${delivery.id}/replay`, { method: 'POST', headers: auth });
    expect(replay.status).toBe(409);
    expect(receiver.received(path)).toHaveLength(1);
  });

  it('an endpoint enabled again gets new events; what it missed while disabled can be replayed', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [410, 200]);
    const ep = await addEndpoint(auth, path);
    const missedId = await emit(accountId, 'job.completed', { id: 'gen_missed' });
    await until('the endpoint disabled', async () => (await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json()).status === 'disabled');
    const [missed] = await deliveriesOf(auth, ep.id);
    const audited = async () =>
      (await svc.rt.db.select().from(auditEvents).where(eq(auditEvents.accountId, accountId)))
        .filter((e) => e.action === 'webhook.disabled' || e.action === 'webhook.enabled')
        .map((e) => `${e.action} ${e.actorKind}`);
    expect(await audited()).toEqual(['webhook.disabled system']);
    expect(missed).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });

    const enabled = await svc.app.request(`/v1/webhooks/${ep.id}/enable`, { method: 'POST', headers: auth });
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toMatchObject({ status: 'enabled', failing_since: null, disabled_at: null });
    expect((await audited()).sort()).toEqual(['webhook.disabled system', 'webhook.enabled api_key']);
    const nextId = await emit(accountId, 'job.completed', { id: 'gen_next' });
    await until('the new event at the receiver', async () => receiver.received(path).some((r) => r.headers['webhook-id'] === nextId));
    const replay = await svc.app.request(`/v1/webhooks/${ep.id}/deliveries/${missed.id}/replay`, { method: 'POST', headers: auth });
    expect(replay.status).toBe(202);
    await until('the missed event replayed', async () => receiver.received(path).filter((r) => r.headers['webhook-id'] === missedId).length === 2);
    expect(receiver.received(path).every((r) => referenceVerify(ep.secret, r))).toBe(true);
    expect(receiver.received(path)).toHaveLength(3);
  });

  it('an endpoint answering 410 Gone is disabled at once', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [410]);
    const ep = await addEndpoint(auth, path);
    await emit(accountId, 'job.completed', { id: 'gen_gone' });
    const endpoint = await until('the endpoint disabled', async () => {
      const e = await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json();
      return e.status === 'disabled' && e;
    });
    expect(endpoint.disabled_reason).toMatch(/410 Gone/);
    expect(receiver.received(path)).toHaveLength(1);
  });

  it('a redirect is a failure and is not followed', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = newPath();
    receiver.respond(path, [302]);
    const ep = await addEndpoint(auth, path);
    await emit(accountId, 'job.completed', { id: 'gen_moved' });
    const [row] = await until('the delivery to fail', async () => {
      const rows = await deliveriesOf(auth, ep.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(row.last_status_code).toBe(302);
    expect(receiver.received(path)).toHaveLength(3);
  });

  it('a replay of a delivery still being retried is refused', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const ep = await addEndpoint(auth, newPath());
    // A pending delivery whose attempt has not run: written directly, never queued.
    const [event] = await svc.rt.db
      .insert(webhookEvents)
      .values({
        id: `msg_pending${Date.now()}`,
        accountId: (await svc.rt.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!.accountId,
        type: 'job.completed',
        data: {},
        dispatchedAt: new Date(),
      })
      .returning();
    await svc.rt.db.insert(webhookDeliveries).values({ id: `whd_pending${Date.now()}`, eventId: event!.id, endpointId: ep.id });
    const [pending] = await deliveriesOf(auth, ep.id);
    const res = await svc.app.request(`/v1/webhooks/${ep.id}/deliveries/${pending.id}/replay`, { method: 'POST', headers: auth });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('webhook_delivery_pending');
  });
});
