import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** What Chromium and Firefox send when a page is opened. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the front door: GET /', () => {
  it('sends a browser to the dashboard, which asks a visitor without a session to sign in', async () => {
    const res = await svc.app.request('/', { headers: { Accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(res.headers.get('vary')).toContain('Accept');
    const dashboard = await svc.app.request(res.headers.get('location')!, { headers: { Accept: BROWSER_ACCEPT } });
    expect(dashboard.status).toBe(303);
    const signIn = dashboard.headers.get('location')!;
    expect(signIn).toBe('/dashboard/sign-in?next=%2Fdashboard');
    const page = await svc.app.request(signIn, { headers: { Accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
  });

  it('gives an API client (curl’s */*, JSON, or no Accept at all) an index of links that all answer', async () => {
    for (const accept of ['*/*', 'application/json', undefined, 'application/json, text/html;q=0.5']) {
      const res = await svc.app.request('/', { headers: accept ? { Accept: accept } : {} });
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const index = await res.json();
      expect(index).toEqual({
        object: 'service',
        name: 'Kiln API',
        api: 'http://kiln.test/v1',
        links: {
          docs: 'http://kiln.test/docs',
          openapi: 'http://kiln.test/openapi.json',
          health: 'http://kiln.test/health',
          ready: 'http://kiln.test/readyz',
          dashboard: 'http://kiln.test/dashboard',
        },
      });
    }
    const { links } = await (await svc.app.request('/')).json();
    for (const url of Object.values(links) as string[]) {
      const res = await svc.app.request(new URL(url).pathname);
      // The dashboard sends a visitor without a session to sign in; everything else answers at once.
      expect(res.status, url).toBe(url.endsWith('/dashboard') ? 303 : 200);
    }
  });

  it('answers HEAD as GET, and other methods 405 naming GET', async () => {
    expect((await svc.app.request('/', { method: 'HEAD' })).status).toBe(200);
    const post = await svc.app.request('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await post.json()).error.code).toBe('method_not_allowed');
  });
});
