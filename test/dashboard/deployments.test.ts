import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { findDeployment, insertDeployments } from '../../src/db/queries/deployments';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { deployments, liveDeployments } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from '../hosting/support/hosting-harness';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let owner: DashboardClient;
let other: DashboardClient;

const tag = randomBytes(3).toString('hex');
const SITE = `dash-${tag}`;
const MANY = `dash-many-${tag}`;
let v1: { id: string; status: string };
let v2: { id: string; status: string };
let failed: { id: string; status: string };

const site = (version: string) => zipBuffer([{ name: 'index.html', data: `<h1>${version}</h1>` }]);

const liveOf = async (siteId: string) => {
  const [row] = await h.svc.rt.db
    .select()
    .from(liveDeployments)
    .where(and(eq(liveDeployments.siteId, siteId), eq(liveDeployments.environment, 'production')));
  return row?.deploymentId;
};

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/v1.zip', await site('one'));
  files.put('/v2.zip', await site('two'));
  files.put('/not-an-archive.zip', Buffer.from('this is plain text, not a zip'));
  const user = await createDashboardUser(h.svc.rt, { accountId: h.accountId });
  owner = new DashboardClient(h.svc.app);
  expect((await owner.signIn(user.email, user.password)).status).toBe(303);
  ({ client: other } = await signedInClient(h.svc.app, h.svc.rt));

  v1 = await h.deploy({ site_id: SITE, source_url: files.url('/v1.zip') });
  v2 = await h.deploy({ site_id: SITE, source_url: files.url('/v2.zip') });
  failed = await h.deploy({ site_id: SITE, source_url: files.url('/not-an-archive.zip') });
  expect([v1.status, v2.status, failed.status]).toEqual(['published', 'published', 'failed']);
});
afterAll(async () => {
  await h?.close();
  await files?.close();
});

describe('dashboard: sites and deployments', () => {
  it('lists the account’s sites with the live deployment and the latest one', async () => {
    const res = await owner.get('/dashboard/sites');
    expect(res.status).toBe(200);
    const html = owner.lastHtml;
    const row = html.slice(html.indexOf(`data-site-id="${SITE}"`));
    expect(row).toContain(`https://${SITE}.${HOSTING_DOMAIN}:8443`);
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(v2.id);
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(`/dashboard/deployments/${failed.id}`);
    expect(row.slice(0, row.indexOf('</tr>'))).toMatch(/<td>3<\/td>/);
  });

  it('shows a failed deployment’s error in words, with a hint, and its build log', async () => {
    const res = await owner.get(`/dashboard/deployments/${failed.id}`);
    expect(res.status).toBe(200);
    const html = owner.lastHtml;
    const row = await findDeployment(h.svc.rt.db, failed.id);
    expect(row!.error).toBeTruthy();
    expect(html).toMatch(/class="notice error" role="alert"/);
    expect(html).toContain('This deployment failed:');
    expect(html).toContain('not a .zip or .tar.gz archive');
    expect(html).toContain('Check the archive');
    expect(html).toMatch(/<pre class="log"[^>]*>[\s\S]*Build started[\s\S]*<span class="error">[^<]*ERROR[^<]*not a \.zip/);
    // A failed build was never published: no rollback offered.
    expect(html).not.toContain('Roll back to this deployment');
  });

  it('shows a published deployment’s facts and url', async () => {
    await owner.get(`/dashboard/deployments/${v2.id}`);
    const html = owner.lastHtml;
    expect(html).toContain('badge ok">Published');
    expect(html).toContain(`href="https://${SITE}.${HOSTING_DOMAIN}:8443"`);
    expect(html).toContain('/v2.zip');
    expect(html).toMatch(/<dt>Files<\/dt>\s*<dd>1<\/dd>/);
  });

  it('pages a site’s deployments 25 at a time, newer and older, without gaps or repeats', async () => {
    await claimSiteOwner(h.svc.rt.db, h.accountId, MANY);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: newId('dep'),
      accountId: h.accountId,
      siteId: MANY,
      environment: i % 10 === 0 ? ('preview' as const) : ('production' as const),
      sourceUrl: null,
    }));
    // Two statements, so the list has both distinct times and ties broken by id.
    await insertDeployments(h.svc.rt.database.sql, rows.slice(0, 30));
    await insertDeployments(h.svc.rt.database.sql, rows.slice(30));
    const idsOn = (html: string) => [...html.matchAll(/data-deployment-id="([^"]+)"/g)].map((m) => m[1]!);
    const link = (html: string, label: string) => {
      const m = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(html);
      return m ? m[1]!.replaceAll('&amp;', '&') : null;
    };

    await owner.get(`/dashboard/sites/${MANY}`);
    const pages = [idsOn(owner.lastHtml)];
    expect(link(owner.lastHtml, '← Newer')).toBeNull();
    let older = link(owner.lastHtml, 'Older →');
    while (older) {
      await owner.get(older);
      pages.push(idsOn(owner.lastHtml));
      older = link(owner.lastHtml, 'Older →');
    }
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(60);
    expect(new Set(all)).toEqual(new Set(rows.map((r) => r.id)));
    // The second statement's rows are newer: they come first.
    expect(new Set(all.slice(0, 30))).toEqual(new Set(rows.slice(30).map((r) => r.id)));

    // Back from the last page: the middle page again, exactly.
    await owner.get(link(owner.lastHtml, '← Newer')!);
    expect(idsOn(owner.lastHtml)).toEqual(pages[1]);

    // The filter is a plain GET form, and paging keeps it.
    await owner.get(`/dashboard/sites/${MANY}?environment=preview`);
    expect(idsOn(owner.lastHtml).sort()).toEqual(
      rows
        .filter((r) => r.environment === 'preview')
        .map((r) => r.id)
        .sort(),
    );
    expect(owner.lastHtml).toMatch(/<option value="preview" selected/);
    expect(owner.lastHtml).toContain('<option value="production">production</option>');
    await owner.get(`/dashboard/sites/${MANY}?status=failed`);
    expect(idsOn(owner.lastHtml)).toEqual([]);
    expect(owner.lastHtml).toContain('No deployments match these filters.');
  });

  it('rolls back through the dashboard as the API does, audited', async () => {
    expect(await liveOf(SITE)).toBe(v2.id);
    await owner.get(`/dashboard/deployments/${v1.id}`);
    expect(owner.lastHtml).toContain(`href="/dashboard/deployments/${v1.id}/rollback"`);
    expect((await owner.get(`/dashboard/deployments/${v1.id}/rollback`)).status).toBe(200);
    const res = await owner.post(`/dashboard/deployments/${v1.id}/rollback`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/dashboard/deployments/${v1.id}?done=rolled_back`);
    expect(await liveOf(SITE)).toBe(v1.id);
    const row = await findDeployment(h.svc.rt.db, v1.id);
    expect(row).toMatchObject({ status: 'rolled_back' });
    expect(row!.rolledBackAt).toBeInstanceOf(Date);
    // What the API says about it is what the dashboard did.
    const api = await (await h.svc.app.request(`/v1/hosting/deployments/${v1.id}`, { headers: h.auth })).json();
    expect(api).toMatchObject({ status: 'rolled_back', rolled_back_at: row!.rolledBackAt!.toISOString() });
    const events = await listAudit(h.svc.rt.db, h.accountId, { limit: 20 });
    expect(events.find((e) => e.action === 'deployment.rolled_back' && e.target === v1.id)).toBeTruthy();

    await owner.get(`/dashboard/deployments/${v1.id}?done=rolled_back`);
    expect(owner.lastHtml).toContain('Rolled back: this deployment is live again');
    // Live now: no rollback to itself; v2 can be rolled forward to.
    expect(owner.lastHtml).not.toContain('Roll back to this deployment');
    await owner.get(`/dashboard/deployments/${v2.id}`);
    expect(owner.lastHtml).toContain('Roll back to this deployment');
  });

  it('redeploys through the dashboard as POST /v1/hosting/deployments without a source does, audited', async () => {
    expect((await owner.get(`/dashboard/sites/${SITE}/redeploy`)).status).toBe(200);
    // The API's rule: the most recently *published* files (v2), even while a rollback has v1 live; the page says so.
    expect(owner.lastHtml).toContain(`the files of <span class="mono">${v2.id}</span>`);
    expect(owner.lastHtml).toContain(`production serves <span class="mono">${v1.id}</span>`);
    const res = await owner.post(`/dashboard/sites/${SITE}/redeploy`);
    expect(res.status).toBe(303);
    const id = /^\/dashboard\/deployments\/(dep_[a-z0-9]+)\?done=redeployed$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(id).toBeTruthy();
    const row = await findDeployment(h.svc.rt.db, id!);
    expect(row).toMatchObject({ accountId: h.accountId, siteId: SITE, environment: 'production', sourceUrl: null });
    expect(['pending', 'building', 'published']).toContain(row!.status);
    const events = await listAudit(h.svc.rt.db, h.accountId, { limit: 20 });
    expect(events.find((e) => e.action === 'deployment.redeployed' && e.target === id)).toBeTruthy();

    await owner.get(res.headers.get('location')!);
    expect(owner.lastHtml).toContain('Redeploy queued');
    // The worker builds it like any redeploy: it goes live with the site's latest published files.
    const done = await until('redeploy published', async () => {
      const d = await findDeployment(h.svc.rt.db, id!);
      return d?.status === 'published' || d?.status === 'failed' ? d : null;
    });
    expect(done.status).toBe('published');
    expect(done.fileCount).toBe(1);
    expect(await liveOf(SITE)).toBe(id);
  });

  it('shows a deployment still building with its log followed live, a refresh link without script, and no meta refresh', async () => {
    await claimSiteOwner(h.svc.rt.db, h.accountId, `${SITE}-q`);
    // Inserted directly (no job), so it stays pending.
    const [pending] = await insertDeployments(h.svc.rt.database.sql, [
      { id: newId('dep'), accountId: h.accountId, siteId: `${SITE}-q`, environment: 'production', sourceUrl: null },
    ]);
    await owner.get(`/dashboard/deployments/${pending!.id}`);
    expect(owner.lastHtml).toContain(`<a href="/dashboard/deployments/${pending!.id}">refresh</a>`);
    // dashboard.js follows this (the page's own stream, from the last line shown); the log waits hidden until a line comes.
    expect(owner.lastHtml).toMatch(new RegExp(`<pre class="log" tabindex="0" hidden="" data-live-log="/dashboard/deployments/${pending!.id}/log\\?after=0">`));
    expect(owner.lastHtml).not.toContain('http-equiv');
    expect(owner.lastHtml).toContain('Nothing logged yet.');
  });

  it('another account sees none of it: 404 on every direct URL, GET and POST', async () => {
    await other.get('/dashboard/sites');
    expect(other.lastHtml).not.toContain(SITE);
    for (const path of [
      `/dashboard/sites/${SITE}`,
      `/dashboard/sites/${SITE}/redeploy`,
      `/dashboard/deployments/${v2.id}`,
      `/dashboard/deployments/${v2.id}/rollback`,
      `/dashboard/deployments/${failed.id}`,
    ]) {
      expect((await other.get(path)).status, path).toBe(404);
      expect(other.lastHtml).not.toContain(v2.id.slice(4));
    }
    const liveBefore = await liveOf(SITE);
    expect((await other.post(`/dashboard/deployments/${v2.id}/rollback`)).status).toBe(404);
    expect((await other.post(`/dashboard/sites/${SITE}/redeploy`)).status).toBe(404);
    expect(await liveOf(SITE)).toBe(liveBefore);
    const [{ n }] = (await h.svc.rt.database
      .sql`SELECT count(*)::int AS n FROM deployments WHERE account_id <> ${h.accountId} AND site_id = ${SITE}`) as unknown as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses the buttons without the form token (403)', async () => {
    const liveBefore = await liveOf(SITE);
    const count = async () => (await h.svc.rt.db.select({ id: deployments.id }).from(deployments).where(eq(deployments.siteId, SITE))).length;
    const before = await count();
    expect((await owner.post(`/dashboard/deployments/${v2.id}/rollback`, { _csrf: 'wrong' })).status).toBe(403);
    expect((await owner.post(`/dashboard/sites/${SITE}/redeploy`, { _csrf: '' })).status).toBe(403);
    expect(await liveOf(SITE)).toBe(liveBefore);
    expect(await count()).toBe(before);
  });

  it('says hosting is not on the plan when it is not', async () => {
    const { client } = await signedInClient(h.svc.app, h.svc.rt, { plan: 'pro' });
    expect((await client.get('/dashboard/sites')).status).toBe(200);
    expect(client.lastHtml).toContain('Hosting is not on the pro plan');
    expect((await client.get(`/dashboard/sites/${SITE}`)).status).toBe(403);
  });
});
