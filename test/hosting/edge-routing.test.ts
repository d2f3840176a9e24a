import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { SiteRoutes } from '../../src/hosting/edge/site-routes';
import { heartbeat, leaveRegistry } from '../../src/hosting/edge-registry';
import { announceRoutesChanged } from '../../src/hosting/routes-events';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { siteOrigin } from '../../src/hosting/urls';
import { createTestAccount, jsonRequest } from '../support/runtime';

// Several builds per test on a shared, slow machine; the waits themselves are bounded by `until`.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let other: Record<string, string>;

const page = (text: string) => zipBuffer([{ name: 'index.html', data: `<h1>${text}</h1>` }]);

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  for (const name of ['prod-a', 'prod-b', 'prev-a', 'prev-b', 'other', 'v1', 'v2', 'v3', 'n1', 'n2', 'n3']) files.put(`/${name}.zip`, await page(name));
  other = (await createTestAccount(h.svc.rt, 'business')).auth;
});
afterAll(async () => {
  await h.close();
  await files.close();
});

const host = (label: string) => `${label}.${HOSTING_DOMAIN}`;
const previewLabel = (id: string, site: string) => `${id.slice(4)}--${site}`;
const get = (label: string) => edgeGet(h.edge.httpPort, host(label), '/').then((r) => ({ status: r.status, body: r.body.toString() }));

async function create(body: Record<string, unknown>, auth = h.auth): Promise<string> {
  const res = await h.svc.app.request('/v1/hosting/deployments', jsonRequest(body, auth));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()).id;
}

/** Polls the status as a client would, and returns the moment it first reads `published`. */
async function published(id: string, auth = h.auth) {
  return until(
    `${id} published`,
    async () => {
      const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: auth })).json();
      if (d.status === 'failed') throw new Error(`${id} failed: ${d.error}`);
      return d.status === 'published' ? d : null;
    },
    180_000,
    5,
  );
}

const deploy = async (body: Record<string, unknown>, auth = h.auth) => published(await create(body, auth), auth);

describe('a preview host belongs to its site', () => {
  let prodA: string;
  let previewA: string;
  let previewOther: string;

  beforeAll(async () => {
    prodA = (await deploy({ site_id: 'site-a', source_url: files.url('/prod-a.zip') })).id;
    previewA = (await deploy({ site_id: 'site-a', source_url: files.url('/prev-a.zip'), environment: 'preview' })).id;
    previewOther = (await deploy({ site_id: 'site-other', source_url: files.url('/other.zip'), environment: 'preview' }, other)).id;
  });

  it('right label first: the preview is served, then refused under any other label, then served again', async () => {
    expect(await get(previewLabel(previewA, 'site-a'))).toEqual({ status: 200, body: '<h1>prev-a</h1>' });
    for (const site of ['paypal-login', 'site-other', 'site-b']) {
      const wrong = await get(previewLabel(previewA, site));
      expect(wrong.status, site).toBe(404);
      expect(wrong.body, site).toContain('No site here');
    }
    expect(await get(previewLabel(previewA, 'site-a'))).toEqual({ status: 200, body: '<h1>prev-a</h1>' });
  });

  it('wrong label first: the refusal is not remembered for the right label', async () => {
    const fresh = (await deploy({ site_id: 'site-b', source_url: files.url('/prev-b.zip'), environment: 'preview' })).id;
    expect((await get(previewLabel(fresh, 'paypal-login'))).status).toBe(404);
    expect((await get(previewLabel(fresh, 'site-a'))).status).toBe(404);
    expect(await get(previewLabel(fresh, 'site-b'))).toEqual({ status: 200, body: '<h1>prev-b</h1>' });
    expect((await get(previewLabel(fresh, 'paypal-login'))).status).toBe(404);
  });

  it("another account's preview is not served under this account's site", async () => {
    expect(await get(previewLabel(previewOther, 'site-other'))).toEqual({ status: 200, body: '<h1>other</h1>' });
    expect((await get(previewLabel(previewOther, 'site-a'))).status).toBe(404);
  });

  it("a production deployment's own host (its permalink) serves it under its site only, cached or not", async () => {
    // Uncached first: nobody asked for prod-b's manifest yet.
    const prodB = (await deploy({ site_id: 'site-b', source_url: files.url('/prod-b.zip') })).id;
    expect((await get(previewLabel(prodB, 'paypal-login'))).status).toBe(404);
    expect(await get(previewLabel(prodB, 'site-b'))).toEqual({ status: 200, body: '<h1>prod-b</h1>' });
    expect(await get('site-b')).toEqual({ status: 200, body: '<h1>prod-b</h1>' });
    // Cached first: the production host loaded it.
    expect(await get('site-a')).toEqual({ status: 200, body: '<h1>prod-a</h1>' });
    expect((await get(previewLabel(prodA, 'paypal-login'))).status).toBe(404);
    expect((await get(previewLabel(prodA, 'site-b'))).status).toBe(404);
    expect(await get(previewLabel(prodA, 'site-a'))).toEqual({ status: 200, body: '<h1>prod-a</h1>' });
    // A preview is never what the site's own host serves.
    expect(await get('site-a')).toEqual({ status: 200, body: '<h1>prod-a</h1>' });
  });
});

describe('`published` means live: the first request after the status flips is served', () => {
  it('new sites, including one whose host was asked for (and missed) before it existed', async () => {
    expect((await get('new-1')).status).toBe(404);
    const ids = await Promise.all(['new-1', 'new-2', 'new-3'].map((site, i) => create({ site_id: site, source_url: files.url(`/n${i + 1}.zip`) })));
    for (const [i, id] of ids.entries()) {
      await published(id);
      expect(await get(`new-${i + 1}`)).toEqual({ status: 200, body: `<h1>n${i + 1}</h1>` });
    }
  });

  it('a redeploy serves the new content on the first request', async () => {
    await deploy({ site_id: 'redeploy', source_url: files.url('/v1.zip') });
    expect(await get('redeploy')).toEqual({ status: 200, body: '<h1>v1</h1>' });
    for (const v of ['v2', 'v3']) {
      await deploy({ site_id: 'redeploy', source_url: files.url(`/${v}.zip`) });
      expect(await get('redeploy')).toEqual({ status: 200, body: `<h1>${v}</h1>` });
    }
  });

  it('a preview asked for while it was building is served once published', async () => {
    const id = await create({ site_id: 'redeploy', source_url: files.url('/v1.zip'), environment: 'preview' });
    expect((await get(previewLabel(id, 'redeploy'))).status).toBe(404);
    await published(id);
    expect(await get(previewLabel(id, 'redeploy'))).toEqual({ status: 200, body: '<h1>v1</h1>' });
  });

  it('a rollback answers once the edge serves it', async () => {
    const v1 = await deploy({ site_id: 'rollback', source_url: files.url('/v1.zip') });
    await deploy({ site_id: 'rollback', source_url: files.url('/v2.zip') });
    expect(await get('rollback')).toEqual({ status: 200, body: '<h1>v2</h1>' });
    const res = await h.svc.app.request(`/v1/hosting/deployments/${v1.id}/rollback`, { method: 'POST', headers: h.auth });
    expect(res.status).toBe(200);
    expect(await get('rollback')).toEqual({ status: 200, body: '<h1>v1</h1>' });
  });

  it('the url appears only with the status `published`', async () => {
    const id = await create({ site_id: 'url-check', source_url: files.url('/v1.zip') });
    const seen = await until(
      'url-check published',
      async () => {
        const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
        if (d.status !== 'published') expect(d.url).toBeUndefined();
        return d.status === 'published' ? d : null;
      },
      180_000,
      5,
    );
    expect(seen.url).toBe(siteOrigin(host('url-check'), h.svc.rt.config.EDGE_HTTPS_PORT));
  });

  it('an edge that missed the announcement still reads a new site through to the database', async () => {
    // Loaded once, never told about later changes: like an edge whose pub/sub message was lost.
    const deaf = new SiteRoutes(h.svc.rt.db, HOSTING_DOMAIN);
    await deaf.reload();
    await deploy({ site_id: 'late-site', source_url: files.url('/v1.zip') });
    const target = await deaf.resolve(host('late-site'));
    expect(target?.site).toMatchObject({ siteId: 'late-site', environment: 'production' });
    // And a deployment's label under another site is still refused by that edge; under its own, it is served.
    expect(await deaf.resolve(host(previewLabel(target!.site.deploymentId, 'paypal-login')))).toBeNull();
    expect((await deaf.resolve(host(previewLabel(target!.site.deploymentId, 'late-site'))))?.site.deploymentId).toBe(target!.site.deploymentId);
  });
});

describe('announceRoutesChanged', () => {
  it('waits for the live edges only: a foreign subscriber does not count, a registered edge that never answers is given up on', async () => {
    const silent = new Redis(h.svc.rt.config.REDIS_URL);
    try {
      // Hears every announcement but is no edge: PUBLISH counts it, the registry does not.
      await silent.subscribe(h.svc.rt.channels.routesChanged);
      expect(await announceRoutesChanged(h.svc.rt)).toEqual({ edges: 1, acknowledged: 1 });
    } finally {
      silent.disconnect();
    }
    // An edge alive in the registry that does not answer (frozen) holds the caller until the deadline only.
    await heartbeat(h.svc.rt.redis, h.svc.rt.edgeRegistry, 'frozen-edge', 60_000);
    try {
      expect(await announceRoutesChanged(h.svc.rt, 500)).toEqual({ edges: 2, acknowledged: 1 });
    } finally {
      await leaveRegistry(h.svc.rt.redis, h.svc.rt.edgeRegistry, 'frozen-edge');
    }
    expect(await announceRoutesChanged(h.svc.rt)).toEqual({ edges: 1, acknowledged: 1 });
  });
});
