import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, type EdgeResponse, type HostingHarness } from './support/hosting-harness';

/**
 * Netlify's own parser fixtures (netlify/build: packages/redirect-parser/tests/fixtures/redirects_file,
 * packages/headers-parser/tests/fixtures/headers_file) and header-engine cases (netlify/primitives:
 * packages/headers), deployed through real builds and answered by the edge on loopback. Two sites, each
 * holding many cases, so the file costs two builds. The parsers' case-by-case table is
 * netlify-parsers.unit.test.ts; this file checks what a visitor receives.
 */

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
const run = randomBytes(3).toString('hex');
const sites = { fixtures: `netlify-${run}`, readme: `readme-${run}` };
const deployments: Record<string, { id: string; status: string }> = {};

const page = (name: string) => `<!doctype html><title>${name}</title><p>${name}</p>`;

/** Lines from the fixtures, one case or more each (named on the right, which is also an inline comment). */
const FIXTURE_REDIRECTS = `# this is just an old leftover                               (comment_full)
/blog/my-post.php  /blog/my-post # this is just an old leftover  (comment_inline)
/blog/my-post-ads.php  /blog/my-post#ads # this is a valid anchor with a comment
  /home              /
/10thmagnitude   http://www.10thmagnitude.com/   301

/bananastand     http://eepurl.com/Lgde5         301
/news      page=news      /news-page
/posts  post=:post_id  /blog/:post_id
/test https://www.bitballoon.com/test=hello 301!
/admin/* 200
/admin/* /index.html 200
/one /two
/one /four
/.netlify/from /to
/from /to not_a_status
/m/scge/legal
/swfobject.html?detectflash=false 301
/backup/*
    Basic-Auth: dev@terraeclipse.com:nud-feud-contour
`;

/** The headers fixtures in the layout of Netlify's large test file: paths indented, some headers not. */
const FIXTURE_HEADERS = `# Netlify reads a path by its leading /, whatever the indentation
      /*
X-Frame-Options: DENY
Cache-Control: no-cache
      /embed/*
  x-frame-options: SAMEORIGIN
/assets/*
  Cache-Control: public, max-age=31536000, immutable
  /DOCS/*
    X-Docs: yes
    test: one
    test: two
//a//b//
  X-Slashes: collapsed
/path
  test:
/path
  test = one
`;

/**
 * README's own example, read from README.md so that the example stays true (issue 27: it used to deploy with
 * 0 of its 9 redirect rules): the text block of the Netlify section, split where `_headers` begins.
 */
function readmeExample(): { redirects: string; headers: string } {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /```text\n(# _redirects:[\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no ```text block starting with "# _redirects:"');
  const at = block.indexOf('# _headers');
  return { redirects: block.slice(0, at), headers: block.slice(at) };
}
const README = readmeExample();

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put(
    '/fixtures.zip',
    await zipBuffer([
      { name: 'index.html', data: page('home') },
      { name: 'blog/my-post.html', data: page('my post') },
      { name: 'admin/panel.html', data: page('admin panel') },
      { name: 'embed/widget.html', data: page('widget') },
      { name: 'assets/app.js', data: 'console.log(1)' },
      { name: 'docs/intro.html', data: page('intro') },
      { name: '404.html', data: page('site 404') },
      { name: '_redirects', data: FIXTURE_REDIRECTS },
      { name: '_headers', data: FIXTURE_HEADERS },
    ]),
  );
  files.put(
    '/readme.zip',
    await zipBuffer([
      { name: 'index.html', data: page('readme home') },
      { name: 'app/index.html', data: page('app shell') },
      { name: 'docs.html', data: page('docs') },
      { name: 'assets/app.js', data: 'console.log(2)' },
      { name: 'assets/embed/frame.html', data: page('frame') },
      { name: 'gone.html', data: page('gone') },
      { name: '_redirects', data: README.redirects },
      { name: '_headers', data: README.headers },
    ]),
  );
  const built = await Promise.all(
    Object.entries(sites).map(async ([key, site]) => [key, await h.deploy({ site_id: site, source_url: files.url(`/${key}.zip`) })] as const),
  );
  for (const [key, d] of built) deployments[key] = d;
});
afterAll(async () => {
  await h?.close();
  await files?.close();
});

const get = (site: string, path: string, headers: Record<string, string> = {}) => edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, path, headers);
const text = (r: EdgeResponse) => r.body.toString();
const buildLog = async (key: string): Promise<{ level: string; message: string }[]> =>
  (await (await h.svc.app.request(`/v1/hosting/deployments/${deployments[key]!.id}/logs`, { headers: h.auth })).json()).lines;

describe('Netlify’s _redirects fixtures through the edge', () => {
  it('publishes with the lines Netlify refuses skipped, each named in the build log', async () => {
    expect(deployments.fixtures!.status).toBe('published');
    const lines = await buildLog('fixtures');
    const messages = lines.map((l) => l.message);
    expect(messages).toContain('_redirects: read 12 rules (8 static, 4 dynamic); 6 problems below.');
    const warned = (pattern: RegExp) => expect(lines.find((l) => pattern.test(l.message))?.level, String(pattern)).toBe('warn');
    warned(/^_redirects line 15 skipped: paths under \/\.netlify cannot be redirected .*: "\/\.netlify\/from \/to"$/); // invalid_dot_netlify_path
    warned(/^_redirects line 16 skipped: unexpected "not_a_status" after the target/); // invalid_status
    warned(/^_redirects line 17 skipped: no target/); // invalid_no_to_no_status
    warned(/^_redirects line 18 skipped: no target/); // invalid_no_to_status
    warned(/^_redirects line 19 skipped: no target/); // invalid_mistaken_headers
    warned(/^_redirects line 20 skipped: /);
  });

  it('cuts inline comments after the target, keeping a target’s #fragment (comment_inline, to_anchor)', async () => {
    expect(await get(sites.fixtures, '/blog/my-post.php')).toMatchObject({ status: 301, headers: { location: '/blog/my-post' } });
    expect(await get(sites.fixtures, '/blog/my-post-ads.php?ref=x')).toMatchObject({ status: 301, headers: { location: '/blog/my-post?ref=x#ads' } });
  });

  it('reads trimmed lines, blank lines, default and explicit statuses (line_trim, empty_line, multiple_lines, status_force)', async () => {
    expect(await get(sites.fixtures, '/home')).toMatchObject({ status: 301, headers: { location: '/' } });
    expect(await get(sites.fixtures, '/10thmagnitude')).toMatchObject({ status: 301, headers: { location: 'http://www.10thmagnitude.com/' } });
    expect(await get(sites.fixtures, '/bananastand')).toMatchObject({ status: 301, headers: { location: 'http://eepurl.com/Lgde5' } });
    expect(await get(sites.fixtures, '/test')).toMatchObject({ status: 301, headers: { location: 'https://www.bitballoon.com/test=hello' } });
  });

  it('matches query conditions (query)', async () => {
    expect(await get(sites.fixtures, '/news?page=news')).toMatchObject({ status: 301, headers: { location: '/news-page' } });
    expect((await get(sites.fixtures, '/news?page=other')).status).toBe(404);
    expect(await get(sites.fixtures, '/posts?post=42')).toMatchObject({ status: 301, headers: { location: '/blog/42' } });
  });

  it('takes a forward rule (to_path_forward) as a rewrite to the same path, ahead of later rules', async () => {
    const panel = await get(sites.fixtures, '/admin/panel');
    expect(panel.status).toBe(200);
    expect(text(panel)).toBe(page('admin panel'));
    // /admin/* 200 claims the path first: the later /admin/* /index.html 200 never serves the home page there.
    const missing = await get(sites.fixtures, '/admin/missing');
    expect(missing.status).toBe(404);
    expect(text(missing)).toBe(page('site 404'));
  });

  it('takes the first of two rules for one path (simple_multiple) and serves refused paths as the site does', async () => {
    expect(await get(sites.fixtures, '/one')).toMatchObject({ status: 301, headers: { location: '/two' } });
    expect((await get(sites.fixtures, '/.netlify/from')).status).toBe(404);
    expect((await get(sites.fixtures, '/from')).status).toBe(404);
  });
});

describe('Netlify’s _headers fixtures through the edge', () => {
  it('reads paths by their leading / and headers with or without indentation; refuses an empty value', async () => {
    const lines = await buildLog('fixtures');
    const messages = lines.map((l) => l.message);
    expect(messages).toContain('_headers: read 5 rules; 2 problems below.');
    expect(messages).toContain('_headers line 16 skipped: test has no value; write one, or "! test" to remove the header: "test:"');
    expect(messages).toContain('_headers line 18 skipped: expected "Name: value", "! Name" or a path starting with /: "test = one"');
  });

  it('sends the later matching block’s value for a header, replacing the edge’s own (issue 27)', async () => {
    const home = await get(sites.fixtures, '/');
    expect(home.headers).toMatchObject({ 'x-frame-options': 'DENY', 'cache-control': 'no-cache' });
    const widget = await get(sites.fixtures, '/embed/widget');
    expect(widget.status).toBe(200);
    expect(widget.headers).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'no-cache' });
    const asset = await get(sites.fixtures, '/assets/app.js');
    expect(asset.headers).toMatchObject({ 'x-frame-options': 'DENY', 'cache-control': 'public, max-age=31536000, immutable' });
    const revalidated = await get(sites.fixtures, '/assets/app.js', { 'if-none-match': String(asset.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('joins a header one block repeats (multiple_values) and matches paths whatever the case', async () => {
    const docs = await get(sites.fixtures, '/docs/intro');
    expect(docs.status).toBe(200);
    expect(docs.headers).toMatchObject({ 'x-docs': 'yes', test: 'one, two' });
    expect((await get(sites.fixtures, '/Docs/Intro')).headers['x-docs']).toBe('yes');
  });

  it('reads //a//b// as /a/b (double_slash_multiple)', async () => {
    const r = await get(sites.fixtures, '/a/b');
    expect(r.status).toBe(404);
    expect(r.headers['x-slashes']).toBe('collapsed');
    expect((await get(sites.fixtures, '/a/b/c')).headers['x-slashes']).toBeUndefined();
  });
});

describe('README’s example rules (issue 27)', () => {
  it('deploys all 14 redirect rules and 3 header rules, with no warning', async () => {
    expect(deployments.readme!.status).toBe('published');
    const log = await buildLog('readme');
    const messages = log.map((l) => l.message);
    expect(messages).toContain('_redirects: read 14 rules (6 static, 8 dynamic).');
    expect(messages).toContain('_headers: read 3 rules.');
    expect(log.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('serves them as the comments on each line say', async () => {
    expect(await get(sites.readme, '/home')).toMatchObject({ status: 301, headers: { location: '/' } });
    expect(await get(sites.readme, '/blog/2024/post')).toMatchObject({ status: 301, headers: { location: '/news/2024/post' } });
    expect(await get(sites.readme, '/users/7')).toMatchObject({ status: 302, headers: { location: '/u/7' } });
    expect(await get(sites.readme, '/store?id=3')).toMatchObject({ status: 301, headers: { location: '/products/3' } });
    expect(await get(sites.readme, '/pricing')).toMatchObject({ status: 308, headers: { location: 'https://example.com/p' } });
    const app = await get(sites.readme, '/app/settings');
    expect([app.status, text(app)]).toEqual([200, page('app shell')]);
    expect((await get(sites.readme, '/shop/cart')).status).toBe(404);
    expect(await get(sites.readme, '/docs')).toMatchObject({ status: 301, headers: { location: '/handbook' } });
    const gone = await get(sites.readme, '/old-pricing');
    expect([gone.status, text(gone)]).toEqual([410, page('gone')]);
    expect(await get(sites.readme, '/images/cat.jpg')).toMatchObject({ status: 301, headers: { location: '/img/cat' } });
    const spa = await get(sites.readme, '/some/route');
    expect([spa.status, text(spa)]).toEqual([200, page('readme home')]);
  });

  it('sends the README’s headers: the asset block’s Cache-Control, the embed block’s detach', async () => {
    const asset = await get(sites.readme, '/assets/app.js');
    expect(asset.headers).toMatchObject({ 'x-frame-options': 'DENY', 'cache-control': 'public, max-age=31536000, immutable' });
    const frame = await get(sites.readme, '/assets/embed/frame');
    expect(frame.status).toBe(200);
    expect(frame.headers['x-frame-options']).toBeUndefined();
  });
});
