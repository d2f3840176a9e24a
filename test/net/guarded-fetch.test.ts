import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError, guardedDownload, guardedFetchBuffer, type FetchRefusal, type GuardedFetchOptions } from '../../src/net/guarded-fetch';

interface TestServer {
  port: number;
  /** Requests that reached the server, in order. */
  requests: http.IncomingMessage[];
  close: () => Promise<void>;
}

const servers: TestServer[] = [];

async function serve(handler: http.RequestListener, host = '127.0.0.1'): Promise<TestServer> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const ts: TestServer = {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(ts);
  return ts;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-net-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let fileCounter = 0;
const destFile = () => join(dir, `download-${++fileCounter}.bin`);

const base: GuardedFetchOptions = { allowPrivate: false, maxBytes: 1024 * 1024, timeoutMs: 5000 };
const permissive: GuardedFetchOptions = { ...base, allowPrivate: true };
/** Treats 127.0.0.1 as the one "public" address so redirects to other loopback addresses can be refused. */
const onlyFirstLoopback: GuardedFetchOptions = { ...base, isAllowedAddress: (ip) => ip === '127.0.0.1' };

function mapHosts(table: Record<string, string[]>): NonNullable<GuardedFetchOptions['lookup']> {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
}

async function refusal(promise: Promise<unknown>, reason: FetchRefusal): Promise<FetchRefusedError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchRefusedError);
    const refused = err as FetchRefusedError;
    expect(refused.reason, refused.message).toBe(reason);
    expect(refused.message).not.toMatch(/\n\s+at /);
    return refused;
  }
  throw new Error(`expected a ${reason} refusal, but the fetch succeeded`);
}

describe('guarded fetch: successful downloads', () => {
  it('streams the body byte-exact to a file when private addresses are allowed', async () => {
    const payload = randomBytes(300_000);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      // Several writes so the body arrives in more than one chunk.
      for (let i = 0; i < payload.length; i += 64_000) res.write(payload.subarray(i, i + 64_000));
      res.end();
    });
    const dest = destFile();
    const result = await guardedDownload(`http://127.0.0.1:${server.port}/a.png?x=1`, dest, permissive);
    expect(result).toEqual({ bytes: payload.length, finalUrl: `http://127.0.0.1:${server.port}/a.png?x=1`, contentType: 'image/png' });
    expect((await readFile(dest)).equals(payload)).toBe(true);
  });

  it('fetches into memory, overwriting nothing on disk', async () => {
    const server = await serve((_req, res) => res.end('hello'));
    const result = await guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, permissive);
    expect(result.body.toString()).toBe('hello');
    expect(result.bytes).toBe(5);
    expect(result.contentType).toBeNull();
  });

  it('sends identity encoding, the user agent and the original Host, connecting to the checked address', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    let lookups = 0;
    const lookup = async (hostname: string) => {
      lookups++;
      expect(hostname).toBe('files.test');
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    await guardedFetchBuffer(`http://files.test:${server.port}/x`, { ...onlyFirstLoopback, lookup, userAgent: 'KilnTest/2' });
    const req = server.requests[0]!;
    expect(req.headers.host).toBe(`files.test:${server.port}`);
    expect(req.headers['accept-encoding']).toBe('identity');
    expect(req.headers['user-agent']).toBe('KilnTest/2');
    // Resolved once, for the check; the connection reused that answer instead of asking DNS again.
    expect(lookups).toBe(1);
  });

  it('keeps the original hostname for TLS SNI while connecting to the checked address', async () => {
    // No certificate needed: the server only records the SNI name and then fails the handshake.
    const names: string[] = [];
    const server = tls.createServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(new Error('no certificate in this test'));
      },
    });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const lookup = mapHosts({ 'secure.test': ['127.0.0.1'] });
      const err = await refusal(guardedFetchBuffer(`https://secure.test:${port}/`, { ...onlyFirstLoopback, lookup }), 'connection');
      expect(err.message).toContain(`secure.test:${port}`);
      expect(names).toEqual(['secure.test']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('uses the default user agent', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    await guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, permissive);
    expect(server.requests[0]!.headers['user-agent']).toBe('Kiln/1.0 (+fetcher)');
  });

  it('follows relative and absolute redirects and reports the final URL', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(301, { location: '/middle' }).end();
      else if (req.url === '/middle') res.writeHead(307, { location: `http://localhost:${(req.socket.localPort ?? 0).toString()}/end` }).end();
      else res.end('done');
    });
    const lookup = mapHosts({ localhost: ['127.0.0.1'] });
    const result = await guardedFetchBuffer(`http://127.0.0.1:${server.port}/start`, { ...permissive, lookup });
    expect(result.body.toString()).toBe('done');
    expect(result.finalUrl).toBe(`http://localhost:${server.port}/end`);
    expect(server.requests.map((r) => r.url)).toEqual(['/start', '/middle', '/end']);
  });
});

describe('guarded fetch: address policy', () => {
  it('refuses 127.0.0.1 without reaching the server', async () => {
    const server = await serve((_req, res) => res.end('secret'));
    const dest = destFile();
    const err = await refusal(guardedDownload(`http://127.0.0.1:${server.port}/`, dest, base), 'private_address');
    expect(err.message).toContain('127.0.0.1');
    expect(err.message).toContain('loopback');
    expect(server.requests).toHaveLength(0);
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses localhost (real DNS) without reaching the server', async () => {
    const server = await serve((_req, res) => res.end('secret'));
    const err = await refusal(guardedFetchBuffer(`http://localhost:${server.port}/`, base), 'private_address');
    expect(err.message).toContain(`localhost:${server.port}`);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['decimal', (port: number) => `http://2130706433:${port}/`],
    ['hex/short', (port: number) => `http://0x7f.1:${port}/`],
    ['octal', (port: number) => `http://0177.0.0.1:${port}/`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/`],
    ['IPv4-mapped dotted', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['IPv4-mapped hex', (port: number) => `http://[::ffff:7f00:1]:${port}/`],
    ['unspecified', (port: number) => `http://0.0.0.0:${port}/`],
  ])('refuses the %s IP literal form', async (_name, makeUrl) => {
    const server = await serve((_req, res) => res.end('secret'));
    await refusal(guardedFetchBuffer(makeUrl(server.port), base), 'private_address');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a host whose DNS answer mixes public and private addresses', async () => {
    const server = await serve((_req, res) => res.end('secret'));
    const lookup = mapHosts({ 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    const err = await refusal(guardedFetchBuffer(`http://mixed.test:${server.port}/`, { ...base, lookup }), 'private_address');
    expect(err.message).toContain('mixed.test');
    // Which internal address a name points at is not the user's business.
    expect(err.message).not.toContain('127.0.0.1');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['a loopback IPv4 literal', 'literal4'],
    ['an IPv6 literal', 'literal6'],
    ['a hostname resolving to a refused address', 'hostname'],
  ])('refuses a redirect to %s even though the first host was allowed', async (_name, kind) => {
    const inner4 = await serve((_req, res) => res.end('secret'), '127.0.0.2');
    const inner6 = await serve((_req, res) => res.end('secret'), '::1');
    const location =
      kind === 'literal4'
        ? `http://127.0.0.2:${inner4.port}/internal`
        : kind === 'literal6'
          ? `http://[::1]:${inner6.port}/internal`
          : `http://inner.test:${inner4.port}/internal`;
    const outer = await serve((_req, res) => res.writeHead(302, { location }).end());
    const lookup = mapHosts({ 'outer.test': ['127.0.0.1'], 'inner.test': ['127.0.0.2'] });
    const dest = destFile();
    const err = await refusal(guardedDownload(`http://outer.test:${outer.port}/`, dest, { ...onlyFirstLoopback, lookup }), 'private_address');
    expect(err.message).toContain('redirect');
    expect(outer.requests).toHaveLength(1);
    expect(inner4.requests).toHaveLength(0);
    expect(inner6.requests).toHaveLength(0);
    expect(existsSync(dest)).toBe(false);
  });
});

describe('guarded fetch: URL rules', () => {
  it.each(['ftp://example.com/file.png', 'file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://127.0.0.1:6379/_INFO'])(
    'refuses %s by scheme, even with private addresses allowed',
    async (url) => {
      await refusal(guardedFetchBuffer(url, permissive), 'scheme');
    },
  );

  it('refuses a redirect to another scheme', async () => {
    const server = await serve((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    await refusal(guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, permissive), 'scheme');
  });

  it.each(['http://user:pass@127.0.0.1:PORT/', 'http://user@127.0.0.1:PORT/', 'http://:secret@127.0.0.1:PORT/'])(
    'refuses credentials in %s without reaching the server',
    async (template) => {
      const server = await serve((_req, res) => res.end('ok'));
      const err = await refusal(guardedFetchBuffer(template.replace('PORT', String(server.port)), permissive), 'invalid_url');
      expect(err.message).toContain('credentials');
      expect(err.message).not.toContain('pass');
      expect(server.requests).toHaveLength(0);
    },
  );

  it.each(['not a url', '', 'http://', '//example.com/x'])('refuses %j as an invalid URL', async (url) => {
    await refusal(guardedFetchBuffer(url, permissive), 'invalid_url');
  });
});

describe('guarded fetch: failures', () => {
  it('reports a DNS failure', async () => {
    const lookup = mapHosts({});
    const err = await refusal(guardedFetchBuffer('http://nowhere.test/x', { ...base, lookup }), 'dns');
    expect(err.message).toBe('could not resolve host nowhere.test');
  });

  it('reports an empty DNS answer as a DNS failure', async () => {
    await refusal(guardedFetchBuffer('http://empty.test/', { ...base, lookup: async () => [] }), 'dns');
  });

  it('reports a non-2xx final status with the status', async () => {
    const server = await serve((_req, res) => res.writeHead(404).end('nope'));
    const dest = destFile();
    const err = await refusal(guardedDownload(`http://127.0.0.1:${server.port}/missing`, dest, permissive), 'http_status');
    expect(err.status).toBe(404);
    expect(err.message).toContain('source returned HTTP 404');
    expect(err.message).toContain(`127.0.0.1:${server.port}`);
    expect(existsSync(dest)).toBe(false);
  });

  it('stops after maxRedirects', async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url!.slice(1)) || 0;
      res.writeHead(302, { location: `/${n + 1}` }).end();
    });
    const err = await refusal(guardedFetchBuffer(`http://127.0.0.1:${server.port}/0`, { ...permissive, maxRedirects: 3 }), 'too_many_redirects');
    expect(err.message).toContain('more than 3');
    expect(server.requests).toHaveLength(4);
  });

  it('allows exactly maxRedirects hops, and defaults to 5', async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url!.slice(1));
      if (n < 5) res.writeHead(308, { location: `/${n + 1}` }).end();
      else res.end('arrived');
    });
    const result = await guardedFetchBuffer(`http://127.0.0.1:${server.port}/0`, permissive);
    expect(result.body.toString()).toBe('arrived');
    await refusal(guardedFetchBuffer(`http://127.0.0.1:${server.port}/0`, { ...permissive, maxRedirects: 4 }), 'too_many_redirects');
  });

  it('refuses up front when Content-Length exceeds the cap', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '5000' });
      res.end(Buffer.alloc(5000));
    });
    const dest = destFile();
    const err = await refusal(guardedDownload(`http://127.0.0.1:${server.port}/`, dest, { ...permissive, maxBytes: 1000 }), 'too_large');
    expect(err.message).toContain('1000 bytes');
    expect(existsSync(dest)).toBe(false);
  });

  it('aborts a chunked body that grows past the cap and removes the partial file', async () => {
    let chunksSent = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => {
        if (res.destroyed || chunksSent >= 100) {
          clearInterval(timer);
          res.end();
          return;
        }
        chunksSent++;
        res.write(Buffer.alloc(4096, 7));
      }, 5);
      res.on('close', () => clearInterval(timer));
    });
    const dest = destFile();
    await refusal(guardedDownload(`http://127.0.0.1:${server.port}/`, dest, { ...permissive, maxBytes: 20_000 }), 'too_large');
    expect(existsSync(dest)).toBe(false);
    // The fetch stopped early instead of reading the whole 400 KB.
    expect(chunksSent).toBeLessThan(100);
  });

  it('caps the in-memory variant too', async () => {
    const server = await serve((_req, res) => {
      res.write(Buffer.alloc(800));
      res.end(Buffer.alloc(800));
    });
    await refusal(guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, { ...permissive, maxBytes: 1000 }), 'too_large');
    const ok = await guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, { ...permissive, maxBytes: 1600 });
    expect(ok.bytes).toBe(1600);
  });

  it('times out a slow-drip body within the deadline and removes the partial file', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const dest = destFile();
    const err = await refusal(guardedDownload(`http://127.0.0.1:${server.port}/`, dest, { ...permissive, timeoutMs: 500 }), 'timeout');
    expect(err.message).toContain(`127.0.0.1:${server.port}`);
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses a source slower than the minimum rate over a window as too_slow, not transient, and removes the partial file', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const dest = destFile();
    // The deadline is far off: only the rate floor can end this download.
    const slow = guardedDownload(`http://127.0.0.1:${server.port}/`, dest, {
      ...permissive,
      timeoutMs: 120_000,
      minRate: { bytesPerSec: 64 * 1024, windowMs: 200 },
    });
    const err = await refusal(slow, 'too_slow');
    expect(err.message).toMatch(new RegExp(`^source at 127\\.0\\.0\\.1:${server.port} is too slow: \\d+ bytes in 200 ms, under the minimum of 64 KiB/s$`));
    expect(err.transient).toBe(false);
    expect(existsSync(dest)).toBe(false);
  });

  it('times out a server that never answers', async () => {
    const server = await serve(() => undefined);
    await refusal(guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, { ...permissive, timeoutMs: 300 }), 'timeout');
  });

  it('counts redirects and DNS against the same deadline', async () => {
    const server = await serve((req, res) => {
      setTimeout(() => res.writeHead(302, { location: `/${req.url!.length}` }).end(), 150);
    });
    const slowLookup = async () => {
      await new Promise((r) => setTimeout(r, 150));
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    // Each step alone fits in the deadline; only their sum does not, so a timeout proves they share it.
    await refusal(guardedFetchBuffer(`http://slow.test:${server.port}/`, { ...permissive, lookup: slowLookup, timeoutMs: 700 }), 'timeout');
  });

  it('reports a refused connection', async () => {
    const server = await serve(() => undefined);
    const port = server.port;
    await server.close();
    const err = await refusal(guardedFetchBuffer(`http://127.0.0.1:${port}/`, permissive), 'connection');
    expect(err.message).toContain('connection refused');
  });

  it('reports a body cut short and removes the partial file', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write(Buffer.alloc(1000), () => req.socket.destroy());
    });
    const dest = destFile();
    await refusal(guardedDownload(`http://127.0.0.1:${server.port}/`, dest, permissive), 'connection');
    expect(existsSync(dest)).toBe(false);
  });

  it('rejects with the caller’s abort reason when cancelled', async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(guardedFetchBuffer(`http://127.0.0.1:${server.port}/`, { ...permissive, signal: controller.signal })).rejects.toBe(reason);
  });

  it('leaves an existing destination alone when the fetch is refused before any body', async () => {
    const dest = destFile();
    await writeFile(dest, 'previous');
    await refusal(guardedDownload('http://127.0.0.1:1/', dest, base), 'private_address');
    expect(await readFile(dest, 'utf8')).toBe('previous');
  });
});
