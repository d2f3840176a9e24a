import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type EdgeResponse, type HostingHarness } from './support/hosting-harness';

// Three builds on a shared, slow machine; waits are bounded by `until`.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
// Site ids are global: unique per run.
const run = randomBytes(3).toString('hex');
const sites = { rules: `rules-${run}`, spa: `spa-${run}`, clean: `clean-${run}`, hostile: `hostile-${run}` };
const deployments: Record<string, { id: string; status: string }> = {};

const page = (name: string) => `<!doctype html><title>${name}</title><p>${name}</p>`;

const RULES_REDIRECTS = `# Kiln conformance site
/old-301 /about
/old-302 /about 302
/old-303 /about 303
/old-307 /about 307
/old-308 /about 308
/to-html /about.html 301
/external https://example.com/landing 302

/blog/* /news/:splat 301
/users/:id /u/:id 302
/store id=:id /products/:id 301
/exists /about 301
/forced /about 301!
/rewrite /about 200
/rewrite-missing /nowhere 200
/gone /custom-404 404
/en/* /en/404.html 404
/proxy https://api.example.com/ 200
/teapot /about 418
/geo /us 302 Country=us
/slash/* //evil.example/:splat 301
/hop/* /:splat 301
`;

const RULES_HEADERS = `/*
  X-Site: kiln
  X-Multi: a
/docs/*
  X-Multi: b
  Cache-Control: public, max-age=60
/docs/private/*
  ! X-Site
  X-Robots-Tag: noindex
/about
  Content-Length: 1
  X-About: yes
/people/:name
  X-Person: :name
`;

/** Issue 24: loops a visitor could never leave, and a dynamic rule for the long-path test. */
const HOSTILE_REDIRECTS = `/self /self 301!
/ping /pong 302!
/pong /ping 302!
/fine /self 301!
/deep/* /self 301!
`;

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put(
    '/rules.zip',
    await zipBuffer([
      { name: 'index.html', data: page('home') },
      { name: 'about.html', data: page('about') },
      { name: 'exists.html', data: page('exists') },
      { name: 'forced.html', data: page('forced') },
      { name: 'custom-404.html', data: page('custom 404') },
      { name: 'en/404.html', data: page('english 404') },
      { name: 'docs/index.html', data: page('docs') },
      { name: 'docs/private/index.html', data: page('private docs') },
      { name: 'people/ada.html', data: page('ada') },
      { name: '404.html', data: page('site 404') },
      { name: '_redirects', data: RULES_REDIRECTS },
      { name: '_headers', data: RULES_HEADERS },
    ]),
  );
  files.put(
    '/spa.zip',
    await zipBuffer([
      // One top folder: the rule files are read from the site root after it is stripped.
      { name: 'dist/index.html', data: page('spa shell') },
      { name: 'dist/assets/app.1.js', data: 'console.log(1)' },
      { name: 'dist/_redirects', data: '/* /index.html 200\n' },
    ]),
  );
  files.put(
    '/clean.zip',
    await zipBuffer([
      ...['index.html', 'about.html', 'about/index.html', 'docs/index.html', 'docs.html', 'post.html', 'page.html', 'notes.html', '404.html'].map((name) => ({
        name,
        data: page(name),
      })),
      // A legacy rule pointing at the .html name (which redirects to the clean URL), forced: a loop if handled naively.
      { name: '_redirects', data: '/post /post.html 301!\n/legacy /page.html 301\n/notes/ /notes.html 301!\n' },
    ]),
  );
  files.put(
    '/hostile.zip',
    await zipBuffer([
      { name: 'index.html', data: page('hostile home') },
      { name: 'self.html', data: page('self') },
      { name: '_redirects', data: HOSTILE_REDIRECTS },
      { name: '_headers', data: '/*\n  Set-Cookie: session=stolen; Domain=' + HOSTING_DOMAIN + '; Path=/\n  X-Hostile: yes\n' },
    ]),
  );
  const built = await Promise.all(
    Object.entries(sites).map(async ([key, site]) => [key, await h.deploy({ site_id: site, source_url: files.url(`/${key}.zip`) })]),
  );
  for (const [key, d] of built) deployments[key as string] = d;
});
afterAll(async () => {
  await h?.close();
  await files?.close();
});

const get = (site: string, path: string, headers: Record<string, string> = {}) => edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, path, headers);
const text = (r: EdgeResponse) => r.body.toString();

describe('_redirects through the edge', () => {
  it('builds and publishes with the bad lines skipped, each named in the build log', async () => {
    expect(deployments.rules!.status).toBe('published');
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${deployments.rules!.id}/logs`, { headers: h.auth })).json();
    const lines: { level: string; message: string }[] = logs.lines;
    const messages = lines.map((l) => l.message);
    // Line 19 (a proxy rule) and line 21 (a Country= condition) are read since issue 27 (edge-proxy-conditions.test.ts).
    expect(messages).toContain('_redirects: read 19 rules (14 static, 5 dynamic); 2 problems below.');
    const warn = (pattern: RegExp) => expect(lines.find((l) => pattern.test(l.message))?.level, String(pattern)).toBe('warn');
    warn(/^_redirects line 20 skipped: status 418 is not supported/);
    warn(/^_redirects line 22 skipped: the target starts with \/\//);
    expect(messages).toContain('_headers: read 5 rules; 1 problem below.');
    warn(/^_headers line 11 skipped: Content-Length is set by the edge/);
    // The rule files are configuration, not content.
    expect(messages.join('\n')).toMatch(/Published 10 files/);
  });

  it('answers each redirect status with the target, passing the query string on', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const r = await get(sites.rules, `/old-${status}?ref=x`);
      expect(r.status, String(status)).toBe(status);
      expect(r.headers.location).toBe('/about?ref=x');
      expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    expect((await get(sites.rules, '/old-301/')).headers.location).toBe('/about');
    expect(await get(sites.rules, '/external')).toMatchObject({ status: 302, headers: { location: 'https://example.com/landing' } });
  });

  it('sends a redirect to an .html name straight to its clean URL (one hop)', async () => {
    const r = await get(sites.rules, '/to-html');
    expect(r).toMatchObject({ status: 301, headers: { location: '/about' } });
    expect(text(await get(sites.rules, '/about'))).toBe(page('about'));
  });

  it('fills in splats and placeholders', async () => {
    expect(await get(sites.rules, '/blog/2024/hello')).toMatchObject({ status: 301, headers: { location: '/news/2024/hello' } });
    expect(await get(sites.rules, '/blog')).toMatchObject({ status: 301, headers: { location: '/news/' } });
    expect(await get(sites.rules, '/users/42')).toMatchObject({ status: 302, headers: { location: '/u/42' } });
    expect((await get(sites.rules, '/users/42/more')).status).toBe(404);
  });

  it('never turns a placeholder into a protocol-relative location', async () => {
    // A literal "//host" target is refused at build time (line 22); placeholders are collapsed at the edge.
    expect((await get(sites.rules, '/slash/x')).status).toBe(404);
    expect((await get(sites.rules, '/hop//evil.example')).headers.location).toBe('/evil.example');
  });

  it('matches query parameters as Netlify does', async () => {
    expect(await get(sites.rules, '/store?id=7')).toMatchObject({ status: 301, headers: { location: '/products/7' } });
    expect((await get(sites.rules, '/store')).status).toBe(404);
    expect((await get(sites.rules, '/store?other=7')).status).toBe(404);
  });

  it('lets an existing file shadow a rule unless the rule is forced', async () => {
    const shadowed = await get(sites.rules, '/exists');
    expect(shadowed.status).toBe(200);
    expect(text(shadowed)).toBe(page('exists'));
    expect(await get(sites.rules, '/forced')).toMatchObject({ status: 301, headers: { location: '/about' } });
  });

  it('rewrites with 200 without changing the URL; a rewrite to nothing is the site 404', async () => {
    const r = await get(sites.rules, '/rewrite');
    expect(r.status).toBe(200);
    expect(r.headers.location).toBeUndefined();
    expect(text(r)).toBe(page('about'));
    const missing = await get(sites.rules, '/rewrite-missing');
    expect(missing.status).toBe(404);
    expect(text(missing)).toBe(page('site 404'));
  });

  it('serves a 404 rule’s page with status 404', async () => {
    const gone = await get(sites.rules, '/gone');
    expect(gone.status).toBe(404);
    expect(text(gone)).toBe(page('custom 404'));
    const en = await get(sites.rules, '/en/missing/page');
    expect(en.status).toBe(404);
    expect(text(en)).toBe(page('english 404'));
    const elsewhere = await get(sites.rules, '/fr/missing');
    expect(text(elsewhere)).toBe(page('site 404'));
  });

  it('does not serve _redirects or _headers', async () => {
    for (const path of ['/_redirects', '/_headers']) {
      const r = await get(sites.rules, path);
      expect(r.status, path).toBe(404);
      expect(text(r)).toBe(page('site 404'));
    }
  });
});

describe('hostile rules (issue 24)', () => {
  it('skips forced redirect loops with a build warning naming the lines, and serves those paths as files or 404', async () => {
    expect(deployments.hostile!.status).toBe('published');
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${deployments.hostile!.id}/logs`, { headers: h.auth })).json();
    const lines = (logs.lines as { level: string; message: string }[]).map((l) => `${l.level} ${l.message}`);
    expect(lines).toContain('info _redirects: read 2 rules (1 static, 1 dynamic); 2 problems below.');
    expect(lines).toContain('warn _redirects line 1 skipped: it redirects /self to itself, a loop no visitor could leave.');
    expect(lines).toContain('warn _redirects lines 2, 3 skipped: these forced redirects form a loop no visitor could leave (/ping → /pong → /ping).');
    const self = await get(sites.hostile, '/self');
    expect(self.status).toBe(200);
    expect(text(self)).toBe(page('self'));
    expect((await get(sites.hostile, '/ping')).status).toBe(404);
    expect(await get(sites.hostile, '/fine')).toMatchObject({ status: 301, headers: { location: '/self' } });
  });

  it('never sends a Set-Cookie from _headers', async () => {
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${deployments.hostile!.id}/logs`, { headers: h.auth })).json();
    expect(logs.lines.map((l: { message: string }) => l.message)).toContainEqual(
      expect.stringMatching(/^_headers line 2 skipped: Set-Cookie cannot be sent from _headers/),
    );
    const home = await get(sites.hostile, '/');
    expect(home.headers['x-hostile']).toBe('yes');
    expect(home.headers['set-cookie']).toBeUndefined();
  });

  it('answers 414 for a path over 2,048 bytes and still matches rules on a long path under it', async () => {
    const long = await get(sites.hostile, `/deep${'/aaaaaaa'.repeat(256)}`);
    expect(long.status).toBe(414);
    expect(long.headers['x-hostile']).toBeUndefined();
    const under = await get(sites.hostile, `/deep${'/aaaaaaa'.repeat(255)}`);
    expect(under).toMatchObject({ status: 301, headers: { location: '/self' } });
  });
});

describe('SPA fallback', () => {
  it('rewrites missing pages to index.html but never a missing asset', async () => {
    expect(deployments.spa!.status).toBe('published');
    for (const path of ['/', '/app/settings', '/app/settings/', '/deep/link?tab=2']) {
      const r = await get(sites.spa, path);
      expect(r.status, path).toBe(200);
      expect(text(r), path).toBe(page('spa shell'));
    }
    expect(text(await get(sites.spa, '/assets/app.1.js'))).toBe('console.log(1)');
    for (const path of ['/assets/app.2.js', '/favicon.ico', '/styles/site.css']) {
      const r = await get(sites.spa, path);
      expect(r.status, path).toBe(404);
      expect(text(r), path).not.toContain('spa shell');
    }
  });
});

describe('_headers through the edge', () => {
  it('applies matching blocks in file order: a later block replaces a header, and detaches', async () => {
    const home = await get(sites.rules, '/');
    expect(home.headers).toMatchObject({ 'x-site': 'kiln', 'x-multi': 'a', 'cache-control': 'public, max-age=0, must-revalidate' });
    const docs = await get(sites.rules, '/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers).toMatchObject({ 'x-site': 'kiln', 'x-multi': 'b', 'cache-control': 'public, max-age=60' });
    const priv = await get(sites.rules, '/docs/private/');
    expect(priv.headers['x-site']).toBeUndefined();
    expect(priv.headers).toMatchObject({ 'x-robots-tag': 'noindex', 'x-multi': 'b' });
    expect(text(priv)).toBe(page('private docs'));
  });

  it("keeps the edge's own headers unless a rule sets them, and refuses framing headers", async () => {
    const about = await get(sites.rules, '/about');
    expect(about.headers).toMatchObject({ 'x-about': 'yes', 'x-content-type-options': 'nosniff', 'content-type': 'text/html; charset=utf-8' });
    expect(about.headers['content-length']).toBe(String(page('about').length));
    expect(about.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const revalidated = await get(sites.rules, '/docs/', { 'if-none-match': String((await get(sites.rules, '/docs/')).headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=60');
  });

  it('fills placeholders into values, applies to 404 pages, not to redirects', async () => {
    const ada = await get(sites.rules, '/people/ada');
    expect(ada.status).toBe(200);
    expect(ada.headers['x-person']).toBe('ada');
    const redirected = await get(sites.rules, '/users/5');
    expect(redirected.status).toBe(302);
    expect(redirected.headers['x-site']).toBeUndefined();
    const notFound = await get(sites.rules, '/nothing-here');
    expect(notFound.status).toBe(404);
    expect(notFound.headers['x-site']).toBe('kiln');
  });
});

describe('clean URLs', () => {
  const paths = [
    '/',
    '/index.html',
    '/about',
    '/about/',
    '/about.html',
    '/about/index.html',
    '/docs',
    '/docs/',
    '/docs.html',
    '/docs/index.html',
    '/post',
    '/post/',
    '/post.html',
    '/page',
    '/page/',
    '/page.html',
    '/notes',
    '/notes/',
    '/notes.html',
    '/legacy',
    '/missing',
    '/missing/',
    '/missing.html',
    '/about?x=1',
    '/about.html?x=1',
  ];

  it('serves /page from page.html, /docs/ from docs/index.html and redirects the other spellings with 308', async () => {
    // about.html and about/index.html both exist: the folder owns "/about/", so about.html keeps its name.
    expect(await get(sites.clean, '/about')).toMatchObject({ status: 308, headers: { location: '/about/' } });
    expect(text(await get(sites.clean, '/about/'))).toBe(page('about/index.html'));
    expect(text(await get(sites.clean, '/about.html'))).toBe(page('about.html'));
    expect(await get(sites.clean, '/docs')).toMatchObject({ status: 308, headers: { location: '/docs/' } });
    expect(text(await get(sites.clean, '/docs/'))).toBe(page('docs/index.html'));
    expect(await get(sites.clean, '/index.html')).toMatchObject({ status: 308, headers: { location: '/' } });
    expect(await get(sites.clean, '/docs/index.html')).toMatchObject({ status: 308, headers: { location: '/docs/' } });
    expect(await get(sites.clean, '/page.html?x=1')).toMatchObject({ status: 308, headers: { location: '/page?x=1' } });
    expect(text(await get(sites.clean, '/page'))).toBe(page('page.html'));
    // Rules pointing at .html names: sent to the clean URL, or (when a forced rule claims it) served in place.
    expect(await get(sites.clean, '/legacy')).toMatchObject({ status: 301, headers: { location: '/page' } });
    expect(await get(sites.clean, '/post')).toMatchObject({ status: 301, headers: { location: '/post.html' } });
    expect(text(await get(sites.clean, '/post.html'))).toBe(page('post.html'));
  });

  it('reaches a final 200 or 404 in at most one hop from every path, rules included', async () => {
    for (const start of paths) {
      let r = await get(sites.clean, start);
      const hops: string[] = [start];
      if (r.status >= 300 && r.status < 400) {
        const location = String(r.headers.location);
        expect(location.startsWith('/'), `${start} → ${location}`).toBe(true);
        hops.push(location);
        r = await get(sites.clean, location);
      }
      expect([200, 404], hops.join(' → ')).toContain(r.status);
    }
  });
});

it('a redeploy without source keeps the rules; a rollback brings back the rules it had', async () => {
  const again = await h.deploy({ site_id: sites.spa });
  expect(again.status).toBe('published');
  const r = await get(sites.spa, '/some/route');
  expect(r.status).toBe(200);
  expect(text(r)).toBe(page('spa shell'));
  expect((await get(sites.spa, '/assets/gone.js')).status).toBe(404);

  files.put('/spa-norules.zip', await zipBuffer([{ name: 'index.html', data: page('no rules') }]));
  const plain = await h.deploy({ site_id: sites.spa, source_url: files.url('/spa-norules.zip') });
  expect(plain.status).toBe('published');
  expect((await get(sites.spa, '/some/route')).status).toBe(404);

  const rolled = await h.svc.app.request(`/v1/hosting/deployments/${deployments.spa!.id}/rollback`, { method: 'POST', headers: h.auth });
  expect(rolled.status).toBe(200);
  await until('the rolled-back rules are served', async () => (await get(sites.spa, '/some/route')).status === 200);
  expect(text(await get(sites.spa, '/some/route'))).toBe(page('spa shell'));
});
