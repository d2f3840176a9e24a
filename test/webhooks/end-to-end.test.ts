import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { attemptJobId } from '../../src/webhooks/delivery-ids';
import { LOST_ATTEMPT_GRACE_MS, requeueLostDeliveries } from '../../src/webhooks/requeue-lost';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { startFileHost, type FileHost } from '../support/file-host';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { spawnKiln, type Spawned } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

/**
 * Webhooks through real processes: a worker started as `src/main.ts worker` builds a deployment from an
 * archive on loopback and delivers its events to a receiver on loopback that checks every signature.
 * The spawned workers run the outbox relay, which dispatches every undispatched event of its database, so
 * this file runs on a database of its own (the suite's files share one): its workers see only its rows,
 * and no other file's relay sends its events. The deadlines only catch hangs; timings are printed.
 */
const HANG_MS = 3 * 60_000;

interface Arrival {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  type: string;
  data: Record<string, any>;
  /** The event's `timestamp` (when its state change committed), in ms. */
  happenedAt: number;
  arrivedAt: number;
}

/**
 * The Standard Webhooks check written out from the spec, not taken from Kiln: HMAC-SHA256 keyed with the
 * base64 key after `whsec_`, over `${webhook-id}.${webhook-timestamp}.${body}`, base64, sent as `v1,<mac>`
 * (space-separated when there are several).
 */
function verifiedBySpec(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string' || !/^\d+$/.test(ts)) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.split(' ').some((candidate) => {
    if (!candidate.startsWith('v1,')) return false;
    const given = Buffer.from(candidate.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A receiver on loopback. It records only what verifies against the secret it is given (anything else
 * is counted as refused and answered 401, as a real receiver would); while `holding`, it answers nothing,
 * so the sender is stuck mid-delivery.
 */
async function startVerifyingReceiver() {
  let secret = '';
  let holding = false;
  const statuses: number[] = [];
  const arrivals: Arrival[] = [];
  const held: ServerResponse[] = [];
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifiedBySpec(secret, req.headers, body)) {
        refused++;
        res.writeHead(401).end('bad signature');
        return;
      }
      const parsed = JSON.parse(body) as { type: string; timestamp: string; data: Record<string, any> };
      arrivals.push({
        id: req.headers['webhook-id'] as string,
        headers: req.headers,
        body,
        type: parsed.type,
        data: parsed.data,
        happenedAt: Date.parse(parsed.timestamp),
        arrivedAt: Date.now(),
      });
      if (holding) held.push(res);
      else res.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  server.on('clientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    refused: () => refused,
    useSecret: (s: string) => {
      secret = s;
    },
    hold: (on: boolean) => {
      holding = on;
    },
    /** The statuses of the next answers, in order; 200 after them. */
    answerNext: (...next: number[]) => {
      statuses.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type VerifyingReceiver = Awaited<ReturnType<typeof startVerifyingReceiver>>;

let db: OwnDatabase;
beforeAll(async () => {
  db = await createOwnDatabase('kiln_hooks_e2e');
});
afterAll(async () => {
  await db?.drop();
});

/** Things to stop after each test, newest first, whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/** Killed for good at the end: a worker left running would relay the next test's events into its own Redis. */
function stopProcess(p: Spawned) {
  return async () => {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exited;
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Setup {
  env: Record<string, string>;
  svc: TestService;
  receiver: VerifyingReceiver;
  files: FileHost;
  auth: Record<string, string>;
  accountId: string;
}

/** This file's database, a Redis prefix of the test's own, an account with one endpoint at the receiver. */
async function setUp(overrides: Record<string, string> = {}): Promise<Setup> {
  const env = testEnv({
    DATABASE_URL: db.url,
    FETCH_ALLOW_PRIVATE: 'true',
    WEBHOOK_RELAY: 'true',
    LOG_LEVEL: 'info',
    // A worker binds no edge port but writes the edge's ports into deployment URLs: the same ones as this
    // process's API, which answers with the same deployments.
    EDGE_HTTP_PORT: '8080',
    EDGE_HTTPS_PORT: '8443',
    ...overrides,
  });
  // The workers log (their "workers started" line is awaited); this process does not.
  const svc = await startTestService({}, testConfig({ ...env, LOG_LEVEL: 'silent' }));
  cleanups.push(() => svc.close());
  const receiver = await startVerifyingReceiver();
  cleanups.push(() => receiver.close());
  const files = await startFileHost();
  cleanups.push(() => files.close());
  files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: '<h1>hooked</h1>' }]));
  const { auth, accountId } = await createTestAccount(svc.rt, 'business');
  const created = await svc.app.request('/v1/webhooks', jsonRequest({ url: receiver.url }, auth));
  expect(created.status).toBe(201);
  receiver.useSecret((await created.json()).secret);
  return { env, svc, receiver, files, auth, accountId };
}

async function startWorker(env: Record<string, string>): Promise<Spawned> {
  const worker = spawnKiln('worker', env);
  cleanups.push(stopProcess(worker));
  await worker.waitForLine(/"workers started"/, 60_000);
  return worker;
}

async function deployAndWait(s: Setup, siteId: string): Promise<any> {
  const res = await s.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: siteId, source_url: s.files.url('/site.zip') }, s.auth));
  expect(res.status).toBe(201);
  const { id } = await res.json();
  return until(
    `deployment ${id} to finish`,
    async () => {
      const d = await (await s.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: s.auth })).json();
      return d.status === 'published' || d.status === 'failed' ? d : null;
    },
    HANG_MS,
    100,
  );
}

const endpointOf = async (s: Setup) => (await s.svc.rt.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, s.accountId)))[0]!;

const eventsOf = (s: Setup) => s.svc.rt.db.select().from(webhookEvents).where(eq(webhookEvents.accountId, s.accountId));

describe('webhooks end to end', () => {
  it(
    'a deployment built by a worker process reaches a receiver as signed deployment.building and deployment.published',
    async () => {
      const s = await setUp({ WORKER_QUEUES: 'deploy,webhooks' });
      await startWorker(s.env);
      const deployment = await deployAndWait(s, 'hooked-site');
      expect(deployment.status).toBe('published');

      const forIt = (type: string) => s.receiver.arrivals.filter((a) => a.type === type && a.data.id === deployment.id);
      const [published] = await until(
        'deployment.published at the receiver',
        async () => forIt('deployment.published').length > 0 && forIt('deployment.published'),
        HANG_MS,
      );
      const [building] = await until(
        'deployment.building at the receiver',
        async () => forIt('deployment.building').length > 0 && forIt('deployment.building'),
        HANG_MS,
      );
      // The receiver kept only what its own check of the signature accepted.
      expect(s.receiver.refused()).toBe(0);
      expect(published!.data).toEqual(deployment);
      expect(building!.data).toMatchObject({ id: deployment.id, status: 'building', site_id: 'hooked-site' });
      expect(published!.headers['content-type']).toBe('application/json');
      expect(published!.id).not.toBe(building!.id);
      // Each id is one of this account's outbox events, of that type.
      const events = await eventsOf(s);
      expect(events.find((e) => e.id === published!.id)?.type).toBe('deployment.published');
      expect(events.find((e) => e.id === building!.id)?.type).toBe('deployment.building');
      console.log(
        `[webhooks e2e] state change → arrival: deployment.building ${seconds(building!.arrivedAt - building!.happenedAt)}, deployment.published ${seconds(published!.arrivedAt - published!.happenedAt)}`,
      );
    },
    HANG_MS + 60_000,
  );

  it(
    'a worker SIGKILLed mid-delivery loses nothing: a fresh worker delivers every event, each id once after dedupe',
    async () => {
      // Short locks so that the dead worker's deliveries are taken over soon; nothing else changes.
      const s = await setUp({ QUEUE_LOCK_DURATION_MS: '3000', QUEUE_STALLED_INTERVAL_MS: '1000', WEBHOOK_TIMEOUT_MS: '60000' });
      // The receiver answers nothing: every delivery is on the wire, none acknowledged, when the worker dies.
      s.receiver.hold(true);
      const doomed = await startWorker({ ...s.env, WORKER_QUEUES: 'deploy,webhooks' });
      const first = await deployAndWait(s, 'killed-site');
      const second = await deployAndWait(s, 'killed-site');
      expect([first.status, second.status]).toEqual(['published', 'published']);
      await until('all four events on the wire, unanswered', async () => s.receiver.arrivals.length >= 4, HANG_MS);
      const beforeKill = new Set(s.receiver.arrivals.map((a) => a.id));
      expect(beforeKill.size).toBe(4);
      doomed.child.kill('SIGKILL');
      const killedAt = Date.now();
      expect((await doomed.exited).signal).toBe('SIGKILL');
      const arrivedBeforeKill = s.receiver.arrivals.length;

      // Nothing was recorded as attempted: the deliveries are pending with no attempt, their jobs held by a dead worker.
      const deliveries = () =>
        s.svc.rt.db
          .select()
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.eventId, [...beforeKill]));
      expect((await deliveries()).map((d) => [d.status, d.attempts])).toEqual(Array(4).fill(['pending', 0]));

      // A state change committed while no worker runs: its event waits in the outbox, undispatched.
      s.receiver.hold(false);
      const rollback = await s.svc.app.request(`/v1/hosting/deployments/${first.id}/rollback`, { method: 'POST', headers: s.auth });
      expect(rollback.status).toBe(200);
      const [rolledBack] = (await eventsOf(s)).filter((e) => e.type === 'deployment.rolled_back');
      expect(rolledBack?.dispatchedAt).toBeNull();

      await startWorker({ ...s.env, WORKER_QUEUES: 'webhooks' });
      const events = await eventsOf(s);
      expect(events.map((e) => e.type).sort()).toEqual([
        'deployment.building',
        'deployment.building',
        'deployment.published',
        'deployment.published',
        'deployment.rolled_back',
      ]);
      const eventIds = new Set(events.map((e) => e.id));
      const afterKill = () => s.receiver.arrivals.slice(arrivedBeforeKill);
      await until(
        'every event delivered after the kill',
        async () => {
          const got = new Set(afterKill().map((a) => a.id));
          return [...eventIds].every((id) => got.has(id));
        },
        HANG_MS,
        100,
      );
      const doneAt = Date.now();
      await until('every delivery recorded as succeeded', async () => (await deliveries()).every((d) => d.status === 'succeeded'), HANG_MS);

      // Dedupe by webhook-id, as a receiver does: exactly the account's events, none missing, none extra, and
      // a repeated id always carries the same body.
      const byId = new Map<string, Arrival[]>();
      for (const a of s.receiver.arrivals) byId.set(a.id, [...(byId.get(a.id) ?? []), a]);
      expect(new Set(byId.keys())).toEqual(eventIds);
      for (const [, copies] of byId) expect(new Set(copies.map((c) => c.body)).size).toBe(1);
      // The four cut off by the kill arrived twice (the unanswered send and the fresh worker's); the rest once.
      expect([...byId].map(([id, copies]) => [id, copies.length]).sort()).toEqual([...eventIds].map((id) => [id, beforeKill.has(id) ? 2 : 1]).sort());
      expect(s.receiver.refused()).toBe(0);
      const rows = await s.svc.rt.db
        .select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.eventId, [...eventIds]));
      expect(rows.map((d) => [d.status, d.attempts])).toEqual(Array(5).fill(['succeeded', 1]));
      console.log(`[webhooks e2e] after SIGKILL mid-delivery: all ${eventIds.size} events delivered ${seconds(doneAt - killedAt)} after the kill`);
    },
    2 * HANG_MS + 60_000,
  );

  it(
    'a worker that dies between recording a failed attempt and queueing the retry loses it until the sweep queues it again',
    async () => {
      const s = await setUp({ QUEUE_LOCK_DURATION_MS: '3000', QUEUE_STALLED_INTERVAL_MS: '1000', WEBHOOK_RETRY_DELAYS_MS: '1000', WORKER_QUEUES: 'webhooks' });
      s.receiver.answerNext(500);
      const endpointId = (await endpointOf(s)).id;
      const doomed = spawnKiln('worker', { ...s.env, KILN_FAULT: 'crash-before-retry-queued' });
      cleanups.push(stopProcess(doomed));
      const sent = await s.svc.app.request(`/v1/webhooks/${endpointId}/test`, { method: 'POST', headers: s.auth });
      expect(sent.status).toBe(202);
      const { id: deliveryId, event_id: eventId } = await sent.json();
      expect((await doomed.exited).code).toBe(86);

      const row = async () => (await s.svc.rt.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;
      const queue = s.svc.rt.queues.get('webhooks');
      // The failure is recorded (a retry is due in a second), but no job for attempt 2 exists.
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row()).nextAttemptAt).not.toBeNull();
      expect(await queue.getJobState(attemptJobId(deliveryId, 2))).toBe('unknown');

      // A fresh worker takes the dead one's job over; its attempt is recorded, so it ends without sending or queueing.
      await startWorker(s.env);
      await until('the dead worker’s job run again and finished', async () => (await queue.getJobState(deliveryId)) === 'completed', HANG_MS, 100);
      expect(await queue.getJobState(attemptJobId(deliveryId, 2))).toBe('unknown');
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect(s.receiver.arrivals).toHaveLength(1);

      // The sweep, with its clock past the grace (rather than waiting two minutes), queues attempt 2 under its id.
      // The sweep looks at the whole database: an earlier test's delivery still pending on a slow machine is
      // overdue too by this clock, so only this delivery's own job is asserted.
      const swept = await requeueLostDeliveries(s.svc.rt, { now: new Date(Date.now() + LOST_ATTEMPT_GRACE_MS + 5_000) });
      expect(swept.added).toBeGreaterThanOrEqual(1);
      expect(await queue.getJobState(attemptJobId(deliveryId, 2))).not.toBe('unknown');
      const done = await until('the retry to succeed', async () => ((await row()).status === 'succeeded' ? row() : null), HANG_MS, 100);
      expect(done.attempts).toBe(2);
      expect(s.receiver.arrivals.map((a) => a.id)).toEqual([eventId, eventId]);
      expect(s.receiver.arrivals[1]!.body).toBe(s.receiver.arrivals[0]!.body);
      expect(s.receiver.refused()).toBe(0);
    },
    HANG_MS + 60_000,
  );
});
