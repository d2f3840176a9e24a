import { type ErrorCode, statusOf } from '../errors/codes';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { parseRange, type RangeResult } from './range-header';
import { isValidBlobKey } from './blob-key';
import type { BlobInfo, BlobObject, BlobStore, ByteRange } from './blob-store';
import { InvalidByteRangeError } from './byte-range';
import { verifyCdnPath } from './signed-url';

export interface CdnAppOptions {
  store: BlobStore;
  secret: string;
  /** Injectable clock (ms since epoch) for expiry tests. */
  now?: () => number;
}

type CdnErrorCode = Extract<ErrorCode, 'not_found' | 'forbidden' | 'range_not_satisfiable'>;

/** The API's envelope, with the request id its requestId middleware set when the CDN is mounted in it. */
function errorResponse(c: Context, code: CdnErrorCode, message: string) {
  const requestId: string | undefined = c.get('requestId');
  return c.json({ error: requestId ? { code, message, request_id: requestId } : { code, message } }, statusOf(code));
}

/**
 * Serves signed blob links: `GET|HEAD /<key>?expires=<unix s>&sig=<base64url>`.
 *
 * Status policy:
 * - 403 `forbidden` when the signature is missing, malformed or does not match
 *   the key and expiry (a tampered link). This is decided before touching the
 *   store, so it reveals nothing about which keys exist.
 * - 404 `not_found` when a genuine link has expired, or the object is gone.
 * - 206 for a single satisfiable `Range: bytes=…` (audio players seek with
 *   these), 416 `range_not_satisfiable` when it starts past the end. Multiple
 *   ranges, other units and malformed headers are ignored (200, whole body),
 *   as RFC 9110 allows; so is a Range whose If-Range no longer names the
 *   current bytes. Link checks and If-None-Match come first.
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
      return errorResponse(c, 'forbidden', 'Invalid or missing link signature');
    }
    if (verdict === 'expired') {
      return errorResponse(c, 'not_found', 'This link has expired');
    }
    // Only reachable if something signed a key the store would reject.
    if (!isValidBlobKey(key)) {
      return errorResponse(c, 'not_found', 'File not found');
    }

    const isHead = c.req.method === 'HEAD';
    const rangeHeader = c.req.header('range');
    // A plain GET reads metadata and bytes in one go. HEAD needs no bytes, and
    // a range can only be resolved once the size is known, so those start
    // from head() and open the bytes (once) only if they are to be sent.
    const info = !isHead && rangeHeader === undefined ? await store.get(key) : await store.head(key);
    if (info === null) {
      return errorResponse(c, 'not_found', 'File not found');
    }

    // verifyCdnPath only returns `ok` for a numeric, future expiry.
    const secondsLeft = Math.max(0, Math.floor((Number(expires) * 1000 - nowMs) / 1000));
    const headers = responseHeaders(info, secondsLeft);

    if (info.etag !== undefined && etagMatches(c.req.header('if-none-match'), info.etag)) {
      if (hasBody(info)) info.body.destroy();
      headers.delete('content-length');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }

    const ifRange = c.req.header('if-range');
    const range = rangeHeader === undefined ? null : applicableRange(rangeHeader, ifRange, info);
    if (range === 'unsatisfiable') {
      const res = errorResponse(c, 'range_not_satisfiable', `The requested range starts past the end of this ${info.size}-byte file`);
      res.headers.set('content-range', `bytes */${info.size}`);
      return res;
    }
    if (range === null && isHead) {
      return new Response(null, { status: 200, headers });
    }
    if (range !== null) {
      headers.set('content-length', String(range.end - range.start + 1));
      headers.set('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      if (isHead) return new Response(null, { status: 206, headers });
      const part = await getUnchangedSlice(store, key, range, info);
      if (part === null) {
        return errorResponse(c, 'not_found', 'File not found');
      }
      if (part !== 'changed') {
        return new Response(webStream(part.body), { status: 206, headers });
      }
    }

    // The whole object: the plain GET's own body, or else opened now.
    const object = hasBody(info) ? info : await store.get(key);
    if (object === null) {
      return errorResponse(c, 'not_found', 'File not found');
    }
    return new Response(webStream(object.body), {
      status: 200,
      headers: responseHeaders(object, secondsLeft),
    });
  });

  return app;
}

function responseHeaders(object: BlobInfo, secondsLeft: number): Headers {
  const headers = new Headers({
    'content-type': object.contentType,
    'content-length': String(object.size),
    // Private: the URL is a capability; shared caches must not keep serving
    // it, and max-age never reaches past the link's own expiry.
    'cache-control': `private, max-age=${secondsLeft}`,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    // Blobs may be served from the API's own origin; if one were ever HTML or
    // SVG, the sandbox stops it running script with that origin's rights.
    'content-security-policy': 'sandbox',
  });
  if (object.etag !== undefined) headers.set('etag', object.etag);
  return headers;
}

// Tells the plain GET's object from head()'s metadata.
function hasBody(info: BlobInfo): info is BlobObject {
  return 'body' in info;
}

function webStream(body: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
}

// RFC 9110 §13.1.2: If-None-Match uses weak comparison.
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === current);
}

/**
 * RFC 9110 §13.1.5: a Range is only honoured when If-Range (if sent) still
 * names the current bytes, or a resuming client would splice a slice of the
 * new object onto the start of the old one. That takes a strong ETag match;
 * a date never matches, as blobs are served without Last-Modified.
 */
function applicableRange(range: string, ifRange: string | undefined, info: BlobInfo): RangeResult {
  if (ifRange !== undefined) {
    const { etag } = info;
    if (etag === undefined || etag.startsWith('W/') || ifRange.trim() !== etag) return null;
  }
  return parseRange(range, info.size);
}

/**
 * Opens `range` of the object `info` describes, or reports 'changed' when a
 * put replaced it after head(): the range was worked out for other bytes, so
 * the caller ignores it and sends the current object whole, which is always a
 * valid answer to a Range request.
 */
async function getUnchangedSlice(store: BlobStore, key: string, range: ByteRange, info: BlobInfo): Promise<BlobObject | null | 'changed'> {
  let part: BlobObject | null;
  try {
    part = await store.get(key, { range });
  } catch (err) {
    // The new object is shorter than the range's start.
    if (err instanceof InvalidByteRangeError) return 'changed';
    throw err;
  }
  if (part === null || (part.etag === info.etag && part.size === info.size)) return part;
  part.body.destroy();
  return 'changed';
}
