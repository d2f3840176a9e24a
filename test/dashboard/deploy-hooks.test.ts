import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { startFileHost, startHostingHarness, type HostingHarness } from '../hosting/support/hosting-harness';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let owner: DashboardClient;
let other: DashboardClient;
const SITE = `dash-hooks-${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: 'hi' }]));
  const user = await createDashboardUser(h.svc.rt, { accountId: h.accountId });
  owner = new DashboardClient(h.svc.app);
  expect((await owner.signIn(user.email, user.password)).status).toBe(303);
  ({ client: other } = await signedInClient(h.svc.app, h.svc.rt));
  expect((await h.deploy({ site_id: SITE, source_url: files.url('/site.zip') })).status).toBe('published');
});
afterAll(async () => {
  await h?.close();
  await files?.close();
});

describe('dashboard: deploy hooks on the site page', () => {
  it('create shows the URL once with a copy button; the list never shows it; delete asks first, then the URL is 404', async () => {
    expect((await owner.get(`/dashboard/sites/${SITE}`)).status).toBe(200);
    expect(owner.lastHtml).toContain('<h2 id="deploy-hooks">Deploy hooks</h2>');
    expect(owner.lastHtml).toContain('No deploy hooks.');

    const created = await owner.post(`/dashboard/sites/${SITE}/hooks`, { name: 'Headless CMS', environment: 'production' });
    expect(created.status).toBe(200);
    const url = /id="new-hook-url" class="mono" type="text" value="([^"]+)"/.exec(owner.lastHtml)?.[1];
    expect(url).toMatch(/\/v1\/hosting\/hooks\/hook_[a-z0-9]{20}\/[A-Za-z0-9]{40}$/);
    expect(owner.lastHtml).toContain('data-copy="#new-hook-url"');
    const secret = url!.split('/').pop()!;
    const hookId = url!.split('/').at(-2)!;

    // The URL works without a key.
    const called = await h.svc.app.request(new URL(url!).pathname, { method: 'POST' });
    expect(called.status).toBe(202);

    expect((await owner.get(`/dashboard/sites/${SITE}`)).status).toBe(200);
    const row = owner.lastHtml.slice(owner.lastHtml.indexOf(`data-hook-id="${hookId}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('Headless CMS');
    expect(row.slice(0, row.indexOf('</tr>'))).not.toContain('Never');
    expect(owner.lastHtml).not.toContain(secret);

    // Another account sees nothing of it.
    expect((await other.get(`/dashboard/sites/${SITE}/hooks/${hookId}/delete`)).status).toBe(404);
    expect((await other.post(`/dashboard/sites/${SITE}/hooks/${hookId}/delete`)).status).toBe(404);
    expect((await other.post(`/dashboard/sites/${SITE}/hooks`, { name: 'x' })).status).toBe(404);

    expect((await owner.get(`/dashboard/sites/${SITE}/hooks/${hookId}/delete`)).status).toBe(200);
    expect(owner.lastHtml).toContain('Delete deploy hook');
    const deleted = await owner.post(`/dashboard/sites/${SITE}/hooks/${hookId}/delete`);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe(`/dashboard/sites/${SITE}?done=hook_deleted#deploy-hooks`);
    expect((await h.svc.app.request(new URL(url!).pathname, { method: 'POST' })).status).toBe(404);
    expect((await owner.get(`/dashboard/sites/${SITE}`)).status).toBe(200);
    expect(owner.lastHtml).not.toContain(`data-hook-id="${hookId}"`);

    const actions = (await listAudit(h.svc.rt.db, h.accountId, { limit: 50 })).filter((e) => e.target === hookId).map((e) => e.action);
    expect(actions.sort()).toEqual(['deploy_hook.created', 'deploy_hook.deleted', 'deploy_hook.triggered']);
    // The Activity page words the call.
    expect((await owner.get('/dashboard/activity')).status).toBe(200);
    expect(owner.lastHtml).toContain(`called deploy hook “Headless CMS” (${hookId}), redeploying site ${SITE}`);
  });

  it('refuses a bad form with a message and a CSRF-less post', async () => {
    await owner.get(`/dashboard/sites/${SITE}`);
    expect((await owner.post(`/dashboard/sites/${SITE}/hooks`, { environment: 'staging' })).status).toBe(400);
    expect(owner.lastHtml).toContain('Choose production or preview.');
    expect((await owner.post(`/dashboard/sites/${SITE}/hooks`, { name: 'x', _csrf: 'wrong' })).status).toBe(403);
  });
});
