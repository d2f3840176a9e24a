import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { newWebhookSecret } from '../../src/webhooks/signature';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { startReceiver, type Receiver } from './receiver';

// FETCH_ALLOW_PRIVATE=false (the default): a loopback receiver must never be contacted. The relay stays
// off here (the test event needs none), so this file never claims another file's events.
let svc: TestService;
let workers: WorkerSet;
let receiver: Receiver;

beforeAll(async () => {
  svc = await startTestService({ WEBHOOK_RETRY_DELAYS_MS: '50,50' });
  workers = await startWorkers(svc.rt, { queues: ['webhooks'] });
  receiver = await startReceiver();
});
afterAll(async () => {
  await workers.close(5_000);
  await receiver.close();
  await svc.close();
});

describe('webhook endpoints on non-public addresses', () => {
  it('are refused at creation when the URL names one', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const url of [receiver.url('/x'), 'http://localhost:9/hook', 'http://[::1]/hook', 'http://10.0.0.8/hook']) {
      const res = await svc.app.request('/v1/webhooks', jsonRequest({ url }, auth));
      const body = await res.json();
      expect(res.status, url).toBe(400);
      expect(body.error.message).toMatch(/'url' cannot be fetched: .*non-public|loopback/);
    }
  });

  it('are refused at delivery time with no network contact: every attempt is recorded as refused and fails', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    // As if the name resolved to a public address when it was added and to loopback now.
    const id = newId('whep');
    await svc.rt.db.insert(webhookEndpoints).values({ id, accountId, url: receiver.url('/private'), secret: newWebhookSecret() });
    const res = await svc.app.request(`/v1/webhooks/${id}/test`, { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    const [row] = await until('the delivery to fail', async () => {
      const page = await (await svc.app.request(`/v1/webhooks/${id}/deliveries`, { headers: auth })).json();
      return page.data[0]?.status === 'failed' && page.data;
    });
    expect(row).toMatchObject({ attempts: 3, last_status_code: null });
    expect(row.last_response).toMatch(/^refused: .*non-public address \(loopback\)/);
    expect(receiver.received('/private')).toEqual([]);
    const endpoint = await (await svc.app.request(`/v1/webhooks/${id}`, { headers: auth })).json();
    expect(endpoint.status).toBe('failing');
  });
});
