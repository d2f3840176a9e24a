import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobCache } from '../../src/hosting/edge/blob-cache';
import { contentTypeFor } from '../../src/hosting/edge/content-type';
import { serveSite, type ServeSiteOptions } from '../../src/hosting/edge/serve-site';
import type { BlobSource, LiveSite, SiteFileEntry } from '../../src/hosting/edge/types';

/** Map-backed blob store that counts reads and can be made slow, so single-flight is observable. */
class MemoryBlobSource implements BlobSource {
  readonly blobs = new Map<string, Buffer>();
  reads: string[] = [];
  delayMs = 0;
  failWith: Error | null = null;

  put(content: Buffer): string {
    const hash = createHash('sha256').update(content).digest('hex');
    this.blobs.set(hash, content);
    return hash;
  }

  async read(hash: string): Promise<Buffer | null> {
    this.reads.push(hash);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failWith) throw this.failWith;
    return this.blobs.get(hash) ?? null;
  }
}

function htmlPage(title: string, bytes = 3000): Buffer {
  const filler = `<p>${title} `.padEnd(bytes, 'lorem ipsum dolor sit amet ');
  return Buffer.from(`<!doctype html><title>${title}</title>${filler}</p>`);
}

interface SiteFixture {
  source: MemoryBlobSource;
  site: LiveSite;
  content: Map<string, Buffer>;
}

function buildSite(files: Record<string, Buffer>, publishedAt = new Date('2026-03-01T12:00:00.500Z')): SiteFixture {
  const source = new MemoryBlobSource();
  const entries = new Map<string, SiteFileEntry>();
  const content = new Map<string, Buffer>();
  for (const [path, body] of Object.entries(files)) {
    const hash = source.put(body);
    entries.set(path, { hash, size: body.length, contentType: contentTypeFor(path) });
    content.set(path, body);
  }
  return { source, content, site: { deploymentId: 'dep_test', siteId: 'test', environment: 'production', publishedAt, files: entries } };
}

interface Running {
  port: number;
  close(): Promise<void>;
}

async function startServer(getSite: () => LiveSite, blobs: BlobCache, opts?: ServeSiteOptions): Promise<Running> {
  const server = http.createServer((req, res) => {
    void serveSite(req, res, getSite(), blobs, opts);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// node:http rather than fetch: fetch normalises "/../" away and transparently decodes bodies.
function request(port: number, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const big = Buffer.from(randomBytes(512 * 1024).toString('base64')); // ~700 KB of text-like JS
const files: Record<string, Buffer> = {
  'index.html': htmlPage('home'),
  'dir/index.html': htmlPage('dir'),
  'about.html': htmlPage('about'),
  '404.html': htmlPage('custom not found'),
  'style.css': Buffer.from('body { color: red; }\n'.repeat(200)),
  'app.js': Buffer.from('console.log("hello");\n'.repeat(200)),
  'data.json': Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) })),
  'logo.svg': Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`),
  'img.png': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000, 0)]),
  'font.woff2': Buffer.alloc(4000, 7),
  'blob.unknownext': Buffer.from('opaque'),
  'small.txt': Buffer.from('tiny text file'),
  'random.txt': randomBytes(4096), // text type, but compression cannot shrink it
  'range.bin': Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)),
  'empty.txt': Buffer.alloc(0),
  'big.js': big,
};

describe('serveSite', () => {
  const fx = buildSite(files);
  const bare = buildSite({ 'index.html': htmlPage('bare home') });
  let blobs: BlobCache;
  let bareBlobs: BlobCache;
  let server: Running;
  let bareServer: Running;
  const body = (path: string) => fx.content.get(path)!;
  const etagOf = (path: string) => `"${fx.site.files.get(path)!.hash}"`;

  beforeAll(async () => {
    blobs = new BlobCache(fx.source);
    bareBlobs = new BlobCache(bare.source);
    server = await startServer(() => fx.site, blobs);
    bareServer = await startServer(() => bare.site, bareBlobs);
  });
  afterAll(async () => {
    await server.close();
    await bareServer.close();
  });
  const get = (path: string, headers?: Record<string, string>) => request(server.port, path, { headers });

  describe('routing', () => {
    it('serves index.html at / and at /dir/', async () => {
      const root = await get('/');
      expect(root.status).toBe(200);
      expect(root.body.equals(body('index.html'))).toBe(true);
      const dir = await get('/dir/');
      expect(dir.status).toBe(200);
      expect(dir.body.equals(body('dir/index.html'))).toBe(true);
    });

    it('redirects /dir to /dir/ (308) keeping the query string', async () => {
      const res = await get('/dir?q=1');
      expect(res.status).toBe(308);
      expect(res.headers.location).toBe('/dir/?q=1');
      expect((await get('/dir')).headers.location).toBe('/dir/');
    });

    it('serves pretty URLs from .html files', async () => {
      const res = await get('/about');
      expect(res.status).toBe(200);
      expect(res.body.equals(body('about.html'))).toBe(true);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('serves the custom 404.html with status 404', async () => {
      const res = await get('/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.equals(body('404.html'))).toBe(true);
    });

    it('serves a built-in 404 page when the site has none', async () => {
      const res = await request(bareServer.port, '/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('404');
    });

    it('answers 405 with Allow for other methods', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const res = await request(server.port, '/', { method });
        expect(res.status, method).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    });

    it('rejects traversal and malformed paths without reading any blob', async () => {
      const before = bare.source.reads.length;
      for (const path of ['/../secret', '/%2e%2e/x', '/a/%00', '/%E0%A4%A', '/..%2f..%2fetc/passwd']) {
        const res = await request(bareServer.port, path);
        expect(res.status, path).toBe(404);
      }
      expect(bare.source.reads.length).toBe(before);
    });
  });

  describe('headers', () => {
    it('sets content types', async () => {
      const expected: Record<string, string> = {
        '/about': 'text/html; charset=utf-8',
        '/style.css': 'text/css; charset=utf-8',
        '/app.js': 'text/javascript; charset=utf-8',
        '/data.json': 'application/json; charset=utf-8',
        '/logo.svg': 'image/svg+xml; charset=utf-8',
        '/img.png': 'image/png',
        '/font.woff2': 'font/woff2',
        '/blob.unknownext': 'application/octet-stream',
      };
      for (const [path, type] of Object.entries(expected)) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type'], path).toBe(type);
        expect(res.body.equals(body(path === '/about' ? 'about.html' : path.slice(1))), path).toBe(true);
      }
    });

    it('sends validators, caching and safety headers', async () => {
      const res = await get('/style.css');
      expect(res.headers.etag).toBe(etagOf('style.css'));
      expect(res.headers['last-modified']).toBe('Sun, 01 Mar 2026 12:00:00 GMT');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(res.headers['content-length']).toBe(String(body('style.css').length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect((await get('/img.png')).headers.vary).toBeUndefined();
    });

    it('lets Cache-Control be chosen per file', async () => {
      const custom = await startServer(() => fx.site, blobs, {
        cacheControl: (path) => (path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable'),
      });
      try {
        expect((await request(custom.port, '/app.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await request(custom.port, '/')).headers['cache-control']).toBe('no-cache');
      } finally {
        await custom.close();
      }
      // The default server must not have picked up the other server's precomputed headers.
      expect((await get('/app.js')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    });

    it('keeps headers the caller set before serving', async () => {
      const s = http.createServer((req, res) => {
        res.setHeader('X-Served-By', 'edge-test');
        void serveSite(req, res, fx.site, blobs);
      });
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      try {
        const { port } = s.address() as AddressInfo;
        const res = await request(port, '/app.js');
        expect(res.headers['x-served-by']).toBe('edge-test');
        expect(res.headers.etag).toBe(etagOf('app.js'));
        // The shared precomputed header object must not have absorbed the extra header.
        expect((await get('/app.js')).headers['x-served-by']).toBeUndefined();
      } finally {
        await new Promise<void>((r) => s.close(() => r()));
      }
    });

    it('answers HEAD with the GET headers and no body', async () => {
      const res = await request(server.port, '/style.css', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(body('style.css').length));
      expect(res.headers.etag).toBe(etagOf('style.css'));
      expect(res.body.length).toBe(0);
      const gz = await request(server.port, '/style.css', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const full = await get('/style.css', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-length']).toBe(String(full.body.length));
      expect(gz.body.length).toBe(0);
      const missing = await request(server.port, '/nope', { method: 'HEAD' });
      expect(missing.status).toBe(404);
      expect(missing.body.length).toBe(0);
    });
  });

  describe('conditional requests', () => {
    it('answers a matching If-None-Match with 304', async () => {
      const etag = etagOf('app.js');
      for (const inm of [etag, '*', `"nope", W/${etag}`, `"a",${etag} , "b"`]) {
        const res = await get('/app.js', { 'if-none-match': inm });
        expect(res.status, inm).toBe(304);
        expect(res.body.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
        expect(res.headers['last-modified']).toBeDefined();
      }
      expect((await get('/app.js', { 'if-none-match': '"other"' })).status).toBe(200);
    });

    it('compares If-None-Match against the negotiated variant', async () => {
      const gz = await get('/app.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers.etag).toBe(`"${fx.site.files.get('app.js')!.hash}-gz"`);
      const revalidated = await get('/app.js', { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe(gz.headers.etag);
      expect(revalidated.headers.vary).toBe('Accept-Encoding');
      expect((await get('/app.js', { 'if-none-match': gz.headers.etag! })).status).toBe(200);
    });

    it('answers If-Modified-Since at or after Last-Modified with 304', async () => {
      const lastModified = (await get('/style.css')).headers['last-modified']!;
      expect((await get('/style.css', { 'if-modified-since': lastModified })).status).toBe(304);
      expect((await get('/style.css', { 'if-modified-since': 'Mon, 01 Jan 2035 00:00:00 GMT' })).status).toBe(304);
      expect((await get('/style.css', { 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' })).status).toBe(200);
      expect((await get('/style.css', { 'if-modified-since': 'garbage' })).status).toBe(200);
      // If-None-Match wins over If-Modified-Since.
      const both = await get('/style.css', { 'if-modified-since': lastModified, 'if-none-match': '"other"' });
      expect(both.status).toBe(200);
    });
  });

  describe('compression', () => {
    it('serves gzip that decodes to the original bytes', async () => {
      const res = await get('/app.js', { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(body('app.js').length);
      expect(gunzipSync(res.body).equals(body('app.js'))).toBe(true);
    });

    it('prefers br and decodes to the original bytes', async () => {
      for (const [path, file] of [
        ['/', 'index.html'],
        ['/style.css', 'style.css'],
        ['/data.json', 'data.json'],
        ['/logo.svg', 'logo.svg'],
        ['/big.js', 'big.js'],
      ]) {
        const res = await get(path!, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(res.headers['content-encoding'], path).toBe('br');
        expect(res.headers.etag).toBe(`"${fx.site.files.get(file!)!.hash}-br"`);
        expect(brotliDecompressSync(res.body).equals(body(file!)), path).toBe(true);
      }
    });

    it('honours q=0', async () => {
      expect((await get('/app.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
      expect((await get('/app.js', { 'accept-encoding': '*, br;q=0' })).headers['content-encoding']).toBe('gzip');
      const none = await get('/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body.equals(body('app.js'))).toBe(true);
      expect((await get('/app.js', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    });

    it('does not compress small files, images, fonts or incompressible content', async () => {
      for (const path of ['/small.txt', '/img.png', '/font.woff2', '/random.txt']) {
        const res = await get(path, { 'accept-encoding': 'gzip, br' });
        expect(res.headers['content-encoding'], path).toBeUndefined();
        expect(res.headers.etag).toBe(etagOf(path.slice(1)));
        expect(res.body.equals(body(path.slice(1))), path).toBe(true);
      }
      expect((await get('/small.txt', { 'accept-encoding': 'gzip' })).headers.vary).toBe('Accept-Encoding');
    });

    it('compresses the custom 404 page too', async () => {
      const res = await get('/missing', { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).equals(body('404.html'))).toBe(true);
    });
  });

  describe('ranges', () => {
    const data = files['range.bin']!;

    it('serves the three single-range forms as 206', async () => {
      const cases: [string, number, number][] = [
        ['bytes=10-19', 10, 19],
        ['bytes=990-', 990, 999],
        ['bytes=-5', 995, 999],
        ['bytes=900-5000', 900, 999],
        ['bytes=-5000', 0, 999],
      ];
      for (const [range, start, end] of cases) {
        const res = await get('/range.bin', { range });
        expect(res.status, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.body.equals(data.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers unsatisfiable ranges with 416', async () => {
      for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
        const res = await get('/range.bin', { range });
        expect(res.status, range).toBe(416);
        expect(res.headers['content-range']).toBe('bytes */1000');
      }
      expect((await get('/empty.txt', { range: 'bytes=0-' })).status).toBe(416);
    });

    it('ignores multiple and malformed ranges', async () => {
      for (const range of ['bytes=0-1,5-6', 'bytes=5-2', 'items=0-1', 'bytes=abc']) {
        const res = await get('/range.bin', { range });
        expect(res.status, range).toBe(200);
        expect(res.body.equals(data)).toBe(true);
      }
    });

    it('honours If-Range', async () => {
      const etag = etagOf('range.bin');
      const lastModified = (await get('/range.bin')).headers['last-modified']!;
      expect((await get('/range.bin', { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
      expect((await get('/range.bin', { range: 'bytes=0-9', 'if-range': lastModified })).status).toBe(206);
      for (const ifRange of ['"stale"', `W/${etag}`, 'Sat, 01 Jan 2000 00:00:00 GMT']) {
        const res = await get('/range.bin', { range: 'bytes=0-9', 'if-range': ifRange });
        expect(res.status, ifRange).toBe(200);
        expect(res.body.equals(data)).toBe(true);
      }
    });

    it('serves ranges of compressible files from the identity bytes', async () => {
      const res = await get('/app.js', { range: 'bytes=0-99', 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(206);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(body('app.js').subarray(0, 100))).toBe(true);
    });
  });

  describe('blob store', () => {
    it('reads a cold file once for concurrent requests', async () => {
      const cold = buildSite({ 'big.js': big, 'index.html': htmlPage('x') });
      cold.source.delayMs = 50;
      const cache = new BlobCache(cold.source);
      const s = await startServer(() => cold.site, cache);
      try {
        const responses = await Promise.all(Array.from({ length: 10 }, () => request(s.port, '/big.js')));
        for (const r of responses) expect(r.body.equals(big)).toBe(true);
        expect(cold.source.reads.length).toBe(1);
        const compressed = await Promise.all(Array.from({ length: 10 }, () => request(s.port, '/big.js', { headers: { 'accept-encoding': 'br' } })));
        for (const r of compressed) expect(brotliDecompressSync(r.body).equals(big)).toBe(true);
        expect(cache.stats().compressions).toBe(1);
        expect(cold.source.reads.length).toBe(1);
      } finally {
        await s.close();
      }
    });

    it('answers 502 for a missing blob and does not remember the failure', async () => {
      const content = htmlPage('late');
      const fixture = buildSite({ 'index.html': content });
      const hash = fixture.site.files.get('index.html')!.hash;
      fixture.source.blobs.delete(hash);
      const cache = new BlobCache(fixture.source);
      const s = await startServer(() => fixture.site, cache);
      try {
        const res = await request(s.port, '/');
        expect(res.status).toBe(502);
        expect(res.headers['cache-control']).toBe('no-store');
        expect((await request(s.port, '/', { headers: { 'accept-encoding': 'br' } })).status).toBe(502);
        fixture.source.blobs.set(hash, content);
        const ok = await request(s.port, '/');
        expect(ok.status).toBe(200);
        expect(ok.body.equals(content)).toBe(true);
      } finally {
        await s.close();
      }
    });

    it('answers 502 when the store fails', async () => {
      const fixture = buildSite({ 'index.html': htmlPage('x') });
      fixture.source.failWith = new Error('store down');
      const s = await startServer(() => fixture.site, new BlobCache(fixture.source));
      try {
        expect((await request(s.port, '/')).status).toBe(502);
        expect((await request(s.port, '/', { headers: { 'accept-encoding': 'gzip' } })).status).toBe(502);
      } finally {
        await s.close();
      }
    });

    it('serves a rollback at once: a new site object with new content', async () => {
      let current = buildSite({ 'index.html': htmlPage('v1') }, new Date('2026-01-01T00:00:00Z'));
      const v2 = buildSite({ 'index.html': htmlPage('v2') }, new Date('2026-02-01T00:00:00Z'));
      const cache = new BlobCache({ read: async (h) => (await current.source.read(h)) ?? (await v2.source.read(h)) });
      const s = await startServer(() => current.site, cache);
      try {
        const first = await request(s.port, '/');
        current = v2;
        const second = await request(s.port, '/', { headers: { 'if-none-match': first.headers.etag! } });
        expect(second.status).toBe(200);
        expect(second.body.toString()).toContain('v2');
        expect(second.headers['last-modified']).toBe('Sun, 01 Feb 2026 00:00:00 GMT');
      } finally {
        await s.close();
      }
    });
  });
});

describe('BlobCache', () => {
  function source() {
    const s = new MemoryBlobSource();
    const hashes = [1, 2, 3, 4].map((n) => s.put(Buffer.alloc(1000, n)));
    return { s, hashes: hashes as [string, string, string, string] };
  }

  it('evicts least recently used blobs by total bytes', async () => {
    const { s, hashes } = source();
    const [a, b, c, d] = hashes;
    const cache = new BlobCache(s, { maxBytes: 3000, maxEntryBytes: 2000 });
    await cache.get(a);
    await cache.get(b);
    await cache.get(c);
    expect(cache.stats().bytes).toBe(3000);
    expect(cache.peek(a)).toBeDefined(); // a is now most recent; b is the oldest
    await cache.get(d);
    expect(cache.peek(b)).toBeUndefined();
    expect(cache.peek(a)).toBeDefined();
    expect(cache.peek(c)).toBeDefined();
    expect(cache.peek(d)).toBeDefined();
    expect(cache.stats()).toMatchObject({ bytes: 3000, evictions: 1, reads: 4 });
    await cache.get(b);
    expect(s.reads.length).toBe(5);
  });

  it('does not cache blobs above maxEntryBytes', async () => {
    const s = new MemoryBlobSource();
    const hash = s.put(Buffer.alloc(5000));
    const cache = new BlobCache(s, { maxBytes: 100_000, maxEntryBytes: 4000 });
    expect((await cache.get(hash))?.length).toBe(5000);
    expect(cache.peek(hash)).toBeUndefined();
    await cache.get(hash);
    expect(s.reads.length).toBe(2);
  });

  it('counts compressed variants against the budget and remembers incompressible content', async () => {
    const s = new MemoryBlobSource();
    const text = s.put(Buffer.from('abc'.repeat(2000)));
    const noise = s.put(randomBytes(3000));
    const cache = new BlobCache(s);
    const gz = await cache.getEncoded(text, 'gzip', 'text/plain');
    expect(gunzipSync(gz!).toString()).toBe('abc'.repeat(2000));
    expect(cache.stats().bytes).toBe(6000 + gz!.length);
    expect(cache.peekEncoded(text, 'gzip')).toBe(gz);
    expect(cache.peekEncoded(text, 'br')).toBeUndefined();
    expect(await cache.getEncoded(noise, 'br', 'text/plain')).toBeNull();
    expect(cache.peekEncoded(noise, 'br')).toBeNull();
    expect(cache.stats().compressions).toBe(2);
    expect(await cache.getEncoded(text, 'gzip', 'image/png')).toBe(gz); // cached variant wins
    expect(await cache.getEncoded(noise, 'gzip', 'image/png')).toBeNull();
    expect(cache.stats().compressions).toBe(2);
  });
});
