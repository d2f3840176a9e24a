import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, type HostingHarness } from './support/hosting-harness';
import { createTestAccount } from '../support/runtime';

// Several builds per test on a shared, slow machine; every wait is for an event (a status), never a time.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
const run = randomBytes(3).toString('hex');

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  for (const v of ['a', 'b', 'c', 'd', 'e']) files.put(`/${v}.zip`, await zipBuffer([{ name: 'index.html', data: `<h1>${v}</h1>` }]));
  files.put('/no-index.zip', await zipBuffer([{ name: 'about.html', data: 'about' }]));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

const api = async (path: string, auth = h.auth) => {
  const res = await h.svc.app.request(path, { headers: auth });
  return { status: res.status, body: await res.json() };
};
const read = async (id: string) => (await api(`/v1/hosting/deployments/${id}`)).body;
const rollback = (id: string) => h.svc.app.request(`/v1/hosting/deployments/${id}/rollback`, { method: 'POST', headers: h.auth });
/** What the edge answers at a URL the API gave (the host and path of it; the edge is on loopback). */
const open = async (url: string) => {
  const r = await edgeGet(h.edge.httpPort, new URL(url).hostname, '/');
  return `${r.status} ${r.body.toString()}`;
};
/** The site's deployments as the list answers them, oldest first. */
const listed = async (site: string) => (await api(`/v1/hosting/deployments?site_id=${site}&environment=production`)).body.data.reverse();

describe('which deployment is live', () => {
  it('four production deploys: all published at the same url, exactly one live, each with a permalink serving its own files', async () => {
    const site = `live-${run}`;
    const deps = [];
    for (const v of ['a', 'b', 'c', 'd']) deps.push(await h.deploy({ site_id: site, source_url: files.url(`/${v}.zip`) }));
    const now = await Promise.all(deps.map((d) => read(d.id)));
    expect(now.map((d) => d.status)).toEqual(['published', 'published', 'published', 'published']);
    expect(new Set(now.map((d) => d.url))).toEqual(new Set([`https://${site}.${HOSTING_DOMAIN}:8443`]));
    expect(now.map((d) => d.live)).toEqual([false, false, false, true]);
    expect(now.map((d) => d.permalink_url)).toEqual(deps.map((d) => `https://${d.id.slice(4)}--${site}.${HOSTING_DOMAIN}:8443`));
    // The list and GET say the same.
    expect(await listed(site)).toEqual(now);

    // The site's address serves the live one; each permalink keeps serving its own deployment.
    expect(await open(now[0].url)).toBe('200 <h1>d</h1>');
    expect(await Promise.all(now.map((d) => open(d.permalink_url)))).toEqual(['200 <h1>a</h1>', '200 <h1>b</h1>', '200 <h1>c</h1>', '200 <h1>d</h1>']);
    // Under its own site's label only.
    expect((await edgeGet(h.edge.httpPort, `${deps[0].id.slice(4)}--paypal-login.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
    // A permalink is a copy search engines should not index (as Netlify marks its permalinks); the site's address is not.
    expect((await edgeGet(h.edge.httpPort, new URL(now[0].permalink_url).hostname, '/')).headers['x-robots-tag']).toBe('noindex');
    expect((await edgeGet(h.edge.httpPort, new URL(now[0].url).hostname, '/')).headers['x-robots-tag']).toBeUndefined();

    // The site route names the live production deployment, as GET answers it.
    const got = await api(`/v1/hosting/sites/${site}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: site,
      url: `https://${site}.${HOSTING_DOMAIN}:8443`,
      created_at: expect.any(String),
      live_deployment: now[3],
      latest_preview: null,
      traffic: { period_start: expect.any(String), proxied_bytes: 0 },
    });
  });

  it('rollback to B, then a deploy E: E is live, B reads published again (its rolled_back_at kept), and B’s permalink still serves B', async () => {
    const site = `roll-${run}`;
    const a = await h.deploy({ site_id: site, source_url: files.url('/a.zip') });
    const b = await h.deploy({ site_id: site, source_url: files.url('/b.zip') });
    const c = await h.deploy({ site_id: site, source_url: files.url('/c.zip') });
    expect((await rollback(b.id)).status).toBe(200);
    const rolled = await read(b.id);
    expect(rolled).toMatchObject({ status: 'rolled_back', live: true });
    expect((await read(c.id)).live).toBe(false);
    expect(await open(rolled.url)).toBe('200 <h1>b</h1>');

    const e = await h.deploy({ site_id: site, source_url: files.url('/e.zip') });
    const after = await Promise.all([a, b, c, e].map((d) => read(d.id)));
    expect(after.map((d) => [d.status, d.live])).toEqual([
      ['published', false],
      ['published', false],
      ['published', false],
      ['published', true],
    ]);
    expect(after[1].rolled_back_at).toBe(rolled.rolled_back_at);
    expect(await open(e.url)).toBe('200 <h1>e</h1>');
    expect(await open(after[1].permalink_url)).toBe('200 <h1>b</h1>');
    expect(await open(after[0].permalink_url)).toBe('200 <h1>a</h1>');
    expect((await api(`/v1/hosting/deployments?site_id=${site}&status=rolled_back`)).body.data).toEqual([]);

    // Rolling back twice in a row: only the latest target reads rolled_back (and is live).
    expect((await rollback(a.id)).status).toBe(200);
    expect((await rollback(c.id)).status).toBe(200);
    const again = await Promise.all([a, b, c, e].map((d) => read(d.id)));
    expect(again.map((d) => [d.status, d.live])).toEqual([
      ['published', false],
      ['published', false],
      ['rolled_back', true],
      ['published', false],
    ]);
    expect((await api(`/v1/hosting/sites/${site}`)).body.live_deployment).toEqual(again[2]);

    // Rollbacks at the same moment take turns: whichever ends last is live, and it alone reads rolled_back.
    const answers = await Promise.all([a, b, e].map((d) => rollback(d.id)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const raced = await Promise.all([a, b, c, e].map((d) => read(d.id)));
    const live = raced.filter((d) => d.live);
    expect(live).toHaveLength(1);
    expect(raced.filter((d) => d.status === 'rolled_back')).toEqual(live);
  });

  it('the site route names the current preview, and answers 404 for a site of another account or none', async () => {
    const site = `sites-${run}`;
    const prod = await h.deploy({ site_id: site, source_url: files.url('/a.zip') });
    const p1 = await h.deploy({ site_id: site, source_url: files.url('/b.zip'), environment: 'preview' });
    const p2 = await h.deploy({ site_id: site, source_url: files.url('/c.zip'), environment: 'preview' });
    const got = (await api(`/v1/hosting/sites/${site}`)).body;
    expect(got.live_deployment).toEqual(await read(prod.id));
    expect(got.latest_preview).toEqual(await read(p2.id));
    expect(got.latest_preview).toMatchObject({ live: true, environment: 'preview' });
    // A preview's url is its own host, the same as its permalink; the older preview is still served there.
    expect(got.latest_preview.permalink_url).toBe(got.latest_preview.url);
    expect(await read(p1.id)).toMatchObject({ live: false, status: 'published' });
    expect(await open((await read(p1.id)).url)).toBe('200 <h1>b</h1>');

    const other = await createTestAccount(h.svc.rt, 'business');
    const theirs = await api(`/v1/hosting/sites/${site}`, other.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('not_found');
    expect((await api(`/v1/hosting/sites/nosuch-${run}`)).status).toBe(404);
    expect((await api('/v1/hosting/sites/Not_A_Site')).status).toBe(404);
  });

  it('an archive without a root index.html publishes, with a warning in its build log', async () => {
    const d = await h.deploy({ site_id: `noindex-${run}`, source_url: files.url('/no-index.zip') });
    expect(d).toMatchObject({ status: 'published', live: true });
    const logs = (await api(`/v1/hosting/deployments/${d.id}/logs`)).body.lines;
    const warning = logs.find((l: { level: string; message: string }) => l.level === 'warn');
    expect(warning?.message).toMatch(/^No index\.html at the site's root/);
    // With one, no warning.
    const fine = await h.deploy({ site_id: `noindex-${run}`, source_url: files.url('/a.zip') });
    expect((await api(`/v1/hosting/deployments/${fine.id}/logs`)).body.lines.filter((l: { level: string }) => l.level === 'warn')).toEqual([]);
    // The edge's own page for a host with nothing published looks like its other pages.
    const none = await edgeGet(h.edge.httpPort, `nothing-${run}.${HOSTING_DOMAIN}`, '/');
    const missing = await edgeGet(h.edge.httpPort, `noindex-${run}.${HOSTING_DOMAIN}`, '/nope');
    expect(none.status).toBe(404);
    expect(missing.status).toBe(404);
    const style = (html: string) => html.match(/<style>[^<]*<\/style>/)?.[0];
    expect(style(none.body.toString())).toBeTruthy();
    expect(style(none.body.toString())).toBe(style(missing.body.toString()));
    expect(none.body.toString()).toContain('<h1>No site here</h1>');
  });
});
