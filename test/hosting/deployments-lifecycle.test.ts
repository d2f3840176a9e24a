import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { jsonRequest } from '../support/runtime';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;

const site = (version: string) =>
  zipBuffer([
    { name: 'public/index.html', data: `<h1>${version}</h1>` },
    { name: 'public/about.html', data: `about ${version}` },
    { name: 'public/css/site.css', data: 'body { color: red; }'.repeat(100) },
    { name: 'public/404.html', data: 'custom not found' },
  ]);

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/v1.zip', await site('version one'));
  files.put('/v2.zip', await site('version two'));
  files.put('/preview.zip', await site('a preview'));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

const home = (host = `blog.${HOSTING_DOMAIN}`) => edgeGet(h.edge.httpPort, host, '/').then((r) => r.body.toString());

describe('deployment lifecycle', () => {
  it('create → building → published → served; redeploy; rollback changes what is served back', async () => {
    const created = await h.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'blog', source_url: files.url('/v1.zip') }, h.auth));
    expect(created.status).toBe(201);
    const pending = await created.json();
    expect(pending).toMatchObject({ status: 'pending', environment: 'production', site_id: 'blog' });
    expect(pending.id).toMatch(/^dep_[a-z0-9]+$/);
    expect(pending.url).toBeUndefined();
    const v1 = await until('v1 published', async () => {
      const d = await (await h.svc.app.request(`/v1/hosting/deployments/${pending.id}`, { headers: h.auth })).json();
      return d.status === 'published' ? d : null;
    });
    // The url names the edge's HTTPS port (EDGE_HTTPS_PORT, 8443 by default): without it the address would not open.
    expect(v1.url).toBe(`https://blog.${HOSTING_DOMAIN}:8443`);
    // The edge follows the publish through pub/sub: within a second.
    await until('v1 served', async () => (await home()) === '<h1>version one</h1>', 1_000, 20);

    const served = await edgeGet(h.edge.httpPort, `blog.${HOSTING_DOMAIN}`, '/css/site.css', { 'accept-encoding': 'gzip' });
    expect(served.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(served.headers['content-encoding']).toBe('gzip');
    expect((await edgeGet(h.edge.httpPort, `blog.${HOSTING_DOMAIN}`, '/about')).body.toString()).toBe('about version one');
    const missing = await edgeGet(h.edge.httpPort, `blog.${HOSTING_DOMAIN}`, '/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('custom not found');

    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${v1.id}/logs`, { headers: h.auth })).json();
    expect(logs.lines.map((l: { message: string }) => l.message).join('\n')).toMatch(/Downloaded \d+ bytes[\s\S]*Extracted 4 files[\s\S]*Published 4 files/);

    const v2 = await h.deploy({ site_id: 'blog', source_url: files.url('/v2.zip') });
    expect(v2.status).toBe('published');
    await until('v2 served', async () => (await home()) === '<h1>version two</h1>');

    const rolled = await h.svc.app.request(`/v1/hosting/deployments/${v1.id}/rollback`, { method: 'POST', headers: h.auth });
    expect(rolled.status).toBe(200);
    const rb = await rolled.json();
    expect(Object.keys(rb).sort()).toEqual(['environment', 'id', 'rolled_back_at', 'site_id', 'status']);
    expect(rb).toMatchObject({ id: v1.id, status: 'rolled_back', environment: 'production', site_id: 'blog' });
    // Within a second, without a restart.
    await until('v1 served again', async () => (await home()) === '<h1>version one</h1>', 1_000, 20);
    const v2After = await (await h.svc.app.request(`/v1/hosting/deployments/${v2.id}`, { headers: h.auth })).json();
    expect(v2After).toMatchObject({ status: 'published', live: false });
    const v1After = await (await h.svc.app.request(`/v1/hosting/deployments/${v1.id}`, { headers: h.auth })).json();
    expect(v1After).toMatchObject({ status: 'rolled_back', rolled_back_at: rb.rolled_back_at, live: true });

    // Without source_url: the site's most recent content is redeployed.
    const again = await h.deploy({ site_id: 'blog' });
    expect(again).toMatchObject({ status: 'published', live: true });
    await until('v2 content redeployed', async () => (await home()) === '<h1>version two</h1>');
    // Replaced, the rolled-back-to deployment is a published one that is not live; when it was restored stays.
    const v1Replaced = await (await h.svc.app.request(`/v1/hosting/deployments/${v1.id}`, { headers: h.auth })).json();
    expect(v1Replaced).toMatchObject({ status: 'published', rolled_back_at: rb.rolled_back_at, live: false });
  });

  it('a preview is served at its own host and leaves production alone', async () => {
    const before = await home();
    const preview = await h.deploy({ site_id: 'blog', source_url: files.url('/preview.zip'), environment: 'preview' });
    expect(preview.status).toBe('published');
    const host = `${preview.id.slice(4)}--blog.${HOSTING_DOMAIN}`;
    expect(preview.url).toBe(`https://${host}:8443`);
    await until('preview served', async () => (await home(host)) === '<h1>a preview</h1>', 1_000, 20);
    expect(await home()).toBe(before);
    // An unknown deployment's host and an unknown site's host serve nothing.
    expect((await edgeGet(h.edge.httpPort, `zzzz--blog.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
    expect((await edgeGet(h.edge.httpPort, `nosuchsite.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
  });

  it('identical files across deployments are stored once', async () => {
    const a = await h.deploy({ site_id: 'dedupe', source_url: files.url('/v1.zip') });
    const b = await h.deploy({ site_id: 'dedupe2', source_url: files.url('/v1.zip') });
    const rows = await h.svc.rt.database.sql`
      SELECT count(*)::int AS paths, count(DISTINCT hash)::int AS blobs FROM deployment_files WHERE deployment_id IN (${a.id}, ${b.id})`;
    expect(rows[0]).toEqual({ paths: 8, blobs: 4 });
  });
});
