import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import type { Actor } from '../../src/audit/actor';
import { apiKeys, auditEvents, webhookEndpoints } from '../../src/db/schema';
import { createWebhookEndpoint } from '../../src/webhooks/endpoints';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { type HostingHarness, startFileHost, startHostingHarness } from '../hosting/support/hosting-harness';
import { cli } from '../support/cli';
import { signedInClient } from '../support/dashboard';
import { createTestAccount, jsonRequest, startTestService, type TestService, testEnv } from '../support/runtime';

const run = randomBytes(3).toString('hex');
const site = `aud-${run}`;

interface AuditEventJson {
  id: string;
  object: 'audit_event';
  kind: string;
  actor: { kind: string; id: string | null; label: string; key_prefix: string | null; ip: string | null };
  target: string | null;
  data: Record<string, unknown>;
  created_at: string;
}
interface ListJson {
  object: 'list';
  data: AuditEventJson[];
  has_more: boolean;
}

describe('the audit trail through the API and the CLI', () => {
  let h: HostingHarness;
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let keyPrefix: string;
  const ids: Record<string, string> = {};

  const list = async (query = '', auth = h.auth) => {
    const res = await h.svc.app.request(`/v1/audit-events${query}`, { headers: auth });
    return { status: res.status, body: (await res.json()) as ListJson & { error?: { code: string; message: string } } };
  };

  beforeAll(async () => {
    h = await startHostingHarness();
    files = await startFileHost();
    files.put('/one.zip', await zipBuffer([{ name: 'index.html', data: '<h1>one</h1>' }]));
    files.put('/two.zip', await zipBuffer([{ name: 'index.html', data: '<h1>two</h1>' }]));
    const [key] = await h.svc.rt.db.select({ prefix: apiKeys.displayPrefix }).from(apiKeys).where(eq(apiKeys.accountId, h.accountId));
    keyPrefix = key!.prefix;

    // What a new user did through the API: deployments, a rollback, a promote, a domain, a webhook.
    const one = await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    const two = await h.deploy({ site_id: site, source_url: files.url('/two.zip') });
    const preview = await h.deploy({ site_id: site, source_url: files.url('/two.zip'), environment: 'preview' });
    expect([one.status, two.status, preview.status]).toEqual(['published', 'published', 'published']);
    Object.assign(ids, { one: one.id, two: two.id, preview: preview.id });
    const rolled = await h.svc.app.request(`/v1/hosting/deployments/${one.id}/rollback`, { method: 'POST', headers: h.auth });
    expect(rolled.status).toBe(200);
    const promoted = await h.svc.app.request(`/v1/hosting/deployments/${preview.id}/promote`, { method: 'POST', headers: h.auth });
    expect(promoted.status).toBe(201);
    ids.promoted = (await promoted.json()).id;
    const domain = await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: site, domain: `www.audit-${run}.example` }, h.auth));
    expect(domain.status).toBe(201);
    const hook = await h.svc.app.request('/v1/webhooks', jsonRequest({ url: 'https://hooks.example/kiln', event_types: ['deployment.published'] }, h.auth));
    expect(hook.status).toBe(201);
    ids.webhook = (await hook.json()).id;
    // And the operator made a key with the CLI.
    const made = await cli(['keys', 'create', '--account', h.accountId, '--label', `cli-${run}`, '--json'], testEnv());
    expect(made.code, made.stderr).toBe(0);
    ids.cliKey = JSON.parse(made.stdout).id;
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await files?.close();
  });

  it('lists each change with the key that made it, by label and prefix, newest first', async () => {
    const { status, body } = await list('?limit=100');
    expect(status).toBe(200);
    expect(body.object).toBe('list');
    const byKey = body.data.filter((e) => e.actor.kind === 'api_key');
    for (const e of byKey) expect(e.actor).toMatchObject({ label: 'test', key_prefix: keyPrefix });
    const find = (kind: string, target: string) => byKey.find((e) => e.kind === kind && e.target === target);
    expect(find('deployment.created', ids.one!)?.data).toMatchObject({ site, environment: 'production', source_url: files.url('/one.zip') });
    expect(find('deployment.created', ids.two!)).toBeDefined();
    expect(find('deployment.created', ids.preview!)?.data).toMatchObject({ environment: 'preview' });
    expect(find('deployment.rolled_back', ids.one!)).toBeDefined();
    expect(find('deployment.promoted', ids.promoted!)?.data).toMatchObject({ from: ids.preview });
    expect(find('domain.added', `www.audit-${run}.example`)).toBeDefined();
    expect(find('webhook.created', ids.webhook!)?.data).toMatchObject({ url: 'https://hooks.example/kiln' });
    const cliKey = body.data.find((e) => e.kind === 'key.created' && e.target === ids.cliKey);
    expect(cliKey?.actor).toMatchObject({ kind: 'cli', id: null, label: 'operator', key_prefix: null });
    expect(cliKey?.data).toMatchObject({ label: `cli-${run}` });
    const rowIds = body.data.map((e) => Number(e.id.slice(4)));
    expect(rowIds).toEqual([...rowIds].sort((a, b) => b - a));
  });

  it('filters by actor (kind, key id or prefix), by kind (exact or a group), and by time', async () => {
    const cliOnly = await list('?actor=cli');
    expect(cliOnly.body.data.length).toBeGreaterThan(0);
    expect(cliOnly.body.data.every((e) => e.actor.kind === 'cli')).toBe(true);
    const byPrefix = await list(`?actor=${keyPrefix}&limit=100`);
    expect(byPrefix.body.data.length).toBeGreaterThanOrEqual(7);
    expect(byPrefix.body.data.every((e) => e.actor.key_prefix === keyPrefix)).toBe(true);
    const keyId = byPrefix.body.data[0]!.actor.id!;
    expect((await list(`?actor=${keyId}&limit=100`)).body.data.map((e) => e.id)).toEqual(byPrefix.body.data.map((e) => e.id));

    const deployments = await list('?kind=deployment.*&limit=100');
    expect(new Set(deployments.body.data.map((e) => e.kind))).toEqual(new Set(['deployment.created', 'deployment.rolled_back', 'deployment.promoted']));
    const rollbacks = await list('?kind=deployment.rolled_back');
    expect(rollbacks.body.data.map((e) => e.target)).toEqual([ids.one]);

    const all = (await list('?limit=100')).body.data;
    const middle = all[Math.floor(all.length / 2)]!;
    const since = await list(`?limit=100&created[gte]=${encodeURIComponent(middle.created_at)}`);
    expect(since.body.data.every((e) => e.created_at >= middle.created_at)).toBe(true);
    expect(since.body.data.map((e) => e.id)).toContain(middle.id);
    const until = await list(`?limit=100&created[lte]=${Math.floor(Date.parse(all.at(-1)!.created_at) / 1000) - 1}`);
    expect(until.body.data).toEqual([]);

    // Paging: two at a time, continuing after the last id of a page, without gaps or repeats.
    const first = await list('?limit=2');
    expect(first.body.has_more).toBe(true);
    const second = await list(`?limit=2&starting_after=${first.body.data[1]!.id}`);
    expect(second.body.data.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const back = await list(`?limit=2&ending_before=${second.body.data[0]!.id}`);
    expect(back.body.data.map((e) => e.id)).toEqual(first.body.data.map((e) => e.id));
  });

  it('refuses unknown parameters and malformed filters as the other lists do', async () => {
    for (const query of ['?actr=cli', '?kind=deployment', '?kind=nothing.*', '?kind=deployment.exploded', '?created[gte]=yesterday', '?limit=0']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error?.code, query).toBe('invalid_parameter');
    }
  });

  it('shows another account none of it, and needs the audit scope', async () => {
    const other = await createTestAccount(h.svc.rt, 'business');
    const theirs = await list('?limit=100', other.auth);
    expect(theirs.status).toBe(200);
    // Their own key's creation by the test setup is theirs; nothing of this account is.
    expect(theirs.body.data.every((e) => e.target !== ids.one && e.actor.key_prefix !== keyPrefix)).toBe(true);
    expect(theirs.body.data.some((e) => e.target === ids.cliKey || e.target === ids.webhook)).toBe(false);

    const hostingOnly = await createApiKey(h.svc.rt.db, { accountId: h.accountId, label: 'hosting only', scopes: ['hosting'] });
    const refused = await list('', { Authorization: `Bearer ${hostingOnly.key}` });
    expect(refused.status).toBe(403);
    const auditor = await createApiKey(h.svc.rt.db, { accountId: h.accountId, label: 'auditor', scopes: ['audit'] });
    expect((await list('', { Authorization: `Bearer ${auditor.key}` })).status).toBe(200);
  });

  it('is on the dashboard’s Activity page with its actor', async () => {
    const { client } = await signedInClient(h.svc.app, h.svc.rt, { accountId: h.accountId });
    const res = await client.get('/dashboard/activity');
    expect(res.status).toBe(200);
    expect(client.lastHtml).toContain('data-action="deployment.rolled_back"');
    expect(client.lastHtml).toContain(`API key “test”`);
    expect(client.lastHtml).toContain(`(${keyPrefix}…)`);
    expect(client.lastHtml).toContain('CLI “operator”');
  });
});

describe('the audit row commits with its change', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('leaves no audit row when the change’s transaction fails', async () => {
    const { accountId } = await createTestAccount(svc.rt, 'business');
    const actor: Actor = { kind: 'user', id: null, label: 'someone@example.com' };
    await expect(
      svc.rt.db.transaction(async (tx) => {
        await createWebhookEndpoint({ db: tx }, accountId, { url: 'https://x.example/h', eventTypes: [], description: '' }, 20, actor);
        throw new Error('the change fails after its audit row was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await svc.rt.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId))).toEqual([]);
    expect(
      await svc.rt.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'webhook.created'))),
    ).toEqual([]);
  });

  it('writes exactly one event for each of 100 parallel API deployments', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'business');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: `par-${run}-${i % 5}`, source_url: `http://127.0.0.1:9/${i}.zip` }, auth)),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(201));
    const deploymentIds = await Promise.all(answers.map(async (r) => (await r.json()).id as string));
    const rows = await svc.rt.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'deployment.created')));
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r.target))).toEqual(new Set(deploymentIds));
    expect(rows.every((r) => r.actorKind === 'api_key' && r.actor === 'test')).toBe(true);
    await svc.rt.deploymentIntake.settled();
  });

  it('the CLI’s revoke is recorded as the operator’s', async () => {
    const { accountId, keyId } = await createTestAccount(svc.rt, 'business');
    const revoked = await cli(['keys', 'revoke', keyId, '--json'], testEnv());
    expect(revoked.code, revoked.stderr).toBe(0);
    const rows = await svc.rt.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'key.revoked')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorKind: 'cli', actor: 'operator', target: keyId });
  });
});
