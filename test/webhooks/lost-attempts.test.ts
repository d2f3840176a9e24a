import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { newId, randomBase62 } from '../../src/ids';
import { attemptJobId } from '../../src/webhooks/delivery-ids';
import { LOST_ATTEMPT_GRACE_MS, requeueLostDeliveries } from '../../src/webhooks/requeue-lost';
import { SCHEDULES } from '../../src/workers/schedules';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { referenceVerify, startReceiver, type Receiver } from './receiver';

/**
 * The sweep for attempts whose job was lost, on a database of this file's own: the sweep looks at every
 * pending delivery of its database, and this file's worker delivers whatever the sweep queues, so on the
 * shared database it would send other files' deliveries (and theirs this file's).
 */
let db: OwnDatabase;
let svc: TestService;
let receiver: Receiver;
let workers: WorkerSet | null = null;

beforeAll(async () => {
  db = await createOwnDatabase('kiln_hooks_lost');
  svc = await startTestService({ DATABASE_URL: db.url, FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_MS: '60000,60000' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await workers?.close(5_000);
  await receiver?.close();
  await svc?.close();
  await db?.drop();
});

const minutesAgo = (m: number) => sql`now() - make_interval(mins => ${m})`;

/** An endpoint at the receiver and one event of the account, dispatched (the relay is done with it). */
async function endpointWithEvent(path: string) {
  const { accountId, auth } = await createTestAccount(svc.rt, 'free');
  const res = await svc.app.request('/v1/webhooks', jsonRequest({ url: receiver.url(path) }, auth));
  expect(res.status).toBe(201);
  const endpoint = (await res.json()) as { id: string; secret: string };
  const eventId = newId('msg');
  await svc.rt.db.insert(webhookEvents).values({ id: eventId, accountId, type: 'job.completed', data: { path }, dispatchedAt: new Date() });
  return { accountId, auth, endpoint, eventId };
}

/** A delivery in the state a worker leaves it in; no job is queued for it. */
async function delivery(endpointId: string, eventId: string, row: Partial<typeof webhookDeliveries.$inferInsert> & { createdMinutesAgo?: number }) {
  const id = `whd_${randomBase62(24).toLowerCase()}`;
  const { createdMinutesAgo = 0, ...rest } = row;
  await svc.rt.db.insert(webhookDeliveries).values({ id, eventId, endpointId, ...rest, createdAt: sql`${minutesAgo(createdMinutesAgo)}` as never });
  return id;
}

const webhooks = () => svc.rt.queues.get('webhooks');

describe('the lost-attempt sweep', () => {
  it('is scheduled on the maintenance queue', () => {
    expect(SCHEDULES.find((s) => s.name === 'webhooks.requeue-lost')?.everyMs).toBe(60_000);
  });

  it('queues, under the lost job’s id, the next attempt of overdue pending deliveries only; a second sweep adds nothing; a worker then sends each once', async () => {
    const { endpoint, eventId } = await endpointWithEvent('/lost');
    const other = await endpointWithEvent('/fresh');
    // Failed once, then the worker died before queueing attempt 2: due ten minutes ago.
    const lostRetry = await delivery(endpoint.id, eventId, {
      attempts: 1,
      lastAttemptAt: new Date(),
      nextAttemptAt: minutesAgo(10) as never,
      createdMinutesAgo: 11,
    });
    // Written by the relay (or the test-event route), its first job lost with Redis's data.
    const lostFirst = await delivery(other.endpoint.id, other.eventId, { createdMinutesAgo: 10 });
    // Due within the grace: its job may be a moment from running.
    const { endpoint: recentEp, eventId: recentEv } = await endpointWithEvent('/recent');
    const recent = await delivery(recentEp.id, recentEv, { attempts: 1, nextAttemptAt: sql`now() - interval '30 seconds'` as never, createdMinutesAgo: 1 });
    // Finished: never touched, however old.
    const { endpoint: doneEp, eventId: doneEv } = await endpointWithEvent('/done');
    const done = await delivery(doneEp.id, doneEv, { status: 'succeeded', attempts: 1, createdMinutesAgo: 60 });
    // Overdue, but its job exists (late behind a backlog): not doubled.
    const { endpoint: lateEp, eventId: lateEv, accountId: lateAccount } = await endpointWithEvent('/late');
    const late = await delivery(lateEp.id, lateEv, { attempts: 2, nextAttemptAt: minutesAgo(5) as never, createdMinutesAgo: 30 });
    await svc.rt.queues.enqueue('webhook.deliver', { id: late, attempt: 3 }, { jobId: attemptJobId(late, 3), delay: 3_600_000, account: lateAccount });

    expect(LOST_ATTEMPT_GRACE_MS).toBeGreaterThan(30_000);
    const first = await requeueLostDeliveries(svc.rt);
    expect(first).toEqual({ overdue: 3, added: 2, retried: 0 });
    const again = await Promise.all([requeueLostDeliveries(svc.rt), requeueLostDeliveries(svc.rt)]);
    expect(again.map((r) => r.added)).toEqual([0, 0]);

    const jobs = await webhooks().getJobs(['wait', 'prioritized', 'delayed']);
    const forThese = jobs.filter((j) => [lostRetry, lostFirst, recent, done, late].some((id) => j.data.id === id));
    expect(forThese.map((j) => [j.id, j.data]).sort()).toEqual(
      [
        [`${lostRetry}-a2`, { id: lostRetry, attempt: 2 }],
        [lostFirst, { id: lostFirst, attempt: 1 }],
        [`${late}-a3`, { id: late, attempt: 3 }],
      ].sort(),
    );
    expect(attemptJobId(lostRetry, 2)).toBe(`${lostRetry}-a2`);

    workers = await startWorkers(svc.rt, { queues: ['webhooks'] });
    const rows = () =>
      svc.rt.db
        .select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, [lostRetry, lostFirst]));
    const finished = await until('both swept deliveries to succeed', async () => {
      const r = await rows();
      return r.every((d) => d.status === 'succeeded') && r;
    });
    expect(Object.fromEntries(finished.map((d) => [d.id, d.attempts]))).toEqual({ [lostRetry]: 2, [lostFirst]: 1 });
    expect(receiver.received('/lost')).toHaveLength(1);
    expect(receiver.received('/fresh')).toHaveLength(1);
    expect(referenceVerify(endpoint.secret, receiver.received('/lost')[0]!)).toBe(true);
    expect(receiver.received('/lost')[0]!.headers['webhook-id']).toBe(eventId);
    expect(receiver.received('/recent')).toEqual([]);
    expect(receiver.received('/late')).toEqual([]);
    await webhooks().remove(attemptJobId(late, 3));
  });

  it('runs again a job that finished without recording its attempt (endpoint disabled, then enabled and the delivery replayed)', async () => {
    const { endpoint, eventId, accountId } = await endpointWithEvent('/again');
    await svc.rt.db.update(webhookEndpoints).set({ disabledAt: new Date(), disabledReason: 'test' }).where(eq(webhookEndpoints.id, endpoint.id));
    const id = await delivery(endpoint.id, eventId, { attempts: 1, nextAttemptAt: new Date(), createdMinutesAgo: 20 });
    workers ??= await startWorkers(svc.rt, { queues: ['webhooks'] });
    await svc.rt.queues.enqueue('webhook.deliver', { id, attempt: 2 }, { jobId: attemptJobId(id, 2), account: accountId });
    const row = async () => (await svc.rt.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
    await until('the attempt to find the endpoint disabled', async () => (await row()).status === 'failed');
    expect(await webhooks().getJobState(attemptJobId(id, 2))).toBe('completed');

    // Enabled again and replayed, but the replay's job was lost: pending, overdue, the attempt's id taken by a finished job.
    await svc.rt.db.update(webhookEndpoints).set({ disabledAt: null, disabledReason: null }).where(eq(webhookEndpoints.id, endpoint.id));
    await svc.rt.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: minutesAgo(5) as never })
      .where(eq(webhookDeliveries.id, id));
    const swept = await requeueLostDeliveries(svc.rt);
    expect(swept).toMatchObject({ retried: 1 });
    await until('the delivery to succeed', async () => (await row()).status === 'succeeded');
    expect((await row()).attempts).toBe(2);
    expect(receiver.received('/again')).toHaveLength(1);
    expect(referenceVerify(endpoint.secret, receiver.received('/again')[0]!)).toBe(true);
  });
});
