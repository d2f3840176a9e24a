import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, useBrowserStack } from '../support/browser';
import { pngSize } from '../support/png';

// The harness for the dashboard's browser tests, proven on a page that exists today: the API reference,
// which Scalar renders in the browser from a bundle and /openapi.json served by the web role itself.
const stack = useBrowserStack();

describe('a real Chromium against the real web role', () => {
  it('renders the API reference from this origin alone, and saves a screenshot of it', async () => {
    const { web, browser } = stack;
    const { page, offLoopbackRequests } = await openPage(browser, web.baseUrl);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    const res = await page.goto('/docs');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe('Kiln API reference');
    // Scalar draws the document's title once it has fetched and parsed /openapi.json.
    await page.getByRole('heading', { name: 'Kiln API', exact: true }).first().waitFor({ state: 'visible' });
    // Every request Scalar makes at start has settled, so the list below is complete.
    await page.waitForLoadState('networkidle');

    // Scalar's developer toolbar ("Share" to its registry, "Generate SDKs" on its servers) shows on a loopback
    // address unless turned off; it needs the internet, so it is off everywhere.
    for (const hosted of ['Generate SDKs', 'Developer Tools', 'Share']) {
      expect(await page.getByRole('button', { name: hosted, exact: true }).count(), hosted).toBe(0);
    }
    expect(await page.getByText('Generate SDKs').count()).toBe(0);

    const shot = await saveScreenshot(page, 'browser-smoke-docs');
    expect(pngSize(readFileSync(shot)).width).toBe(page.viewportSize()?.width);

    expect(offLoopbackRequests).toEqual([]);
    expect(failed).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('opening the service’s address lands on the dashboard’s sign-in (the front door)', async () => {
    const { web, browser } = stack;
    const { page, offLoopbackRequests } = await openPage(browser, web.baseUrl);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor({ state: 'visible' });
    expect(offLoopbackRequests).toEqual([]);
  });
});
