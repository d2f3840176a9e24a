import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, startWebApp, type WebApp } from '../support/browser';
import { until } from '../support/until';

// The operators' queue dashboard (bull-board behind basic auth) in a real Chromium that has the operator's
// login cached, and a page on another site trying to use that login.
const LOGIN = { username: 'ops', password: 'browser-ops-password' };
let web: WebApp;
let browser: Browser;
let attacker: Server;
/** The other site's pages, by path. */
const attackerPages = new Map<string, string>();
let attackerOrigin: string;

beforeAll(async () => {
  web = await startWebApp({ ADMIN_USER: LOGIN.username, ADMIN_PASSWORD: LOGIN.password });
  // Another site on this machine: http://localhost:… is another site than http://127.0.0.1:… to a browser,
  // and both are local, so Chromium's own guard against public pages reaching local addresses stays out of it.
  attacker = createServer((req, res) => {
    const html = attackerPages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html' }).end(html ?? '');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '::', resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await web?.close();
});

const maintenance = () => web.rt.queues.get('maintenance');
const jobsNamed = async (name: string) =>
  (await maintenance().getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'])).filter((j) => j.name === name);

/** A browser where the operator signed in to the dashboard, about to open a page of the other site. */
async function openAttackerPage(path: string, html: string) {
  attackerPages.set(path, html);
  const opened = await openPage(browser, web.baseUrl, { httpCredentials: LOGIN });
  expect((await opened.page.goto('/admin/queues'))?.status()).toBe(200);
  return { ...opened, url: `${attackerOrigin}${path}` };
}

describe('the queue dashboard in a browser', () => {
  it('renders from this origin alone, and its own page can still change things', async () => {
    const { page, offLoopbackRequests } = await openPage(browser, web.baseUrl, { httpCredentials: LOGIN });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (err) => problems.push(err.message));

    const res = await page.goto('/admin/queues');
    expect(res?.status()).toBe(200);
    await page.getByText('maintenance', { exact: true }).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'admin-queues');

    // What the page's own buttons send: a bodiless PUT, and the add-job form's JSON.
    const pause = await page.evaluate(async () => (await fetch('api/queues/maintenance/pause', { method: 'PUT' })).status);
    expect(pause).toBeLessThan(300);
    expect(await maintenance().isPaused()).toBe(true);
    await maintenance().resume();
    const add = await page.evaluate(
      async () =>
        (
          await fetch('api/queues/maintenance/add', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'from-page', data: {} }),
          })
        ).status,
    );
    expect(add).toBe(200);
    const added = await jobsNamed('from-page');
    expect(added).toHaveLength(1);
    await added[0]!.remove();

    // No Google Fonts, nothing else from another host, and no CSP refusal of the page's own parts.
    expect(offLoopbackRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("another site's text/plain form post with the cached login is refused, and adds no job", async () => {
    // The classic JSON CSRF: a form whose one field's name and value read together as a JSON body.
    const { page, url } = await openAttackerPage(
      '/post',
      `<form method="POST" enctype="text/plain" action="${web.baseUrl}/admin/queues/api/queues/maintenance/add">
         <input type="hidden" name='{"name":"forged","data":{},"pad":"' value='"}'></form>
       <script>document.forms[0].submit()</script>`,
    );
    const answer = page.waitForResponse((r) => r.url().endsWith('/admin/queues/api/queues/maintenance/add'));
    await page.goto(url);
    const res = await answer;
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/only accepted from this service's own pages/) });
    expect(await jobsNamed('forged')).toEqual([]);
  });

  it('another site that frames the dashboard gets nothing', async () => {
    const { page, url } = await openAttackerPage('/frame', `<iframe name="victim" src="${web.baseUrl}/admin/queues" width="800" height="600"></iframe>`);
    const refusal = page.waitForEvent('console', (m: ConsoleMessage) => /frame-ancestors/.test(m.text()));
    const framed = page.waitForResponse((r) => r.url().startsWith(`${web.baseUrl}/admin/queues`));
    await page.goto(url);
    // With the login cached, Chromium may send the frame's first request with it (200) or only after the 401
    // challenge (the first answer seen here is then the 401): either way the answer carries frame-ancestors.
    expect([200, 401]).toContain((await framed).status());
    expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await refusal).text()).toContain("frame-ancestors 'none'");
    // The frame holds Chromium's error page, not the dashboard.
    const frame = await until('the frame to settle', async () => page.frame({ name: 'victim' }));
    expect(frame.url()).not.toContain('/admin/queues');
    expect(await page.locator('iframe[name=victim]').contentFrame().locator('#root').count()).toBe(0);
  });
});
