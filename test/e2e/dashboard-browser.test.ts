import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteLink } from '../../src/dashboard/links';
import { createAccount } from '../../src/db/queries/accounts';
import { appendDeploymentLog, failBuild, insertDeployment, startBuild } from '../../src/db/queries/deployments';
import { insertDocument } from '../../src/db/queries/documents';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { insertVoice } from '../../src/db/queries/voices';
import { newId } from '../../src/ids';
import { launchBrowser, openPage, saveScreenshot, startWebApp, type WebApp } from '../support/browser';
import { createDashboardUser } from '../support/dashboard';
import { until } from '../support/until';

// The account holder's dashboard in a real Chromium against the real web role: every page a person
// uses, what they see, and what the server does when they press its buttons.
let web: WebApp;
let browser: Browser;

beforeAll(async () => {
  web = await startWebApp({ DASHBOARD_SIGNUP: 'invite', KEY_LAST_USED_INTERVAL_MS: '200' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await web?.close();
});

/** A section's link in the top navigation (pages may link to the same section again in their text). */
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function newSignedInPage(opts: Parameters<typeof createDashboardUser>[1] = {}) {
  const user = await createDashboardUser(web.rt, opts);
  const opened = await openPage(browser, web.baseUrl);
  await signIn(opened.page, user.email, user.password);
  await opened.page.getByRole('heading', { name: 'Overview' }).waitFor();
  return { ...opened, user };
}

describe('dashboard in a browser', () => {
  it('invitation → sign-up → sign-out → sign-in', async () => {
    const account = await createAccount(web.rt.db, { name: 'Browser Co', planId: 'pro' });
    const email = `invitee-${account.id}@example.com`;
    const link = await inviteLink(web.rt.db, web.rt.config, { accountId: account.id, email, role: 'owner' });
    const { page, offLoopbackRequests } = await openPage(browser, web.baseUrl);
    await page.goto(new URL(link.url).pathname);
    await page.getByRole('heading', { name: 'Join Browser Co' }).waitFor();
    await saveScreenshot(page, 'dashboard-invite');
    await page.getByLabel('Choose a password').fill('a long browser password');
    await page.getByRole('button', { name: 'Create sign-in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('link', { name: email }).isVisible()).toBe(true);
    await saveScreenshot(page, 'dashboard-overview');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await saveScreenshot(page, 'dashboard-sign-in');
    await page.goto('/dashboard/keys');
    // Signed out: the dashboard asks for a sign-in and brings the person back afterwards.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long browser password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    expect(offLoopbackRequests).toEqual([]);
  });

  it('creates a key shown once, which works over HTTP, shows its last use, and stops working when revoked', async () => {
    const { page } = await newSignedInPage({ plan: 'pro' });
    await nav(page, 'API keys').click();
    await page.getByLabel('Label').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const field = page.getByLabel('New API key');
    const key = await field.inputValue();
    expect(key).toMatch(/^kiln_[A-Za-z0-9]{40}$/);
    await expect(page.getByText('this is the only time it can be shown')).toBeDefined();
    await saveScreenshot(page, 'dashboard-key-created');

    const usage = await fetch(`${web.baseUrl}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);

    // Shown once: the list shows the label and prefix, never the key again.
    await until('the key’s last use to appear on the keys page', async () => {
      await page.goto('/dashboard/keys');
      const row = page.locator('tr', { hasText: 'browser test' });
      return !((await row.locator('[data-last-used]').textContent()) ?? 'Never').includes('Never');
    });
    expect(await page.content()).not.toContain(key);
    expect(await page.locator('tr', { hasText: 'browser test' }).textContent()).toContain(key.slice(0, 11));
    await saveScreenshot(page, 'dashboard-keys');

    await page.getByRole('link', { name: 'Revoke browser test' }).click();
    await saveScreenshot(page, 'dashboard-key-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('The key is revoked').waitFor();
    const after = await fetch(`${web.baseUrl}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
  });

  it('throttles sign-in after repeated wrong passwords', async () => {
    const user = await createDashboardUser(web.rt);
    const { page } = await openPage(browser, web.baseUrl);
    for (let i = 0; i < 5; i++) {
      await signIn(page, user.email, `wrong password ${i}`);
      await page.getByText('That email and password do not match an account.').waitFor();
    }
    await signIn(page, user.email, user.password);
    await page.getByText(/Too many failed sign-ins\. Try again in \d+ minutes?\./).waitFor();
    await saveScreenshot(page, 'dashboard-sign-in-throttled');
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it('refuses a form posted from another site', async () => {
    const { page, user } = await newSignedInPage();
    // The attacker's page lives on another site (localhost vs 127.0.0.1) and posts to the dashboard.
    const attacker: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<form id="f" method="post" action="${web.baseUrl}/dashboard/keys"><input name="label" value="planted"><input name="_csrf" value="guess"></form>` +
          '<script>document.getElementById("f").submit()</script>',
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (attacker.address() as { port: number }).port;
      const answer = page.waitForResponse((r) => r.url() === `${web.baseUrl}/dashboard/keys` && r.request().method() === 'POST');
      await page.goto(`http://localhost:${port}/`);
      expect((await answer).status()).toBe(403);
      await page.getByRole('heading', { name: 'Form refused' }).waitFor();
      await saveScreenshot(page, 'dashboard-csrf-refused');
    } finally {
      attacker.close();
    }
    const keys = await web.rt.database.sql`SELECT label FROM api_keys WHERE account_id = ${user.accountId}`;
    expect(keys).toEqual([]);
  });

  it("a second account's user cannot see or act on the first account's keys", async () => {
    const first = await newSignedInPage();
    await first.page.goto('/dashboard/keys');
    await first.page.getByLabel('Label').fill('first account key');
    await first.page.getByRole('button', { name: 'Create key' }).click();
    await first.page.getByLabel('New API key').waitFor();
    const [row] = await web.rt.database.sql`SELECT id FROM api_keys WHERE account_id = ${first.user.accountId}`;
    const keyId = row!.id as string;

    const second = await newSignedInPage();
    await second.page.goto('/dashboard/keys');
    expect(await second.page.content()).not.toContain('first account key');
    const confirm = await second.page.goto(`/dashboard/keys/${keyId}/revoke`);
    expect(confirm?.status()).toBe(404);
    await saveScreenshot(second.page, 'dashboard-not-found');
    // A hand-made post with the second user's own valid form token is still "not found".
    const token = await second.page.locator('input[name="_csrf"]').first().inputValue();
    const post = await second.page.request.post(`/dashboard/keys/${keyId}/revoke`, { form: { _csrf: token }, maxRedirects: 0 });
    expect(post.status()).toBe(404);
    const [still] = await web.rt.database.sql`SELECT revoked_at FROM api_keys WHERE id = ${keyId}`;
    expect(still!.revoked_at).toBeNull();
  });

  it("shows a failed deployment's error and build log on its page", async () => {
    const { page, user } = await newSignedInPage();
    const siteId = `site-${user.userId.slice(5, 13)}`;
    await claimSiteOwner(web.rt.db, user.accountId, siteId);
    const id = newId('dep');
    await insertDeployment(web.rt.db, { id, accountId: user.accountId, siteId, environment: 'production', sourceUrl: 'https://example.com/site.zip' });
    // The same steps the build pipeline takes when an archive cannot be read.
    await startBuild(web.rt.db, id);
    await appendDeploymentLog(web.rt.db, id, 'Downloading https://example.com/site.zip');
    await appendDeploymentLog(web.rt.db, id, 'The archive is neither a zip nor a tar.gz (it starts with "<!DOCTYPE html>")', 'error');
    await failBuild(web.rt.db, id, 'The archive is neither a zip nor a tar.gz: the URL answered with an HTML page.');

    await nav(page, 'Sites').click();
    await page.getByRole('link', { name: siteId }).first().click();
    await saveScreenshot(page, 'dashboard-site');
    await page.getByRole('link', { name: id }).click();
    await page.getByText('This deployment failed:').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('the URL answered with an HTML page');
    const log = (await page.locator('pre.log').textContent()) ?? '';
    expect(log).toContain('Downloading https://example.com/site.zip');
    expect(log).toContain('neither a zip nor a tar.gz');
    await saveScreenshot(page, 'dashboard-deployment-failed');
    await nav(page, 'Sites').click();
    await saveScreenshot(page, 'dashboard-sites');
  });

  it('adds a domain and shows the DNS records to create', async () => {
    const { page, user } = await newSignedInPage();
    const domain = `www.${user.userId.slice(5, 15)}.example.com`;
    // Site ids are global (the first account to name one owns it): never a fixed name other tests use.
    const siteId = `blog-${user.userId.slice(5, 13)}`;
    await nav(page, 'Domains').click();
    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByLabel('Site').fill(siteId);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { name: domain }).waitFor();
    // The page shows exactly what the API gives for the same domain.
    const [row] = await web.rt.database.sql`SELECT token FROM domains WHERE domain = ${domain} AND account_id = ${user.accountId}`;
    const records = (await page.locator('table', { hasText: 'TXT' }).textContent()) ?? '';
    expect(records).toContain(`_kiln-challenge.${domain}`);
    expect(records).toContain(`kiln-verify=${row!.token}`);
    expect(records).toContain('CNAME');
    expect(await page.getByRole('button', { name: /Copy the TXT record’s value/ }).isVisible()).toBe(true);
    await saveScreenshot(page, 'dashboard-domain');
    await nav(page, 'Domains').click();
    await saveScreenshot(page, 'dashboard-domains');
  });

  it("a second account's user cannot see or act on the first account's deployments, domains, voices or files", async () => {
    const first = await newSignedInPage();
    const a = first.user;
    const siteId = `own-${a.userId.slice(5, 13)}`;
    await claimSiteOwner(web.rt.db, a.accountId, siteId);
    const depId = newId('dep');
    await insertDeployment(web.rt.db, { id: depId, accountId: a.accountId, siteId, environment: 'production', sourceUrl: null });
    const domain = `shop.${a.userId.slice(5, 15)}.example.org`;
    await first.page.goto('/dashboard/domains');
    await first.page.getByLabel('Domain', { exact: true }).fill(domain);
    await first.page.getByLabel('Site').fill(siteId);
    await first.page.getByRole('button', { name: 'Add domain' }).click();
    await first.page.getByRole('heading', { name: domain }).waitFor();
    const voiceId = newId('voice');
    await insertVoice(web.rt.db, { id: voiceId, accountId: a.accountId, name: 'First voice', sampleUrl: 'https://example.com/sample.wav' });
    const fileId = newId('file');
    await insertDocument(web.rt.db, {
      id: fileId,
      accountId: a.accountId,
      filename: 'first-account.pdf',
      sizeBytes: 1234,
      kind: 'pdf',
      blobKey: `files/${fileId}`,
      searchConfig: 'simple',
      pageCount: 1,
      passageCount: 0,
    });
    for (const path of ['/dashboard/voices', '/dashboard/files']) {
      await first.page.goto(path);
      await saveScreenshot(first.page, `dashboard${path.replace('/dashboard', '').replace('/', '-')}`);
    }
    await first.page.goto('/dashboard/activity');
    await saveScreenshot(first.page, 'dashboard-activity');
    await first.page.goto('/dashboard/members');
    await saveScreenshot(first.page, 'dashboard-members');

    const second = await newSignedInPage();
    const page = second.page;
    for (const list of ['/dashboard/sites', '/dashboard/domains', '/dashboard/voices', '/dashboard/files', '/dashboard/activity']) {
      await page.goto(list);
      const html = await page.content();
      for (const secret of [siteId, depId, domain, voiceId, 'First voice', fileId, 'first-account.pdf'])
        expect(html, `${list} shows ${secret}`).not.toContain(secret);
    }
    const direct = [
      `/dashboard/sites/${siteId}`,
      `/dashboard/deployments/${depId}`,
      `/dashboard/deployments/${depId}/rollback`,
      `/dashboard/sites/${siteId}/redeploy`,
      `/dashboard/domains/${domain}`,
      `/dashboard/domains/${domain}/remove`,
      `/dashboard/voices/${voiceId}/delete`,
      `/dashboard/files/${fileId}/delete`,
    ];
    for (const path of direct) expect((await page.goto(path))?.status(), path).toBe(404);
    await page.goto('/dashboard/keys');
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const posts = [
      `/dashboard/deployments/${depId}/rollback`,
      `/dashboard/sites/${siteId}/redeploy`,
      `/dashboard/domains/${domain}/check`,
      `/dashboard/domains/${domain}/remove`,
      `/dashboard/voices/${voiceId}/delete`,
      `/dashboard/files/${fileId}/delete`,
    ];
    for (const path of posts) expect((await page.request.post(path, { form: { _csrf: token }, maxRedirects: 0 })).status(), path).toBe(404);
    // Nothing of the first account changed.
    const [counts] = await web.rt.database.sql`
      SELECT (SELECT count(*)::int FROM deployments WHERE site_id = ${siteId}) AS deployments,
             (SELECT count(*)::int FROM domains WHERE domain = ${domain}) AS domains,
             (SELECT count(*)::int FROM voices WHERE id = ${voiceId}) AS voices,
             (SELECT count(*)::int FROM documents WHERE id = ${fileId}) AS files`;
    expect(counts).toEqual({ deployments: 1, domains: 1, voices: 1, files: 1 });
  });

  it('works from the keyboard alone', async () => {
    const user = await createDashboardUser(web.rt);
    const { page } = await openPage(browser, web.baseUrl);
    await page.goto('/dashboard/sign-in');
    // The email field has the focus on arrival; Tab moves to the password; Enter sends the form.
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // The first Tab reaches the skip link, which jumps past the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
    // Every form field on the pages has a label a screen reader announces.
    for (const path of ['/dashboard/keys', '/dashboard/domains', '/dashboard/account', '/dashboard/members']) {
      await page.goto(path);
      const unlabeled = await page.evaluate<string[]>(
        `[...document.querySelectorAll('input:not([type=hidden]):not([hidden]), select, textarea')].filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')).map((el) => el.name || el.id)`,
      );
      expect(unlabeled, path).toEqual([]);
    }
  });

  it('fits a phone-width screen', async () => {
    const { page } = await newSignedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/dashboard', '/dashboard/keys', '/dashboard/sites', '/dashboard/domains', '/dashboard/activity']) {
      await page.goto(path);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/dashboard');
    await saveScreenshot(page, 'dashboard-overview-phone');
    await page.goto('/dashboard/account');
    await saveScreenshot(page, 'dashboard-account');
  });
});
