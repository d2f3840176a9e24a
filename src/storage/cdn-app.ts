import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { isValidBlobKey } from './blob-key';
import type { BlobObject, BlobStore } from './blob-store';
import { verifyCdnPath } from './signed-url';

export interface CdnAppOptions {
  store: BlobStore;
  secret: string;
  /** Injectable clock (ms since epoch) for expiry tests. */
  now?: () => number;
}

type ErrorCode = 'not_found' | 'forbidden';

function errorResponse(c: Context, status: 403 | 404, code: ErrorCode, message: string) {
  return c.json({ error: { code, message } }, status);
}

/**
 * Serves signed blob links: `GET|HEAD /<key>?expires=<unix s>&sig=<base64url>`.
 *
 * Status policy:
 * - 403 `forbidden` when the signature is missing, malformed or does not match
 *   the key and expiry (a tampered link). This is decided before touching the
 *   store, so it reveals nothing about which keys exist.
 * - 404 `not_found` when a genuine link has expired, or the object is gone.
 *
 * Routes are relative (`/:key{.+}`), so the app works both standalone and
 * mounted with `app.route('/cdn', createCdnApp(...))`; the key is taken from
 * the route parameter, never from `c.req.path`, which includes the mount
 * prefix.
 *
 * Errors thrown by the store propagate to the parent app's error handler.
 */
export function createCdnApp(opts: CdnAppOptions): Hono {
  const { store, secret } = opts;
  const now = opts.now ?? Date.now;
  const app = new Hono();

  // Hono routes HEAD to GET handlers and drops the body afterwards.
  app.get('/:key{.+}', async (c) => {
    const key = c.req.param('key');
    const expires = c.req.query('expires');
    const nowMs = now();
    const verdict = verifyCdnPath(key, expires, c.req.query('sig'), secret, nowMs);
    if (verdict === 'bad_signature') {
      return errorResponse(c, 403, 'forbidden', 'Invalid or missing link signature');
    }
    if (verdict === 'expired') {
      return errorResponse(c, 404, 'not_found', 'This link has expired');
    }
    // Only reachable if something signed a key the store would reject.
    if (!isValidBlobKey(key)) {
      return errorResponse(c, 404, 'not_found', 'File not found');
    }

    const object = await store.get(key);
    if (object === null) {
      return errorResponse(c, 404, 'not_found', 'File not found');
    }

    // verifyCdnPath only returns `ok` for a numeric, future expiry.
    const secondsLeft = Math.max(0, Math.floor((Number(expires) * 1000 - nowMs) / 1000));
    const headers = responseHeaders(object, secondsLeft);

    if (object.etag !== undefined && etagMatches(c.req.header('if-none-match'), object.etag)) {
      object.body.destroy();
      headers.delete('content-length');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    if (c.req.method === 'HEAD') {
      // Hono would discard the body unread; release the file handle/socket now.
      object.body.destroy();
      return new Response(null, { status: 200, headers });
    }
    const stream = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
    return new Response(stream, { status: 200, headers });
  });

  return app;
}

function responseHeaders(object: BlobObject, secondsLeft: number): Headers {
  const headers = new Headers({
    'content-type': object.contentType,
    'content-length': String(object.size),
    // Private: the URL is a capability; shared caches must not keep serving
    // it, and max-age never reaches past the link's own expiry.
    'cache-control': `private, max-age=${secondsLeft}`,
    'x-content-type-options': 'nosniff',
    // Blobs may be served from the API's own origin; if one were ever HTML or
    // SVG, the sandbox stops it running script with that origin's rights.
    'content-security-policy': 'sandbox',
  });
  if (object.etag !== undefined) headers.set('etag', object.etag);
  return headers;
}

// RFC 9110 §13.1.2: If-None-Match uses weak comparison.
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === current);
}
