import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/metrics';
import { announceWebhookEvents, recordWebhookEvent } from '../../src/webhooks/outbox';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { opaqueEventData } from '../support/event-data';

let db: OwnDatabase;
let svc: TestService;
let workers: WorkerSet;
let receiver: Receiver;

beforeAll(async () => {
  // A database of its own: the relay dispatches every undispatched event of its database.
  db = await createOwnDatabase('kiln_metrics_hooks');
  svc = await startTestService({ DATABASE_URL: db.url, FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_RELAY: 'true', WEBHOOK_RELAY_POLL_MS: '200' });
  workers = await startWorkers(svc.rt, { queues: ['webhooks'] });
  receiver = await startReceiver();
});
afterAll(async () => {
  await workers.close(5_000);
  await receiver.close();
  await svc.close();
  await db.drop();
});

/** The value of one sample of the process's registry (0 when the series has no such sample yet). */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const [base, suffix] = name.endsWith('_count') ? [name.slice(0, -6), name] : [name, name];
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === base);
  const found = metric?.values.find((v) =>
    (v as { metricName?: string }).metricName === suffix || (suffix === base && !(v as { metricName?: string }).metricName)
      ? Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want)
      : false,
  );
  return found?.value ?? 0;
}

describe('webhook metrics', () => {
  it('records the lag from event to delivery, and the delivery job', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const path = `/hook-${Math.random().toString(36).slice(2, 8)}`;
    const res = await svc.app.request('/v1/webhooks', jsonRequest({ url: receiver.url(path) }, auth));
    expect(res.status).toBe(201);
    const lagBefore = await sample('kiln_webhook_delivery_lag_seconds_count');
    const jobsBefore = await sample('kiln_job_duration_seconds_count', { queue: 'webhooks', job: 'webhook.deliver', outcome: 'ok' });
    const eventId = await svc.rt.db.transaction((tx) => recordWebhookEvent(tx, { accountId, type: 'job.completed', data: opaqueEventData({ id: 'gen_1' }) }));
    expect(eventId).toBeTruthy();
    await announceWebhookEvents(svc.rt, svc.rt.log, accountId);
    await until('the event at the receiver', async () => receiver.received(path).length > 0);
    const lag = await until('the lag recorded', async () => {
      const n = await sample('kiln_webhook_delivery_lag_seconds_count');
      return n > lagBefore ? n : null;
    });
    expect(lag).toBe(lagBefore + 1);
    await until(
      'the job timed',
      async () => (await sample('kiln_job_duration_seconds_count', { queue: 'webhooks', job: 'webhook.deliver', outcome: 'ok' })) > jobsBefore,
    );
  });
});
