import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, type HostingHarness } from './support/hosting-harness';

// One build on a shared, slow machine; waits are bounded by the harness.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
const site = `match-${randomBytes(3).toString('hex')}`;
let deployment: { id: string; status: string };

const page = (name: string) => `<!doctype html><title>${name}</title><p>${name}</p>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Past Cloudflare's old caps (2,000 static + 100 dynamic), with the patterns last. */
function redirects(): string {
  const lines: string[] = [];
  for (let i = 0; i < 3_000; i++) lines.push(`/old/page-${i} /about 301`);
  for (let i = 0; i < 150; i++) lines.push(`/legacy-${i}/:slug /about 302`);
  lines.push('/images/:name.jpg /img/:name 301', '/docs/*/index.html /docs/:splat/ 301');
  return `${lines.join('\n')}\n`;
}

const HEADERS = `/*.js
  Cache-Control: ${IMMUTABLE}
/*/_next/static/chunks/*
  X-Chunk: :splat
`;

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put(
    '/site.zip',
    await zipBuffer([
      { name: 'index.html', data: page('home') },
      { name: 'about.html', data: page('about') },
      { name: 'app.js', data: 'console.log(1)' },
      { name: 'shop/_next/static/chunks/main.js', data: 'console.log(2)' },
      { name: '_redirects', data: redirects() },
      { name: '_headers', data: HEADERS },
    ]),
  );
  deployment = await h.deploy({ site_id: site, source_url: files.url('/site.zip') });
});
afterAll(async () => {
  await h?.close();
  await files?.close();
});

const get = (path: string) => edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, path);

describe('splats anywhere, placeholders inside a segment, no small rule cap (issue 27)', () => {
  it('reads every rule, past Cloudflare’s caps', async () => {
    expect(deployment.status).toBe('published');
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${deployment.id}/logs`, { headers: h.auth })).json();
    const messages: string[] = logs.lines.map((l: { message: string }) => l.message);
    expect(messages).toContain('_redirects: read 3152 rules (3000 static, 152 dynamic).');
    expect(messages).toContain('_headers: read 2 rules.');
  });

  it('sends /*.js Cache-Control with every script, at any depth', async () => {
    const app = await get('/app.js');
    expect(app.status).toBe(200);
    expect(app.headers['cache-control']).toBe(IMMUTABLE);
    const chunk = await get('/shop/_next/static/chunks/main.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers).toMatchObject({ 'cache-control': IMMUTABLE, 'x-chunk': 'main.js' });
    const home = await get('/');
    expect(home.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('redirects /images/:name.jpg to /img/:name with 301, and applies the last rules of a large file', async () => {
    expect(await get('/images/cat.jpg')).toMatchObject({ status: 301, headers: { location: '/img/cat' } });
    expect((await get('/images/cat.png')).status).toBe(404);
    expect(await get('/docs/v2/api/index.html')).toMatchObject({ status: 301, headers: { location: '/docs/v2/api/' } });
    expect(await get('/old/page-2999')).toMatchObject({ status: 301, headers: { location: '/about' } });
    expect(await get('/legacy-149/x')).toMatchObject({ status: 302, headers: { location: '/about' } });
  });
});
