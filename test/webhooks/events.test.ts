import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../src/billing/period';
import { findAccountQuotas } from '../../src/db/queries/accounts';
import { findDomainById } from '../../src/db/queries/domains';
import { insertJob } from '../../src/db/queries/jobs';
import { billUsage } from '../../src/billing/bill-usage';
import { domains, usageTotals, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { newId } from '../../src/ids';
import type { Runtime } from '../../src/runtime';
import type { Tx } from '../../src/db/client';
import { issueCertificate } from '../../src/hosting/certificates';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { recordWebhookEvent } from '../../src/webhooks/outbox';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { startDnsServer, type FakeDnsServer } from '../hosting/support/dns-server';
import { HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from '../hosting/support/hosting-harness';
import { makeCorruptPdf, makePdf } from '../support/document-fixtures';
import { spawnKiln } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { upload } from '../files/helpers';
import { SPEAKER_TEXT, speakWav } from '../engines/voice/analysis/fixtures';
import { opaqueEventData } from '../support/event-data';
import * as v from 'valibot';
import { WEBHOOK_EVENT_PAYLOADS } from '../../src/webhooks/event-payloads';
import type { WebhookEventType } from '../../src/webhooks/event-types';

/** An endpoint row for the account, as the endpoints API would write it. */
async function addEndpoint(rt: Pick<Runtime, 'db'>, accountId: string, eventTypes: string[] = [], disabled = false) {
  const id = newId('whep');
  await rt.db.insert(webhookEndpoints).values({
    id,
    accountId,
    url: 'https://example.com/hooks',
    eventTypes,
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    disabledAt: disabled ? new Date() : null,
  });
  return id;
}

const eventsOf = (rt: Pick<Runtime, 'db'> | { db: Tx }, accountId: string, type?: string) =>
  rt.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.accountId, accountId), type === undefined ? undefined : eq(webhookEvents.type, type)))
    .orderBy(webhookEvents.createdAt);

/** Fails unless the event's data is what its type's schema says (src/webhooks/event-payloads.ts). */
function expectValidPayload(event: { type: string; data: unknown }) {
  const schema = WEBHOOK_EVENT_PAYLOADS[event.type as WebhookEventType];
  expect(schema, event.type).toBeDefined();
  expect(
    v.safeParse(schema, event.data).issues?.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`),
    event.type,
  ).toBeUndefined();
}

/** The account's events (of `type`) that the product recorded, each checked against its type's schema. */
async function recordedEvents(rt: Pick<Runtime, 'db'>, accountId: string, type: string) {
  const rows = await eventsOf(rt, accountId, type);
  for (const row of rows) expectValidPayload(row);
  return rows;
}

/** Exactly one event of `type` for the account; its data. */
async function theEvent(rt: Pick<Runtime, 'db'>, accountId: string, type: string) {
  const rows = await recordedEvents(rt, accountId, type);
  expect(rows.map((r) => r.type)).toEqual([type]);
  expect(rows[0]!.id).toMatch(/^msg_/);
  return rows[0]!.data as Record<string, any>;
}

describe('the outbox writer', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  const data = opaqueEventData({ id: 'dep_x' });

  it('writes only for an enabled endpoint that wants the type; commits or rolls back with its transaction', async () => {
    const none = await createTestAccount(svc.rt);
    expect(await recordWebhookEvent(svc.rt.db, { accountId: none.accountId, type: 'deployment.failed', data })).toBeNull();
    expect(await eventsOf(svc.rt, none.accountId)).toEqual([]);

    const disabled = await createTestAccount(svc.rt);
    await addEndpoint(svc.rt, disabled.accountId, [], true);
    expect(await recordWebhookEvent(svc.rt.db, { accountId: disabled.accountId, type: 'deployment.failed', data })).toBeNull();

    const filtered = await createTestAccount(svc.rt);
    await addEndpoint(svc.rt, filtered.accountId, ['voice.ready']);
    expect(await recordWebhookEvent(svc.rt.db, { accountId: filtered.accountId, type: 'deployment.failed', data })).toBeNull();
    const id = await recordWebhookEvent(svc.rt.db, { accountId: filtered.accountId, type: 'voice.ready', data });
    expect(id).toMatch(/^msg_/);
    expect((await eventsOf(svc.rt, filtered.accountId)).map((e) => [e.id, e.type, e.data])).toEqual([[id, 'voice.ready', data]]);

    // A transaction that fails leaves neither the state change nor its event.
    const all = await createTestAccount(svc.rt);
    await addEndpoint(svc.rt, all.accountId);
    const period = billingPeriodOf(new Date());
    await expect(
      svc.rt.db.transaction(async (tx) => {
        await billUsage(tx, {
          accountId: all.accountId,
          keyId: null,
          product: 'files',
          metric: 'file_chats',
          quantity: 1_000_000,
          sourceId: newId('gen'),
          periodKey: period.key,
        });
        expect(await eventsOf({ db: tx }, all.accountId, 'usage.quota_exceeded')).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf(svc.rt, all.accountId)).toEqual([]);
    expect(await svc.rt.db.select().from(usageTotals).where(eq(usageTotals.accountId, all.accountId))).toEqual([]);
  });

  it('usage.quota_warning and usage.quota_exceeded fire once each, on the line that crosses 80 % and 100 % of the plan quota', async () => {
    const { accountId } = await createTestAccount(svc.rt, 'pro');
    const quiet = await createTestAccount(svc.rt, 'pro');
    await addEndpoint(svc.rt, accountId);
    const quota = (await findAccountQuotas(svc.rt.db, accountId))!.images_generated!;
    const period = billingPeriodOf(new Date());
    const bill = (account: string, quantity: number) =>
      svc.rt.db.transaction((tx) =>
        billUsage(tx, {
          accountId: account,
          keyId: null,
          product: 'image',
          metric: 'images_generated',
          quantity,
          sourceId: newId('img'),
          periodKey: period.key,
        }),
      );
    const warnAt = Math.ceil(quota * 0.8);
    await bill(accountId, warnAt - 1);
    expect(await eventsOf(svc.rt, accountId)).toEqual([]);
    expect((await bill(accountId, 1))!.events).toBe(1);
    const expected = { metric: 'images_generated', quota, period_start: period.startIso, period_end: period.endIso };
    expect(await theEvent(svc.rt, accountId, 'usage.quota_warning')).toEqual({ ...expected, used: warnAt });
    await bill(accountId, 1);
    await bill(accountId, quota - warnAt - 2);
    expect(await eventsOf(svc.rt, accountId, 'usage.quota_exceeded')).toEqual([]);
    await bill(accountId, 5);
    await bill(accountId, 5);
    expect(await theEvent(svc.rt, accountId, 'usage.quota_exceeded')).toEqual({ ...expected, used: quota + 4 });
    expect(await recordedEvents(svc.rt, accountId, 'usage.quota_warning')).toHaveLength(1);

    // The same crossings without an endpoint write nothing.
    await bill(quiet.accountId, quota * 2);
    expect(await eventsOf(svc.rt, quiet.accountId)).toEqual([]);
  });
});

describe('hosting events', () => {
  let h: HostingHarness;
  let dns: FakeDnsServer;
  let files: Awaited<ReturnType<typeof startFileHost>>;

  beforeAll(async () => {
    dns = await startDnsServer();
    h = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '60000', DOMAIN_VERIFY_WINDOW_MS: '600000' });
    files = await startFileHost();
    files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: 'hello' }]));
    files.put('/not-an-archive', Buffer.from('<html>no</html>'));
    await addEndpoint(h.svc.rt, h.accountId);
  });
  afterAll(async () => {
    await h.close();
    await files.close();
    await dns.close();
  });

  const get = async (path: string) => (await h.svc.app.request(path, { headers: h.auth })).json();

  it('deployment.building, deployment.published, deployment.rolled_back, deployment.failed carry the deployment as GET answers it', async () => {
    const published = await h.deploy({ site_id: 'events', source_url: files.url('/site.zip') });
    expect(published.status).toBe('published');
    const byId = async (type: string) => (await recordedEvents(h.svc.rt, h.accountId, type)).filter((e) => e.data.id === published.id);
    const building = await byId('deployment.building');
    expect(building).toHaveLength(1);
    expect(building[0]!.data).toMatchObject({ id: published.id, status: 'building', site_id: 'events' });
    const done = await byId('deployment.published');
    expect(done.map((e) => e.data)).toEqual([published]);
    expect(done[0]!.data.url).toBe(`https://events.${HOSTING_DOMAIN}:8443`);

    const second = await h.deploy({ site_id: 'events', source_url: files.url('/site.zip') });
    expect(second.status).toBe('published');
    expect((await h.svc.app.request(`/v1/hosting/deployments/${published.id}/rollback`, { method: 'POST', headers: h.auth })).status).toBe(200);
    const rolled = await byId('deployment.rolled_back');
    expect(rolled.map((e) => e.data)).toEqual([await get(`/v1/hosting/deployments/${published.id}`)]);

    const failed = await h.deploy({ site_id: 'events', source_url: files.url('/not-an-archive') });
    expect(failed.status).toBe('failed');
    const failedEvents = (await recordedEvents(h.svc.rt, h.accountId, 'deployment.failed')).filter((e) => e.data.id === failed.id);
    expect(failedEvents.map((e) => e.data)).toEqual([failed]);
    expect(failedEvents[0]!.data.error).toMatch(/not a \.zip or \.tar\.gz/);
  });

  it('domain.verified, domain.ssl_active, domain.failed and domain.ssl_error carry the domain as GET answers it', async () => {
    const added = await (await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'events', domain: 'www.events-shop.com' }, h.auth))).json();
    const txt = added.dns_records.find((r: { type: string }) => r.type === 'TXT');
    const cname = added.dns_records.find((r: { type: string }) => r.type === 'CNAME');
    dns.set(txt.name, { TXT: [txt.value] });
    dns.set(cname.name, { CNAME: `${cname.value}.` });
    const verify = (domain: string) => h.svc.app.request(`/v1/hosting/domains/${domain}/verify`, { method: 'POST', headers: h.auth });
    const verified = await (await verify('www.events-shop.com')).json();
    expect(verified.status).toBe('verified');
    const forDomain = async (type: string, domain: string) => (await recordedEvents(h.svc.rt, h.accountId, type)).filter((e) => e.data.domain === domain);
    expect((await forDomain('domain.verified', 'www.events-shop.com')).map((e) => e.data)).toEqual([{ ...verified, ssl: 'inactive' }]);
    await until('ssl active', async () => (await get('/v1/hosting/domains/www.events-shop.com')).ssl === 'active');
    expect((await forDomain('domain.ssl_active', 'www.events-shop.com')).map((e) => e.data)).toEqual([await get('/v1/hosting/domains/www.events-shop.com')]);
    // Verifying again changes nothing, so reports nothing.
    await verify('www.events-shop.com');
    expect(await forDomain('domain.verified', 'www.events-shop.com')).toHaveLength(1);

    // A certificate that cannot be issued: the status becomes `error`, once, however many attempts fail.
    const row = (await h.svc.rt.db.select().from(domains).where(eq(domains.domain, 'www.events-shop.com')))[0]!;
    const acme = { ...h.svc.rt, config: { ...h.svc.rt.config, TLS_ISSUER: 'acme' as const, ACME_DIRECTORY_URL: files.url('/no-directory') } };
    const ctx = { rt: acme, job: {} as Job, log: h.svc.rt.log };
    await expect(issueCertificate(ctx, { id: row.id })).rejects.toThrow();
    await expect(issueCertificate(ctx, { id: row.id })).rejects.toThrow();
    expect((await findDomainById(h.svc.rt.db, row.id))!.ssl).toBe('error');
    expect((await forDomain('domain.ssl_error', 'www.events-shop.com')).map((e) => e.data)).toEqual([await get('/v1/hosting/domains/www.events-shop.com')]);

    // The window ran out: the next check fails the domain.
    await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'events', domain: 'late.events-shop.com' }, h.auth));
    await h.svc.rt.db
      .update(domains)
      .set({ windowStartedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(domains.domain, 'late.events-shop.com'));
    const failed = await (await verify('late.events-shop.com')).json();
    expect(failed.status).toBe('failed');
    expect((await forDomain('domain.failed', 'late.events-shop.com')).map((e) => e.data)).toEqual([await get('/v1/hosting/domains/late.events-shop.com')]);
  });
});

describe('file and job events', () => {
  let svc: TestService;
  let workers: WorkerSet;
  beforeAll(async () => {
    svc = await startTestService();
    workers = await startWorkers(svc.rt, { queues: ['files', 'text'] });
  });
  afterAll(async () => {
    await workers.close(5_000);
    await svc.close();
  });

  it('file.ready and job.completed for an upload; file.failed and job.failed for a refused one; nothing without an endpoint', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    await addEndpoint(svc.rt, accountId);
    const res = await upload(svc, auth, await makePdf(['Granite is hard.']), 'rock.pdf');
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(await theEvent(svc.rt, accountId, 'file.ready')).toEqual(file);
    const completed = await theEvent(svc.rt, accountId, 'job.completed');
    expect(completed).toMatchObject({ id: file.file_id, kind: 'file.ingest', status: 'succeeded', result: file });

    const refused = await upload(svc, auth, makeCorruptPdf(), 'broken.pdf');
    const answer = await refused.json();
    expect(refused.status, JSON.stringify(answer)).toBe(422);
    const failed = await theEvent(svc.rt, accountId, 'file.failed');
    expect(failed).toMatchObject({ filename: 'broken.pdf', error: { code: answer.error.code, message: answer.error.message } });
    const jobFailed = await theEvent(svc.rt, accountId, 'job.failed');
    expect(jobFailed).toMatchObject({
      id: failed.file_id,
      kind: 'file.ingest',
      status: 'failed',
      error: { code: answer.error.code, message: answer.error.message },
    });

    const quiet = await createTestAccount(svc.rt, 'pro');
    expect((await upload(svc, quiet.auth, await makePdf(['Basalt is dark.']), 'dark.pdf')).status).toBe(201);
    expect(await eventsOf(svc.rt, quiet.accountId)).toEqual([]);
  });

  it('job.completed for a text generation, with the result GET /v1/jobs/{id} answers', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt);
    await addEndpoint(svc.rt, accountId, ['job.completed']);
    const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'Write about webhooks.', max_tokens: 20 }, auth));
    expect(res.status).toBe(200);
    const body = await res.json();
    const event = await theEvent(svc.rt, accountId, 'job.completed');
    expect(event).toMatchObject({ kind: 'text.generate', status: 'succeeded', result: body });
    const polled = await (await svc.app.request(`/v1/jobs/${event.id}`, { headers: auth })).json();
    expect(event.result).toEqual(polled);
    // Subscribed to job.completed only: no usage or other events.
    expect((await eventsOf(svc.rt, accountId)).map((e) => e.type)).toEqual(['job.completed']);
    await recordedEvents(svc.rt, accountId, 'job.completed');
  });
});

describe('a worker killed right after its commit', () => {
  it('leaves the job.completed event in the outbox', async () => {
    const env = testEnv({ WORKER_QUEUES: 'image' });
    const svc = await startTestService({}, testConfig(env));
    try {
      const { accountId } = await createTestAccount(svc.rt);
      await addEndpoint(svc.rt, accountId);
      const id = newId('img');
      await insertJob(svc.rt.db, {
        id,
        accountId,
        keyId: null,
        kind: 'image.generate',
        input: { prompt: 'outbox', style: 'abstract', size: '512x512', count: 1 },
      });
      await svc.rt.queues.enqueue('image.generate', { id }, { jobId: id, account: accountId });
      const doomed = spawnKiln('worker', { ...env, KILN_FAULT: 'crash-after-commit' });
      expect((await doomed.exited).code).toBe(86);
      const event = await theEvent(svc.rt, accountId, 'job.completed');
      expect(event).toMatchObject({ id, kind: 'image.generate', status: 'succeeded' });
      expect(event.result).toMatchObject({ id });
    } finally {
      await svc.close();
    }
  }, 120_000);
});

describe('voice events', () => {
  let svc: TestService;
  let workers: WorkerSet;
  let files: Awaited<ReturnType<typeof startFileHost>>;
  beforeAll(async () => {
    svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true' });
    workers = await startWorkers(svc.rt, { queues: ['voice'] });
    files = await startFileHost();
    files.put('/speaker.wav', Buffer.from(await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'm3', pitch: 15, wordsPerMinute: 150 })));
    files.put('/page.html', Buffer.from('<!doctype html><html><body>'.padEnd(50_000, 'x') + '</body></html>'));
  });
  afterAll(async () => {
    await workers.close(5_000);
    await svc.close();
    await files.close();
  });

  it('voice.ready and voice.failed carry the voice as GET /v1/voices shows it', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt);
    await addEndpoint(svc.rt, accountId, ['voice.ready', 'voice.failed']);
    const clone = async (name: string, path: string) => {
      const res = await svc.app.request('/v1/voice/clone', jsonRequest({ name, sample_url: files.url(path) }, auth));
      const { voice_id } = await res.json();
      return until(
        `voice ${voice_id} finished`,
        async () => {
          const v = await (await svc.app.request(`/v1/voices/${voice_id}`, { headers: auth })).json();
          return v.status === 'processing' ? null : v;
        },
        120_000,
      );
    };
    const ready = await clone('Speaker', '/speaker.wav');
    expect(ready.status).toBe('ready');
    expect(await theEvent(svc.rt, accountId, 'voice.ready')).toEqual(ready);
    const failed = await clone('Not audio', '/page.html');
    expect(failed.status).toBe('failed');
    expect(await theEvent(svc.rt, accountId, 'voice.failed')).toEqual(failed);
  }, 150_000);
});
