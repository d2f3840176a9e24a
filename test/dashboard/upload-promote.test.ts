import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { findDeployment } from '../../src/db/queries/deployments';
import { deployments, liveDeployments } from '../../src/db/schema';
import { uploadedArchiveKey } from '../../src/hosting/blob-keys';
import { filesUnder, uploadTmpDir } from '../files/helpers';
import { renameInZip, zipBuffer } from '../hosting/support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startHostingHarness, until, type HostingHarness } from '../hosting/support/hosting-harness';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';

let h: HostingHarness;
let owner: DashboardClient;
let other: DashboardClient;
const staging = uploadTmpDir();
const MAX_ARCHIVE = 256 * 1024;
const tag = randomBytes(3).toString('hex');
const SITE = `dash-up-${tag}`;

const zip = (html: string) => zipBuffer([{ name: 'index.html', data: html }]);
const archive = async (html: string) => new Blob([new Uint8Array(await zip(html))]);
const rowsOf = (site: string) => h.svc.rt.db.select().from(deployments).where(eq(deployments.siteId, site));
const liveProduction = async (site: string) =>
  (
    await h.svc.rt.db
      .select()
      .from(liveDeployments)
      .where(and(eq(liveDeployments.siteId, site), eq(liveDeployments.environment, 'production')))
  )[0]?.deploymentId;

async function finished(id: string) {
  return until(`deployment ${id} to finish`, async () => {
    const d = await findDeployment(h.svc.rt.db, id);
    return d?.status === 'published' || d?.status === 'failed' ? d : null;
  });
}

/** Uploads through the form and follows the answer to the new deployment's id. */
async function uploadThroughForm(site: string, html: string, environment = 'production') {
  const res = await owner.postMultipart('/dashboard/deployments', [
    ['site_id', site],
    ['environment', environment],
    ['file', await archive(html), 'site.zip'],
  ]);
  expect(res.status, owner.lastHtml).toBe(303);
  const id = /^\/dashboard\/deployments\/(dep_[a-z0-9]+)\?done=uploaded$/.exec(res.headers.get('location') ?? '')?.[1];
  expect(id).toBeTruthy();
  return id!;
}

beforeAll(async () => {
  h = await startHostingHarness({ UPLOAD_TMP_DIR: staging, DEPLOY_MAX_ARCHIVE_BYTES: String(MAX_ARCHIVE) });
  const user = await createDashboardUser(h.svc.rt, { accountId: h.accountId });
  owner = new DashboardClient(h.svc.app);
  expect((await owner.signIn(user.email, user.password)).status).toBe(303);
  ({ client: other } = await signedInClient(h.svc.app, h.svc.rt));
});
afterAll(async () => {
  await h?.close();
});

describe('dashboard: deploy by uploading an archive', () => {
  it('the Sites page creates a site from an upload; the site page deploys to it; both build like the API’s upload, audited', async () => {
    expect((await owner.get('/dashboard/sites')).status).toBe(200);
    expect(owner.lastHtml).toMatch(/<form method="post" action="\/dashboard\/deployments" class="inline" enctype="multipart\/form-data">/);
    expect(owner.lastHtml).toContain('name="site_id"');

    const first = await uploadThroughForm(SITE, '<h1>uploaded one</h1>');
    const row = await findDeployment(h.svc.rt.db, first);
    expect(row).toMatchObject({ siteId: SITE, environment: 'production', archiveKey: uploadedArchiveKey(first), sourceUrl: null });
    expect((await finished(first)).status).toBe('published');
    expect((await edgeGet(h.edge.httpPort, `${SITE}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>uploaded one</h1>');
    // Built and gone from storage, as an API upload; nothing left staged either.
    expect(await h.svc.rt.store.exists(uploadedArchiveKey(first))).toBe(false);
    expect(filesUnder(staging)).toEqual([]);

    expect((await owner.get(`/dashboard/deployments/${first}?done=uploaded`)).status).toBe(200);
    expect(owner.lastHtml).toContain('Archive received');
    expect(owner.lastHtml).toContain('An archive uploaded with the request');

    // The site's page carries the form with the site fixed.
    expect((await owner.get(`/dashboard/sites/${SITE}`)).status).toBe(200);
    expect(owner.lastHtml).toContain(`<input type="hidden" name="site_id" value="${SITE}"/>`);
    const second = await uploadThroughForm(SITE, '<h1>uploaded two</h1>');
    expect((await finished(second)).status).toBe('published');
    expect((await edgeGet(h.edge.httpPort, `${SITE}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>uploaded two</h1>');

    const events = await listAudit(h.svc.rt.db, h.accountId, { limit: 50 });
    const uploaded = events.filter((e) => e.action === 'deployment.uploaded').map((e) => e.target);
    expect(uploaded).toEqual(expect.arrayContaining([first, second]));
    expect(events.find((e) => e.target === first)?.detail).toMatchObject({ site: SITE, environment: 'production', filename: 'site.zip' });
  });

  it('a zip-slip archive is taken, and refused by the build: failed with the reason, nothing served', async () => {
    const site = `dash-slip-${tag}`;
    const slip = renameInZip(
      await zipBuffer([
        { name: 'index.html', data: 'fine' },
        { name: 'xx/xx/evil.txt', data: 'pwned' },
      ]),
      'xx/xx/evil.txt',
      '../../evil.txt',
    );
    const res = await owner.postMultipart('/dashboard/deployments', [
      ['site_id', site],
      ['file', new Blob([new Uint8Array(slip)]), 'slip.zip'],
    ]);
    expect(res.status).toBe(303);
    const id = /(dep_[a-z0-9]+)/.exec(res.headers.get('location') ?? '')![1]!;
    const d = await finished(id);
    expect(d.status).toBe('failed');
    expect(d.error).toMatch(/refused.*\.\./);
    expect((await owner.get(`/dashboard/deployments/${id}`)).status).toBe(200);
    expect(owner.lastHtml).toContain('This deployment failed:');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
  });

  it('refuses what is not an archive (415), too large (413), a bad site id (400) and no file (400), keeping nothing', async () => {
    const site = `dash-bad-${tag}`;
    await owner.get('/dashboard/sites');
    const text = new Blob(['just some text, not a zip']);
    expect(
      (
        await owner.postMultipart('/dashboard/deployments', [
          ['site_id', site],
          ['file', text, 'site.zip'],
        ])
      ).status,
    ).toBe(415);
    expect(owner.lastHtml).toContain('is not a .zip or .tar.gz archive');
    const big = new Blob([new Uint8Array(MAX_ARCHIVE + 1)]);
    expect(
      (
        await owner.postMultipart('/dashboard/deployments', [
          ['site_id', site],
          ['file', big, 'big.zip'],
        ])
      ).status,
    ).toBe(413);
    expect(
      (
        await owner.postMultipart('/dashboard/deployments', [
          ['site_id', 'Not A Site!'],
          ['file', await archive('x'), 'a.zip'],
        ])
      ).status,
    ).toBe(400);
    expect(owner.lastHtml).toContain('A site id is 1 to 40 lowercase letters');
    expect((await owner.postMultipart('/dashboard/deployments', [['site_id', site]])).status).toBe(400);
    expect(await rowsOf(site)).toEqual([]);
    expect(filesUnder(staging)).toEqual([]);
  });

  it('refuses a form without its token or from another site (403) and another account’s site (404), storing nothing', async () => {
    const before = (await rowsOf(SITE)).length;
    const parts: [string, string | Blob, string?][] = [
      ['site_id', SITE],
      ['file', await archive('forged'), 'site.zip'],
    ];
    expect((await owner.postMultipart('/dashboard/deployments', parts, { csrf: null })).status).toBe(403);
    expect((await owner.postMultipart('/dashboard/deployments', parts, { csrf: 'wrong' })).status).toBe(403);
    expect(owner.lastHtml).toContain('Form refused');
    await other.get('/dashboard/sites');
    expect((await other.postMultipart('/dashboard/deployments', parts)).status).toBe(404);
    expect((await rowsOf(SITE)).length).toBe(before);
    expect(filesUnder(staging)).toEqual([]);
    // Signed out: sent to sign in, nothing read.
    const anon = new DashboardClient(h.svc.app);
    const res = await anon.postMultipart('/dashboard/deployments', parts);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/sign-in');
  });
});

describe('dashboard: promote a published preview', () => {
  it('shows the button on a published preview only, asks first, switches production without a rebuild, audited', async () => {
    const site = `dash-promo-${tag}`;
    const prod = await uploadThroughForm(site, '<h1>production</h1>');
    expect((await finished(prod)).status).toBe('published');
    const preview = await uploadThroughForm(site, '<h1>preview</h1>', 'preview');
    expect((await finished(preview)).status).toBe('published');

    await owner.get(`/dashboard/deployments/${prod}`);
    expect(owner.lastHtml).not.toContain('Promote to production');
    await owner.get(`/dashboard/deployments/${preview}`);
    expect(owner.lastHtml).toContain(`href="/dashboard/deployments/${preview}/promote"`);

    expect((await owner.get(`/dashboard/deployments/${preview}/promote`)).status).toBe(200);
    expect(owner.lastHtml).toContain(`action="/dashboard/deployments/${preview}/promote"`);
    // The confirmation page changed nothing.
    expect(await liveProduction(site)).toBe(prod);

    const res = await owner.post(`/dashboard/deployments/${preview}/promote`);
    expect(res.status).toBe(303);
    const promoted = /^\/dashboard\/deployments\/(dep_[a-z0-9]+)\?done=promoted$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(promoted).toBeTruthy();
    expect(promoted).not.toBe(preview);
    expect(await findDeployment(h.svc.rt.db, promoted!)).toMatchObject({ environment: 'production', status: 'published', promotedFrom: preview });
    expect(await liveProduction(site)).toBe(promoted);
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('<h1>preview</h1>');
    const rows = await rowsOf(site);
    expect(rows).toHaveLength(3); // two uploads and the promoted row: nothing rebuilt from an archive

    await owner.get(`/dashboard/deployments/${promoted}?done=promoted`);
    expect(owner.lastHtml).toContain('Promoted: production now serves');
    expect(owner.lastHtml).toContain(`Promoted from preview <a href="/dashboard/deployments/${preview}">`);
    const event = (await listAudit(h.svc.rt.db, h.accountId, { limit: 50 })).find((e) => e.action === 'deployment.promoted' && e.target === promoted);
    expect(event?.detail).toMatchObject({ site, from: preview });

    // A production deployment cannot be promoted: the confirmation page is absent and the POST says why.
    expect((await owner.get(`/dashboard/deployments/${promoted}/promote`)).status).toBe(404);
    expect((await owner.post(`/dashboard/deployments/${promoted}/promote`)).status).toBe(409);
    expect(owner.lastHtml).toContain('only a preview can be promoted');
    // Another account: 404 on both; no token: 403.
    await other.get('/dashboard/sites');
    expect((await other.get(`/dashboard/deployments/${preview}/promote`)).status).toBe(404);
    expect((await other.post(`/dashboard/deployments/${preview}/promote`)).status).toBe(404);
    expect((await owner.post(`/dashboard/deployments/${preview}/promote`, { _csrf: 'wrong' })).status).toBe(403);
    expect(await liveProduction(site)).toBe(promoted);
  });
});
