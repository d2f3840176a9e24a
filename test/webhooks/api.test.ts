import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema';
import { recordWebhookEvent } from '../../src/webhooks/outbox';
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/event-types';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { opaqueEventData } from '../support/event-data';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await svc.close();
});

const create = (auth: Record<string, string>, body: unknown) => svc.app.request('/v1/webhooks', jsonRequest(body, auth));
const errorOf = async (res: Response) => {
  const body = await res.json();
  return [res.status, body.error?.code, body.error?.message] as const;
};

describe('/v1/webhooks', () => {
  it('creates an endpoint on any plan, answering its secret once; reads, lists and deletes it', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const res = await create(auth, { url: 'https://hooks.example.com/kiln', event_types: ['job.completed', 'deployment.failed'], description: 'ops' });
    const created = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^whep_[a-z0-9]{20}$/),
      url: 'https://hooks.example.com/kiln',
      description: 'ops',
      event_types: ['job.completed', 'deployment.failed'],
      status: 'enabled',
      failing_since: null,
      disabled_at: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });

    const read = await (await svc.app.request(`/v1/webhooks/${created.id}`, { headers: auth })).json();
    const { secret: _secret, ...withoutSecret } = created;
    expect(read).toEqual(withoutSecret);

    const all = await create(auth, { url: 'http://hooks.example.com/all' });
    const second = await all.json();
    expect(second.event_types).toEqual([]);
    expect(second.description).toBe('');
    const list = await (await svc.app.request('/v1/webhooks', { headers: auth })).json();
    expect(list).toEqual({ object: 'list', data: [second, read].map(({ secret: _s, ...e }) => e), has_more: false, url: '/v1/webhooks' });
    const page = await (await svc.app.request(`/v1/webhooks?limit=1&starting_after=${second.id}`, { headers: auth })).json();
    expect(page.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect((await (await svc.app.request(`/v1/webhooks/${created.id}/deliveries`, { headers: auth })).json()).data).toEqual([]);

    expect((await svc.app.request(`/v1/webhooks/${created.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect(await errorOf(await svc.app.request(`/v1/webhooks/${created.id}`, { method: 'DELETE', headers: auth }))).toEqual([
      404,
      'not_found',
      `No webhook endpoint ${created.id} on this account.`,
    ]);
    expect((await svc.app.request(`/v1/webhooks/${created.id}`, { headers: auth })).status).toBe(404);
  });

  it('refuses bad URLs, unknown or repeated event types and unknown fields', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    expect(await errorOf(await create(auth, {}))).toEqual([400, 'missing_required_field', `'url' is required.`]);
    expect((await errorOf(await create(auth, { url: 'ftp://example.com/x' })))[2]).toBe(`'url' must be an http(s) URL`);
    expect((await errorOf(await create(auth, { url: 'not a url' })))[0]).toBe(400);
    expect((await errorOf(await create(auth, { url: 'https://u:p@example.com/' })))[2]).toMatch(/user name or password/);
    const unknownType = await errorOf(await create(auth, { url: 'https://example.com/', event_types: ['job.exploded'] }));
    expect(unknownType[2]).toMatch(/^'event_types\.0' must list only known event types/);
    expect((await errorOf(await create(auth, { url: 'https://example.com/', event_types: ['job.failed', 'job.failed'] })))[2]).toMatch(/more than once/);
    expect((await errorOf(await create(auth, { url: 'https://example.com/', event_types: 'job.failed' })))[0]).toBe(400);
    expect((await errorOf(await create(auth, { url: 'https://example.com/', events: [] })))[0]).toBe(400);
    const everyType = await create(auth, { url: 'https://example.com/', event_types: [...WEBHOOK_EVENT_TYPES] });
    expect(everyType.status).toBe(201);
  });

  it('changes only the fields sent; the secret and health stay; the new event types apply to the next event', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const created = await (await create(auth, { url: 'https://example.com/old', event_types: ['job.completed'], description: 'old' })).json();
    const patch = (body: unknown) => svc.app.request(`/v1/webhooks/${created.id}`, jsonRequest(body, auth, 'PATCH'));
    const { secret, ...view } = created;

    const res = await patch({ url: 'https://example.com/new', event_types: ['voice.ready'] });
    expect(res.status).toBe(200);
    const changed = await res.json();
    expect(changed).toEqual({ ...view, url: 'https://example.com/new', event_types: ['voice.ready'] });
    expect(await (await svc.app.request(`/v1/webhooks/${created.id}`, { headers: auth })).json()).toEqual(changed);
    expect(await (await patch({ description: '  renamed ' })).json()).toMatchObject({ description: 'renamed', url: 'https://example.com/new' });
    expect(await (await patch({})).json()).toMatchObject({ description: 'renamed', event_types: ['voice.ready'] });
    const [row] = await svc.rt.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secret).toBe(secret);

    // The outbox writer reads the endpoint as it is now. Probes, rolled back: no event is left to relay.
    const wouldRecord = async (type: 'job.completed' | 'voice.ready') => {
      let id: string | null = null;
      const rollback = new Error('rollback');
      await svc.rt.db
        .transaction(async (tx) => {
          id = await recordWebhookEvent(tx, { accountId, type, data: opaqueEventData({}) });
          throw rollback;
        })
        .catch((err) => {
          if (err !== rollback) throw err;
        });
      return id;
    };
    expect(await wouldRecord('job.completed')).toBeNull();
    expect(await wouldRecord('voice.ready')).toMatch(/^msg_/);
    expect((await (await patch({ event_types: [] })).json()).event_types).toEqual([]);
    expect(await wouldRecord('job.completed')).toMatch(/^msg_/);

    expect(await errorOf(await patch({ url: '' }))).toEqual([400, 'missing_required_field', `'url' is required.`]);
    expect((await errorOf(await patch({ url: 'ftp://example.com/x' })))[2]).toBe(`'url' must be an http(s) URL`);
    expect((await errorOf(await patch({ event_types: ['job.exploded'] })))[0]).toBe(400);
    expect((await errorOf(await patch({ secret: 'whsec_mine' })))[0]).toBe(400);
    expect((await errorOf(await patch({ description: 'x'.repeat(201) })))[0]).toBe(400);
    expect((await (await svc.app.request(`/v1/webhooks/${created.id}`, { headers: auth })).json()).url).toBe('https://example.com/new');
    expect((await errorOf(await svc.app.request('/v1/webhooks/whep_nosuchendpoint', jsonRequest({ description: 'x' }, auth, 'PATCH'))))[0]).toBe(404);
  });

  it('enables a disabled endpoint again, clearing its failure streak; an enabled or failing one is left as it is', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const ep = await (await create(auth, { url: 'https://example.com/flaky' })).json();
    const failing = await (await create(auth, { url: 'https://example.com/failing' })).json();
    await svc.rt.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '6 days'`, disabledAt: sql`now()`, disabledReason: 'The endpoint answered 410 Gone.' })
      .where(eq(webhookEndpoints.id, ep.id));
    await svc.rt.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '2 days'` }).where(eq(webhookEndpoints.id, failing.id));
    const before = await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json();
    expect(before).toMatchObject({ status: 'disabled', disabled_reason: 'The endpoint answered 410 Gone.' });

    const enable = (id: string) => svc.app.request(`/v1/webhooks/${id}/enable`, { method: 'POST', headers: auth });
    const res = await enable(ep.id);
    expect(res.status).toBe(200);
    const enabled = await res.json();
    expect(enabled).toEqual({ ...before, status: 'enabled', failing_since: null, disabled_at: null, disabled_reason: null });
    expect(await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: auth })).json()).toEqual(enabled);
    // Again: nothing to do, the same answer.
    const again = await enable(ep.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(enabled);
    // A failing endpoint keeps its streak: enabling does not put off disabling.
    const stillFailing = await (await enable(failing.id)).json();
    expect(stillFailing.status).toBe('failing');
    expect(Date.now() - Date.parse(stillFailing.failing_since)).toBeGreaterThan(86_400_000);
    expect(await errorOf(await enable('whep_nosuchendpoint'))).toEqual([404, 'not_found', 'No webhook endpoint whep_nosuchendpoint on this account.']);
    expect((await errorOf(await enable('nope')))[0]).toBe(404);
  });

  it('the OpenAPI document has the change and enable operations', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const patch = doc.paths['/v1/webhooks/{id}']?.patch;
    expect(patch?.summary).toBe('Change a webhook endpoint');
    expect(Object.keys(patch.requestBody.content['application/json'].schema.properties).sort()).toEqual(['description', 'event_types', 'url']);
    expect(patch.requestBody.content['application/json'].schema.required ?? []).toEqual([]);
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    const enable = doc.paths['/v1/webhooks/{id}/enable']?.post;
    expect(enable?.summary).toBe('Enable a disabled webhook endpoint');
    expect(enable.responses['200'].content['application/json'].schema).toBeDefined();
  });

  it('another account’s endpoint is not found, on every route, and not listed', async () => {
    const a = await createTestAccount(svc.rt, 'free');
    const b = await createTestAccount(svc.rt, 'free');
    const ep = await (await create(a.auth, { url: 'https://example.com/a' })).json();
    const routes: [string, string][] = [
      ['GET', `/v1/webhooks/${ep.id}`],
      ['DELETE', `/v1/webhooks/${ep.id}`],
      ['GET', `/v1/webhooks/${ep.id}/deliveries`],
      ['POST', `/v1/webhooks/${ep.id}/test`],
      ['POST', `/v1/webhooks/${ep.id}/enable`],
      ['PATCH', `/v1/webhooks/${ep.id}`],
      ['POST', `/v1/webhooks/${ep.id}/deliveries/whd_0123456789abcdef/replay`],
    ];
    for (const [method, path] of routes) {
      const res = await svc.app.request(path, { method, headers: b.auth });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await (await svc.app.request('/v1/webhooks', { headers: b.auth })).json()).data).toEqual([]);
    expect((await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: a.auth })).status).toBe(200);
    expect((await svc.app.request(`/v1/webhooks/${ep.id}/deliveries/whd_0123456789abcdef/replay`, { method: 'POST', headers: a.auth })).status).toBe(404);
    expect((await svc.app.request('/v1/webhooks/whep_nope', { headers: a.auth })).status).toBe(404);
    expect((await svc.app.request('/v1/webhooks/..%2f', { headers: a.auth })).status).toBe(404);
    // B's enable changed nothing of A's endpoint.
    await svc.rt.db.update(webhookEndpoints).set({ disabledAt: sql`now()` }).where(eq(webhookEndpoints.id, ep.id));
    expect((await svc.app.request(`/v1/webhooks/${ep.id}/enable`, { method: 'POST', headers: b.auth })).status).toBe(404);
    expect((await (await svc.app.request(`/v1/webhooks/${ep.id}`, { headers: a.auth })).json()).status).toBe('disabled');
  });
});
