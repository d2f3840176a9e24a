import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { auditEvents, deployHooks, webhookEvents } from '../../src/db/schema';
import { hashHookSecret } from '../../src/hosting/deploy-hooks';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
const run = randomBytes(3).toString('hex');

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/one.zip', await zipBuffer([{ name: 'index.html', data: 'hooked' }]));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

const hooksPath = (site: string) => `/v1/hosting/sites/${site}/hooks`;
/** The path part of a hook URL (the test app answers at any origin). */
const pathOf = (url: string) => new URL(url).pathname;
const call = (url: string) => h.svc.app.request(pathOf(url), { method: 'POST', body: '{"cms":"saved"}', headers: { 'Content-Type': 'application/json' } });

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return res;
}

async function finished(id: string) {
  return until(`deployment ${id} to finish`, async () => {
    const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
    return d.status === 'published' || d.status === 'failed' ? d : null;
  });
}

describe('deploy hooks', () => {
  it('create shows the URL once; calling it without a key redeploys the site with the usual events; delete stops it', async () => {
    const site = `hooks-${run}`;
    const first = await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    expect(first.status).toBe('published');
    const endpoint = await h.svc.app.request('/v1/webhooks', jsonRequest({ url: 'http://127.0.0.1:9/hook' }, h.auth));
    expect(endpoint.status).toBe(201);

    const res = await h.svc.app.request(hooksPath(site), jsonRequest({ name: 'CMS' }, h.auth));
    expect(res.status).toBe(201);
    const hook = await res.json();
    expect(hook).toMatchObject({ site_id: site, name: 'CMS', environment: 'production', last_triggered_at: null });
    expect(hook.id).toMatch(/^hook_[a-z0-9]{20}$/);
    expect(hook.url).toMatch(new RegExp(`^${h.svc.rt.config.PUBLIC_URL}/v1/hosting/hooks/${hook.id}/[A-Za-z0-9]{40}$`));
    // Only the hash of the secret is stored.
    const secret = hook.url.split('/').pop();
    const [stored] = await h.svc.rt.db.select().from(deployHooks).where(eq(deployHooks.id, hook.id));
    expect(stored!.secretHash).toBe(hashHookSecret(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const listed = await (await h.svc.app.request(hooksPath(site), { headers: h.auth })).json();
    const { url: _url, ...shown } = hook;
    expect(listed).toEqual({ object: 'list', data: [shown], has_more: false, url: hooksPath(site) });
    expect(JSON.stringify(listed)).not.toContain(secret);

    const triggered = await call(hook.url);
    expect(triggered.status).toBe(202);
    const queued = await triggered.json();
    expect(queued).toMatchObject({ site_id: site, environment: 'production', status: 'pending' });
    const d = await finished(queued.id);
    expect(d.status).toBe('published');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('hooked');
    const types = await h.svc.rt.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.accountId, h.accountId), sql`${webhookEvents.data}->>'id' = ${queued.id}`));
    expect(types.map((t) => t.type).sort()).toEqual(['deployment.building', 'deployment.published']);
    const after = await (await h.svc.app.request(hooksPath(site), { headers: h.auth })).json();
    expect(after.data[0].last_triggered_at).not.toBeNull();
    // The call is in the account's activity: which hook, which site, the deployment it started.
    const logged = await h.svc.rt.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, h.accountId), eq(auditEvents.action, 'deploy_hook.triggered'), eq(auditEvents.target, hook.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor: 'CMS',
      actorKind: 'deploy_hook',
      actorId: hook.id,
      actorUserId: null,
      detail: { site, name: 'CMS', environment: 'production', deployment: queued.id },
    });

    // A wrong secret and an unknown hook look the same.
    await expectError(await call(hook.url.replace(/[A-Za-z0-9]{40}$/, 'A'.repeat(40))), 404, 'not_found');
    await expectError(await call(`http://x/v1/hosting/hooks/hook_nosuchhook000000000/${secret}`), 404, 'not_found');

    const del = await h.svc.app.request(`${hooksPath(site)}/${hook.id}`, { method: 'DELETE', headers: h.auth });
    expect(del.status).toBe(204);
    await expectError(await call(hook.url), 404, 'not_found', /deleted/);
    await expectError(await h.svc.app.request(`${hooksPath(site)}/${hook.id}`, { method: 'DELETE', headers: h.auth }), 404, 'not_found');
    expect((await (await h.svc.app.request(hooksPath(site), { headers: h.auth })).json()).data).toEqual([]);
  });

  it('a preview hook deploys a new preview', async () => {
    const site = `hooks-p-${run}`;
    await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    const hook = await (await h.svc.app.request(hooksPath(site), jsonRequest({ environment: 'preview' }, h.auth))).json();
    expect(hook).toMatchObject({ name: null, environment: 'preview' });
    const queued = await (await call(hook.url)).json();
    const d = await finished(queued.id);
    expect(d).toMatchObject({ status: 'published', environment: 'preview' });
  });

  it('at most 10 calls a minute per hook: then 429 with Retry-After, other hooks unaffected', async () => {
    const site = `hooks-rl-${run}`;
    await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    const a = await (await h.svc.app.request(hooksPath(site), jsonRequest({}, h.auth))).json();
    const b = await (await h.svc.app.request(hooksPath(site), jsonRequest({}, h.auth))).json();
    // Not a speed check: a full minute's allowance may go in a burst and one more comes back every 6 s, so the
    // bound on calls admitted grows with however long the burst took.
    const started = Date.now();
    let accepted = 0;
    let last: Response;
    for (;;) {
      last = await call(a.url);
      if (last.status !== 202 || accepted > 20) break;
      accepted++;
    }
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(10 + Math.floor((Date.now() - started) / 6_000));
    const limited = await expectError(last, 429, 'rate_limit_exceeded', /at most 10 calls a minute/);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect((await call(b.url)).status).toBe(202);
  });

  it('any method but POST (a browser opening the URL) answers 405 with Allow: POST, deploys nothing and never echoes the secret', async () => {
    const site = `hooks-get-${run}`;
    await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    const hook = await (await h.svc.app.request(hooksPath(site), jsonRequest({}, h.auth))).json();
    const secret = hook.url.split('/').pop();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      // With no key, with a wrong key and with the account's own: the method is what is wrong.
      for (const headers of [{}, { Authorization: 'Bearer nonsense' }, h.auth]) {
        const res = await h.svc.app.request(pathOf(hook.url), { method, headers });
        await expectError(res, 405, 'method_not_allowed', new RegExp(`^${method} is not allowed on a deploy hook’s URL; call it with POST`));
        expect(res.headers.get('allow')).toBe('POST');
      }
    }
    const res = await h.svc.app.request(pathOf(hook.url));
    expect(JSON.stringify(await res.json())).not.toContain(secret);
    expect((await h.svc.app.request(pathOf(hook.url), { method: 'HEAD' })).status).toBe(405);
    // An unknown hook is told the same (the method is refused before the secret is looked at).
    await expectError(await h.svc.app.request(`/v1/hosting/hooks/hook_nosuchhook000000000/${secret}`), 405, 'method_not_allowed');
    const listed = await (await h.svc.app.request(hooksPath(site), { headers: h.auth })).json();
    expect(listed.data[0].last_triggered_at).toBeNull();
  });

  it('scopes, ownership and validation', async () => {
    const site = `hooks-own-${run}`;
    await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    const hook = await (await h.svc.app.request(hooksPath(site), jsonRequest({}, h.auth))).json();
    const stranger = await createTestAccount(h.svc.rt, 'business');
    await expectError(await h.svc.app.request(hooksPath(site), jsonRequest({}, stranger.auth)), 404, 'not_found');
    await expectError(await h.svc.app.request(hooksPath(site), { headers: stranger.auth }), 404, 'not_found');
    await expectError(await h.svc.app.request(`${hooksPath(site)}/${hook.id}`, { method: 'DELETE', headers: stranger.auth }), 404, 'not_found');
    await expectError(await h.svc.app.request(hooksPath(`nosite-${run}`), jsonRequest({}, h.auth)), 404, 'not_found');
    // Odd bytes in the path never reach a query (Postgres refuses NUL): a 4xx, never a 500.
    await expectError(await h.svc.app.request(hooksPath('a%00b'), jsonRequest({}, h.auth)), 400, 'invalid_parameter');
    await expectError(await h.svc.app.request(`${hooksPath('a%00b')}/${hook.id}`, { method: 'DELETE', headers: h.auth }), 400, 'invalid_parameter');
    await expectError(await h.svc.app.request(`/v1/hosting/hooks/hook_a%00/${'A'.repeat(40)}`, { method: 'POST' }), 404, 'not_found');
    await expectError(await h.svc.app.request(hooksPath(site), jsonRequest({ environment: 'staging' }, h.auth)), 400, 'invalid_parameter', /environment/);
    await expectError(await h.svc.app.request(hooksPath(site), jsonRequest({ name: 'x'.repeat(101) }, h.auth)), 400, 'invalid_parameter', /name/);
    // A key limited to other products may not manage hooks.
    const scoped = await createApiKey(h.svc.rt.db, { accountId: h.accountId, label: 'text only', scopes: ['text'] });
    await expectError(await h.svc.app.request(hooksPath(site), { headers: { Authorization: `Bearer ${scoped.key}` } }), 403, 'forbidden', /hosting scope/);
    // The hook URL itself needs no key, and an API key changes nothing.
    expect((await h.svc.app.request(pathOf(hook.url), { method: 'POST', headers: { Authorization: 'Bearer nonsense' } })).status).toBe(202);
  });
});
