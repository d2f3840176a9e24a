import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/storage/blob-store';
import { createCdnApp } from '../../src/storage/cdn-app';
import { createLocalStore } from '../../src/storage/local-store';
import { createS3Store, ensureBucket } from '../../src/storage/s3-store';
import { cdnUrl, signCdnPath } from '../../src/storage/signed-url';
import { startS3rver, type RunningS3rver } from './s3rver-server';

const SECRET = 'cdn-test-secret';
const DAY_MS = 24 * 60 * 60 * 1000;
// Generation time; a whole second so max-age arithmetic is exact.
const GENERATED_AT = 1_790_000_000_000;
const EXPIRES_AT = GENERATED_AT + DAY_MS;

const IMAGE_KEY = 'images/2026/11/img_abc/0.png';
const AUDIO_KEY = 'audio/2026/11/aud_xyz/0.mp3';
const image = randomBytes(70_000);
const audio = randomBytes(40_000);

function mountedApp(store: BlobStore, clock: { now: number }): Hono {
  const parent = new Hono();
  parent.get('/health', (c) => c.text('ok'));
  parent.route('/cdn', createCdnApp({ store, secret: SECRET, now: () => clock.now }));
  return parent;
}

function link(key: string, expiresAt = EXPIRES_AT): string {
  return `/cdn${signCdnPath(key, expiresAt, SECRET)}`;
}

// An unread body keeps the blob's file handle open until garbage collection.
async function discardBody(response: Response | Promise<Response>): Promise<Response> {
  const res = await response;
  await res.body?.cancel();
  return res;
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
}

async function bodyOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Range behaviour both drivers must share. Expects AUDIO_KEY to hold `audio`;
 * the race cases write their own keys.
 */
function itServesByteRanges(getStore: () => BlobStore, clock: { now: number }): void {
  let app: Hono;
  let etag: string;

  beforeAll(async () => {
    app = mountedApp(getStore(), clock);
    etag = (await getStore().head(AUDIO_KEY))!.etag!;
  });

  const ranged = (range: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
    clock.now = GENERATED_AT;
    return app.request(link(AUDIO_KEY), { ...init, headers: { range, ...init.headers } });
  };

  it('advertises Accept-Ranges on full responses and HEAD', async () => {
    clock.now = GENERATED_AT;
    const full = await app.request(link(AUDIO_KEY));
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect((await bodyOf(full)).equals(audio)).toBe(true);
    const head = await app.request(link(AUDIO_KEY), { method: 'HEAD' });
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['a middle slice', 'bytes=1000-1999', 1000, 1999],
    ['a suffix', 'bytes=-100', 39_900, 39_999],
    ['an open end', 'bytes=500-', 500, 39_999],
    ['an end past the last byte', 'bytes=39990-99999', 39_990, 39_999],
    ['a suffix longer than the file', 'bytes=-99999', 0, 39_999],
    ['the last byte', 'bytes=39999-39999', 39_999, 39_999],
  ])('answers 206 with exactly %s (%s)', async (_label, range, start, end) => {
    const res = await ranged(range);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${audio.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect((await bodyOf(res)).equals(audio.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=40000-', 'bytes=99999-100000', 'bytes=-0'])('answers 416 for %s, which starts past the end', async (range) => {
    const res = await ranged(range);
    expect(res.headers.get('content-range')).toBe(`bytes */${audio.length}`);
    await expectError(res, 416, 'range_not_satisfiable');
  });

  it.each([
    ['several ranges', 'bytes=0-9,20-29'],
    ['another unit', 'items=0-9'],
    ['a malformed spec', 'bytes=abc'],
    ['an end before the start', 'bytes=9-5'],
  ])('ignores %s and sends the whole file', async (_label, range) => {
    const res = await ranged(range);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(audio.length));
    expect((await bodyOf(res)).equals(audio)).toBe(true);
  });

  it('honours the Range when If-Range carries the current ETag', async () => {
    const res = await ranged('bytes=100-199', { headers: { 'if-range': etag } });
    expect(res.status).toBe(206);
    expect((await bodyOf(res)).equals(audio.subarray(100, 200))).toBe(true);
  });

  it.each([
    ['another ETag', () => '"stale"'],
    ['the weak form of the current ETag', () => `W/${etag}`],
    ['a date', () => 'Wed, 21 Oct 2026 07:28:00 GMT'],
  ])('sends the whole file when If-Range carries %s', async (_label, ifRange) => {
    for (const range of ['bytes=100-199', 'bytes=40000-']) {
      const res = await ranged(range, { headers: { 'if-range': ifRange() } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBeNull();
      expect((await bodyOf(res)).equals(audio)).toBe(true);
    }
  });

  it('answers HEAD with a Range like the GET, without a body', async () => {
    const partial = await ranged('bytes=-100', { method: 'HEAD' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 39900-39999/${audio.length}`);
    expect(partial.headers.get('content-length')).toBe('100');
    expect((await partial.arrayBuffer()).byteLength).toBe(0);

    const unsatisfiable = await ranged('bytes=40000-', { method: 'HEAD' });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${audio.length}`);
  });

  it('answers 304 to a matching If-None-Match before looking at the Range', async () => {
    const res = await ranged('bytes=0-99', { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('content-range')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('checks the link before the Range: tampered 403, expired or missing 404', async () => {
    const url = new URL(link(AUDIO_KEY), 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    clock.now = GENERATED_AT;
    for (const range of ['bytes=0-99', 'bytes=40000-']) {
      const headers = { range };
      const tampered = await app.request(url.pathname + url.search, { headers });
      await expectError(tampered, 403, 'forbidden');
      await expectError(await app.request(link('audio/gone/0.mp3'), { headers }), 404, 'not_found');
      clock.now = EXPIRES_AT;
      await expectError(await app.request(link(AUDIO_KEY), { headers }), 404, 'not_found');
      clock.now = GENERATED_AT;
    }
  });

  describe('when the object is replaced between head and the ranged read', () => {
    // A real store whose head() lets a put land just after it has answered,
    // so the range is worked out for bytes that are gone by the time it is read.
    function racingApp(key: string, replacement: Buffer): Hono {
      const store = getStore();
      const racing: BlobStore = {
        ...store,
        async head(k) {
          const info = await store.head(k);
          await store.put(key, replacement, 'audio/ogg');
          return info;
        },
      };
      return mountedApp(racing, clock);
    }

    it.each([
      ['a longer object', 50_000],
      ['one shorter than the range start', 500],
    ])('sends %s whole instead of a slice of it', async (_label, newSize) => {
      const key = `audio/race/${newSize}.mp3`;
      await getStore().put(key, audio, 'audio/mpeg');
      const replacement = randomBytes(newSize);
      clock.now = GENERATED_AT;
      const res = await racingApp(key, replacement).request(link(key), {
        headers: { range: 'bytes=1000-1999' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/ogg');
      expect(res.headers.get('content-length')).toBe(String(newSize));
      expect(res.headers.get('etag')).not.toBe(etag);
      expect((await bodyOf(res)).equals(replacement)).toBe(true);
    });
  });
}

describe('CDN app mounted at /cdn (local store)', () => {
  let dir: string;
  let store: BlobStore;
  const clock = { now: GENERATED_AT };
  let app: Hono;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiln-cdn-'));
    store = createLocalStore(dir);
    await store.put(IMAGE_KEY, image, 'image/png');
    await store.put(AUDIO_KEY, audio, 'audio/mpeg');
    app = mountedApp(store, clock);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const at = (now: number) => {
    clock.now = now;
  };

  it('serves a valid link with body and headers', async () => {
    at(GENERATED_AT);
    const res = await app.request(link(IMAGE_KEY));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(image.length));
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves audio with its own content type', async () => {
    at(GENERATED_AT);
    const res = await app.request(link(AUDIO_KEY));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(audio)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    at(GENERATED_AT);
    const res = await app.request(link(IMAGE_KEY), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(image.length));
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('never lets caches keep a response past the link expiry', async () => {
    at(EXPIRES_AT - 3_600_000 - 1);
    expect((await discardBody(app.request(link(IMAGE_KEY)))).headers.get('cache-control')).toBe('private, max-age=3600');
    at(EXPIRES_AT - 500);
    expect((await discardBody(app.request(link(IMAGE_KEY)))).headers.get('cache-control')).toBe('private, max-age=0');
  });

  it('answers 404 once the link is 24 hours old', async () => {
    at(EXPIRES_AT - 1);
    expect((await discardBody(app.request(link(IMAGE_KEY)))).status).toBe(200);
    at(EXPIRES_AT);
    await expectError(await app.request(link(IMAGE_KEY)), 404, 'not_found');
    at(EXPIRES_AT + DAY_MS);
    await expectError(await app.request(link(IMAGE_KEY)), 404, 'not_found');
  });

  it('answers 403 for a tampered signature', async () => {
    at(GENERATED_AT);
    const url = new URL(link(IMAGE_KEY), 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    await expectError(await app.request(url.pathname + url.search), 403, 'forbidden');
  });

  it('answers 403 when the key is swapped under a valid signature', async () => {
    at(GENERATED_AT);
    const query = link(IMAGE_KEY).split('?')[1];
    await expectError(await app.request(`/cdn/${AUDIO_KEY}?${query}`), 403, 'forbidden');
  });

  it('answers 403 when the expiry is pushed back', async () => {
    at(EXPIRES_AT + 1000);
    const url = new URL(link(IMAGE_KEY), 'http://x');
    url.searchParams.set('expires', String(EXPIRES_AT / 1000 + DAY_MS / 1000));
    await expectError(await app.request(url.pathname + url.search), 403, 'forbidden');
  });

  it('refuses traversal attempts', async () => {
    at(GENERATED_AT);
    const query = link(IMAGE_KEY).split('?')[1];
    // Encoded slashes survive URL normalisation and reach the CDN app as a key.
    const encoded = await app.request(`/cdn/images/..%2f..%2f..%2fetc%2fpasswd?${query}`);
    await expectError(encoded, 403, 'forbidden');
    // Dot segments are normalised away before routing: the request leaves /cdn.
    const dotted = await app.request(`/cdn/images/%2e%2e/%2e%2e/etc/passwd?${query}`);
    expect(dotted.status).toBe(404);
    expect(await dotted.text()).not.toMatch(/root:/);
  });

  it('answers 404 for a validly signed link to a missing file', async () => {
    at(GENERATED_AT);
    await expectError(await app.request(link('images/2026/11/gone/0.png')), 404, 'not_found');
  });

  it.each([
    ['no query at all', ''],
    ['sig only', '?sig=abc'],
    ['expires only', `?expires=${EXPIRES_AT / 1000}`],
    ['non-numeric expires', `?expires=tomorrow&sig=${'A'.repeat(43)}`],
    ['empty values', '?expires=&sig='],
  ])('answers 403 for a malformed query: %s', async (_label, query) => {
    at(GENERATED_AT);
    await expectError(await app.request(`/cdn/${IMAGE_KEY}${query}`), 403, 'forbidden');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    at(GENERATED_AT);
    const first = await app.request(link(IMAGE_KEY));
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const res = await app.request(link(IMAGE_KEY), { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    const stale = await app.request(link(IMAGE_KEY), { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("leaves the parent app's other routes alone", async () => {
    const res = await app.request('/health');
    expect(await res.text()).toBe('ok');
    expect((await app.request(`/${IMAGE_KEY}`)).status).toBe(404);
  });

  it('also works standalone, without a mount prefix', async () => {
    at(GENERATED_AT);
    const standalone = createCdnApp({ store, secret: SECRET, now: () => clock.now });
    const res = await standalone.request(signCdnPath(IMAGE_KEY, EXPIRES_AT, SECRET));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
  });

  describe('byte ranges', () => {
    itServesByteRanges(() => store, clock);
  });

  describe('over a real HTTP server', () => {
    let server: ServerType;
    let base: string;

    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
          base = `http://127.0.0.1:${info.port}/cdn/`;
          resolve();
        });
      });
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('streams the file to a URL built by cdnUrl', async () => {
      at(GENERATED_AT);
      const res = await fetch(cdnUrl(base, AUDIO_KEY, EXPIRES_AT, SECRET));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(audio.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(audio)).toBe(true);
    });

    it('answers HEAD with Content-Length and no body', async () => {
      at(GENERATED_AT);
      const res = await fetch(cdnUrl(base, AUDIO_KEY, EXPIRES_AT, SECRET), { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(audio.length));
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    });

    it('streams a 206 slice with matching Content-Length', async () => {
      at(GENERATED_AT);
      const res = await fetch(cdnUrl(base, AUDIO_KEY, EXPIRES_AT, SECRET), {
        headers: { range: 'bytes=30000-' },
      });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-length')).toBe('10000');
      expect(res.headers.get('content-range')).toBe(`bytes 30000-39999/${audio.length}`);
      expect((await bodyOf(res)).equals(audio.subarray(30_000))).toBe(true);
    });
  });
});

describe('CDN app mounted at /cdn (s3 store)', () => {
  let s3: RunningS3rver;
  const clock = { now: GENERATED_AT };
  let store: BlobStore;
  let app: Hono;

  beforeAll(async () => {
    s3 = await startS3rver();
    await ensureBucket(s3.optionsFor('kiln-cdn'));
    store = createS3Store(s3.optionsFor('kiln-cdn'));
    await store.put(IMAGE_KEY, image, 'image/png');
    await store.put(AUDIO_KEY, audio, 'audio/mpeg');
    app = mountedApp(store, clock);
  });

  afterAll(async () => {
    await s3?.stop();
  });

  it('streams an object from S3 with its headers', async () => {
    const res = await app.request(link(IMAGE_KEY));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(image.length));
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
  });

  it('answers HEAD without a body and 404 for a missing object', async () => {
    const head = await app.request(link(IMAGE_KEY), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(image.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    await expectError(await app.request(link('images/missing.png')), 404, 'not_found');
  });

  describe('byte ranges', () => {
    itServesByteRanges(() => store, clock);
  });
});
