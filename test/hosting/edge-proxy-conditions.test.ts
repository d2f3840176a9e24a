import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEdge, type EdgeServers } from '../../src/hosting/edge/edge-server';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';

// One build on a shared, slow machine; waits are bounded by `until`.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/**
 * Issue 27: what the peers do that Kiln skipped. 410, Language= and Country= conditions, and proxy rules
 * (200 to a URL) through the guarded fetch. Countries come from the bundled GeoIP database: 81.2.69.160 is
 * MaxMind's documented test address for GB (and in the registries' data too), 8.8.8.8 is Google's US resolver.
 */

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
/** More edges on the same database: private addresses refused and no trusted proxy; a short proxy timeout. */
let strict: EdgeServers;
let impatient: EdgeServers;
let upstream: Server;
let upstreamPort = 0;
const run = randomBytes(3).toString('hex');
const site = `conds-${run}`;
const host = `${site}.${HOSTING_DOMAIN}`;

/** What the upstream saw, by path. */
let deploymentId = '';
const seen = new Map<string, { url: string; method: string; headers: IncomingHttpHeaders }>();
/** Held /stream answers, released by the test once it has seen the first chunk arrive. */
const held: ServerResponse[] = [];
const BIG = randomBytes(200_000);

const page = (name: string) => `<!doctype html><title>${name}</title><p>${name}</p>`;

function startUpstream(): Promise<number> {
  upstream = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    seen.set(path, { url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    if (path === '/echo') {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        Connection: 'X-Secret-Hop',
        'X-Secret-Hop': 'only for this connection',
        'Set-Cookie': `stolen=1; Domain=${HOSTING_DOMAIN}; Path=/`,
        'X-Kept': 'yes',
      });
      res.end(JSON.stringify({ url: req.url }));
    } else if (path === '/big') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': BIG.length });
      res.end(req.method === 'HEAD' ? undefined : BIG);
    } else if (path === '/stream') {
      // Chunked, no length: the first chunk must reach the visitor while this answer is still open.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first chunk\n');
      held.push(res);
    } else if (path === '/hang') {
      // Never answers: the edge's proxy timeout ends it.
      held.push(res);
    } else if (path === '/moved') {
      res.writeHead(302, { Location: '/elsewhere', 'Content-Length': 0 }).end();
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('upstream 404');
    }
  });
  return new Promise((resolve) => upstream.listen(0, '127.0.0.1', () => resolve((upstream.address() as AddressInfo).port)));
}

beforeAll(async () => {
  h = await startHostingHarness({ EDGE_TRUSTED_PROXIES: '127.0.0.1,::1' });
  files = await startFileHost();
  upstreamPort = await startUpstream();
  const up = `http://127.0.0.1:${upstreamPort}`;
  const redirects = [
    '/old-page /gone.html 410',
    '/removed /nowhere 410',
    '/lang /de/ 302 Language=de,fr',
    '/lang /en-gb/ 302 Language=en-GB',
    '/lang /en/ 302',
    '/geo /gb/ 302 Country=gb',
    '/geo /us/ 302 Country=us,ca',
    '/geo /world/ 302',
    '/both /es-us/ 302 Country=us Language=es',
    '/both /fallback/ 302',
    `/api/* ${up}/:splat 200`,
    `/loop http://${host}/loop 200`,
    '/role /admin 200 Role=admin',
  ].join('\n');
  files.put(
    '/site.zip',
    await zipBuffer([
      { name: 'index.html', data: page('home') },
      { name: 'gone.html', data: page('this page is gone') },
      { name: '_redirects', data: redirects },
    ]),
  );
  const d = await h.deploy({ site_id: site, source_url: files.url('/site.zip') });
  expect(d.status).toBe('published');
  deploymentId = d.id;
  strict = await startEdge({ ...h.svc.rt, config: { ...h.svc.rt.config, FETCH_ALLOW_PRIVATE: false, EDGE_TRUSTED_PROXIES: [] } }, { http: 0, https: 0 });
  impatient = await startEdge({ ...h.svc.rt, config: { ...h.svc.rt.config, EDGE_PROXY_TIMEOUT_MS: 200 } }, { http: 0, https: 0 });
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await strict?.close();
  await impatient?.close();
  await h?.close();
  await files?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => edgeGet(h.edge.httpPort, host, path, headers, method);
const location = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).headers.location;

describe('410 and conditions through the edge', () => {
  it('builds with the unsupported Role= rule named in the build log, the rest read', async () => {
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${deploymentId}/logs`, { headers: h.auth })).json();
    const messages: string[] = logs.lines.map((l: { message: string }) => l.message);
    expect(messages).toContain('_redirects: read 12 rules (11 static, 1 dynamic); 1 problem below.');
    expect(messages.find((m) => m.startsWith('_redirects line 13 skipped'))).toMatch(/condition "Role=admin" is not supported/);
  });

  it('answers 410 with the rule’s page, or a built-in Gone page when it names none', async () => {
    const gone = await get('/old-page');
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain('this page is gone');
    const bare = await get('/removed');
    expect(bare.status).toBe(410);
    expect(bare.body.toString()).toContain('410 Gone');
    expect((await get('/removed', {}, 'HEAD')).status).toBe(410);
  });

  it('follows Language= against Accept-Language, a primary subtag meeting its regional forms', async () => {
    expect(await location('/lang', { 'Accept-Language': 'de-CH, en;q=0.5' })).toBe('/de/');
    expect(await location('/lang', { 'Accept-Language': 'it, fr;q=0.4' })).toBe('/de/');
    expect(await location('/lang', { 'Accept-Language': 'en-GB' })).toBe('/en-gb/');
    expect(await location('/lang', { 'Accept-Language': 'en-US' })).toBe('/en/');
    expect(await location('/lang', { 'Accept-Language': 'de;q=0' })).toBe('/en/');
    expect(await location('/lang')).toBe('/en/');
    expect((await get('/lang', { 'Accept-Language': 'de' })).headers.vary).toBe('Accept-Language');
  });

  it('follows Country= from the GeoIP database, the address taken from a trusted proxy’s header', async () => {
    expect(await location('/geo', { 'X-Forwarded-For': '81.2.69.160' })).toBe('/gb/');
    expect(await location('/geo', { 'X-Forwarded-For': '8.8.8.8' })).toBe('/us/');
    // The last entry is the one the trusted proxy wrote; earlier ones are the client's to invent.
    expect(await location('/geo', { 'X-Forwarded-For': '81.2.69.160, 8.8.8.8' })).toBe('/us/');
    // Loopback (no header) and a documentation address have no country.
    expect(await location('/geo')).toBe('/world/');
    expect(await location('/geo', { 'X-Forwarded-For': '192.0.2.1' })).toBe('/world/');
    expect(await location('/geo', { 'X-Forwarded-For': 'not-an-address' })).toBe('/world/');
  });

  it('needs every condition of a rule to hold', async () => {
    expect(await location('/both', { 'X-Forwarded-For': '8.8.8.8', 'Accept-Language': 'es-MX' })).toBe('/es-us/');
    expect(await location('/both', { 'X-Forwarded-For': '8.8.8.8', 'Accept-Language': 'en' })).toBe('/fallback/');
    expect(await location('/both', { 'X-Forwarded-For': '81.2.69.160', 'Accept-Language': 'es' })).toBe('/fallback/');
  });

  it('ignores the header from a peer that is not a trusted proxy', async () => {
    const r = await edgeGet(strict.httpPort, host, '/geo', { 'X-Forwarded-For': '81.2.69.160' });
    expect(r.headers.location).toBe('/world/');
  });
});

describe('proxy rules (200 to a URL)', () => {
  it('relays status, headers and body, passing the path and query on; hop-by-hop headers and cookies stay behind', async () => {
    const r = await get('/api/echo?x=1&y=2', {
      Connection: 'X-Client-Hop',
      'X-Client-Hop': 'only for this connection',
      TE: 'trailers',
      'Proxy-Authorization': 'Basic c2VjcmV0',
      Cookie: 'session=platform',
      'X-Forwarded-For': '81.2.69.160',
      'Accept-Language': 'de',
      'X-Custom': 'kept',
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toEqual({ url: '/echo?x=1&y=2' });
    expect(r.headers['x-kept']).toBe('yes');
    expect(r.headers['x-secret-hop']).toBeUndefined();
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers.via).toMatch(/kiln-edge/);
    const got = seen.get('/echo')!;
    expect(got.method).toBe('GET');
    expect(got.headers['x-custom']).toBe('kept');
    expect(got.headers['accept-language']).toBe('de');
    for (const name of ['x-client-hop', 'te', 'proxy-authorization', 'cookie']) expect(got.headers[name], name).toBeUndefined();
    expect(got.headers.host).toBe(`127.0.0.1:${upstreamPort}`);
    expect(got.headers['x-forwarded-for']).toBe('81.2.69.160');
    expect(got.headers['x-forwarded-host']).toBe(host);
    expect(got.headers['x-forwarded-proto']).toBe('http');
    expect(got.headers.via).toMatch(/kiln-edge/);
  });

  it('passes the other server’s 404 and redirects on as they are, and proxies missing asset paths', async () => {
    const missing = await get('/api/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('upstream 404');
    const moved = await get('/api/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe('/elsewhere');
  });

  it('streams: the first chunk reaches the visitor before the other server has finished', async () => {
    const before = held.length;
    const firstChunk = await new Promise<{ rest: Promise<string>; first: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: h.edge.httpPort, path: '/api/stream', headers: { host } }, (res) => {
        let body = '';
        let resolved = false;
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
          if (!resolved) {
            resolved = true;
            resolve({ first: body, rest: new Promise((done) => res.on('end', () => done(body))) });
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(firstChunk.first).toBe('first chunk\n');
    // The upstream answer is still open: only now is it finished.
    const open = await until('the upstream answer to be held', async () => held[before] ?? null);
    expect(open.writableEnded).toBe(false);
    open.end('second chunk\n');
    expect(await firstChunk.rest).toBe('first chunk\nsecond chunk\n');
  });

  it('counts the proxied body bytes in the site’s traffic', async () => {
    const before = h.edge.traffic.proxiedBytes(site);
    const r = await get('/api/big');
    expect(r.body.equals(BIG)).toBe(true);
    await until('the bytes to be counted', async () => h.edge.traffic.proxiedBytes(site) >= before + BIG.length);
    expect(h.edge.traffic.proxiedBytes(site)).toBe(before + BIG.length);
    // HEAD carries no body: nothing more is counted.
    const head = await get('/api/big', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(BIG.length));
    expect(seen.get('/big')!.method).toBe('HEAD');
    expect(h.edge.traffic.proxiedBytes(site)).toBe(before + BIG.length);
  });

  it('refuses dot segments, which would leave the path the rule confines the visitor to', async () => {
    for (const path of ['/api/%2e%2e/secret', '/api/.%2E/secret', '/api/x/%2e/y', '/api/%2E%2E']) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
    }
    // A dot inside a name is no segment of its own.
    expect((await get('/api/..echo')).body.toString()).toBe('upstream 404');
  });

  it('never leads back into the edge: its own hosts and requests it sent are refused with 508', async () => {
    const loop = await get('/loop');
    expect(loop.status).toBe(508);
    expect(loop.body.toString()).toMatch(/Loop Detected/);
    const again = await get('/api/echo', { Via: '1.1 kiln-edge' });
    expect(again.status).toBe(508);
  });

  it('refuses a private address unless FETCH_ALLOW_PRIVATE, naming why', async () => {
    const r = await edgeGet(strict.httpPort, host, '/api/echo');
    expect(r.status).toBe(502);
    expect(r.body.toString()).toMatch(/^Bad Gateway: refused to fetch from 127\.0\.0\.1:\d+: it is a non-public address \(loopback\)/);
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

describe('proxy timeout', () => {
  it('answers 504 when the other server does not answer within EDGE_PROXY_TIMEOUT_MS', async () => {
    const r = await edgeGet(impatient.httpPort, host, '/api/hang');
    expect(r.status).toBe(504);
    expect(r.body.toString()).toMatch(/^Gateway Timeout: no answer within 200 ms/);
  });
});
