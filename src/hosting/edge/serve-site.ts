import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { negotiateEncoding } from './accept-encoding';
import type { BlobCache } from './blob-cache';
import { ifNoneMatchHits, ifRangeHolds, notModifiedSince } from './conditionals';
import { encodingOf, entryHeaders, IDENTITY, variantFor, type EntryHeaders, type VariantIndex } from './entry-headers';
import { parseRange } from './range';
import { resolveSitePath } from './resolve-path';
import type { LiveSite, SiteFileEntry } from './types';

/**
 * Revalidate on every use: a rollback or new deploy must be visible at once, and the ETag keeps
 * revalidation to a 304.
 */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export interface ServeSiteOptions {
  /** Cache-Control for files (and the site's 404 page); a function can e.g. mark hashed assets immutable. */
  cacheControl?: string | ((path: string, entry: SiteFileEntry) => string);
}

const DONE: Promise<void> = Promise.resolve();

function fixedResponse(status: number, contentType: string, body: string, extra: OutgoingHttpHeaders = {}) {
  const buffer = Buffer.from(body);
  const headers: OutgoingHttpHeaders = {
    'Content-Type': contentType,
    'Content-Length': buffer.length,
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
  return { status, headers, body: buffer };
}

const METHOD_NOT_ALLOWED = fixedResponse(405, 'text/plain; charset=utf-8', 'Method Not Allowed\n', {
  Allow: 'GET, HEAD',
});
const BUILTIN_NOT_FOUND = fixedResponse(
  404,
  'text/html; charset=utf-8',
  '<!doctype html><html><head><meta charset="utf-8"><title>404 Not Found</title></head>' +
    '<body><h1>404 Not Found</h1><p>The page you requested does not exist.</p></body></html>\n',
  { 'Cache-Control': DEFAULT_CACHE_CONTROL },
);
// no-store: the blob may reappear (store catching up), and nobody should remember the failure.
const BAD_GATEWAY = fixedResponse(502, 'text/plain; charset=utf-8', 'Bad Gateway: site content unavailable\n', {
  'Cache-Control': 'no-store',
});

function sendFixed(res: ServerResponse, fixed: typeof BAD_GATEWAY, head: boolean): void {
  res.writeHead(fixed.status, fixed.headers);
  if (head) res.end();
  else res.end(fixed.body);
}

function send(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer, head: boolean): void {
  res.writeHead(status, headers);
  if (head) res.end();
  else res.end(body);
}

function cacheControlFor(opts: ServeSiteOptions | undefined, path: string, entry: SiteFileEntry): string {
  const option = opts?.cacheControl;
  if (option === undefined) return DEFAULT_CACHE_CONTROL;
  return typeof option === 'string' ? option : option(path, entry);
}

function badGateway(res: ServerResponse, head: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendFixed(res, BAD_GATEWAY, head);
}

/** What a request for one file needs besides the cached headers. */
interface FileRequest {
  req: IncomingMessage;
  res: ServerResponse;
  blobs: BlobCache;
  entry: SiteFileEntry;
  headers: EntryHeaders;
  head: boolean;
  /** 200 for files, 404 when serving the site's 404.html. */
  status: 200 | 404;
}

function sendIdentity(file: FileRequest, body: Buffer): void {
  const { req, res, headers, head, status } = file;
  const size = body.length;
  if (status === 404) return send(res, 404, headers.notFound(IDENTITY, size), body, head);

  const rangeHeader = head ? undefined : req.headers.range;
  if (rangeHeader !== undefined) {
    const range = parseRange(rangeHeader, size);
    // Typed loosely by @types/node; node joins a repeated unknown header into one string anyway.
    const ifRange = req.headers['if-range'] as string | undefined;
    if (range !== null && (ifRange === undefined || ifRangeHolds(ifRange, headers.etag(IDENTITY), headers.lastModifiedMs))) {
      if (range === 'unsatisfiable') {
        res.writeHead(416, {
          'Content-Range': `bytes */${size}`,
          'Content-Length': 0,
          'Accept-Ranges': 'bytes',
          'X-Content-Type-Options': 'nosniff',
        });
        res.end();
        return;
      }
      return send(res, 206, headers.partial(range.start, range.end, size), body.subarray(range.start, range.end + 1), head);
    }
  }
  send(res, 200, headers.ok(IDENTITY, size), body, head);
}

function serveIdentity(file: FileRequest): Promise<void> {
  const cached = file.blobs.peek(file.entry.hash);
  if (cached !== undefined) {
    sendIdentity(file, cached);
    return DONE;
  }
  return file.blobs.get(file.entry.hash).then((body) => {
    if (body === null) badGateway(file.res, file.head);
    else sendIdentity(file, body);
  });
}

function sendEncoded(file: FileRequest, variant: VariantIndex, body: Buffer): void {
  const { res, headers, head, status } = file;
  const h = status === 404 ? headers.notFound(variant, body.length) : headers.ok(variant, body.length);
  send(res, status, h, body, head);
}

function serveFile(file: FileRequest): Promise<void> {
  const { req, res, blobs, entry, headers } = file;
  const requestHeaders = req.headers;

  // Ranges address identity bytes, so a Range request is never compressed (even if If-Range fails).
  let variant: VariantIndex = IDENTITY;
  if (headers.negotiable(blobs.maxEntryBytes) && (file.head || requestHeaders.range === undefined)) {
    variant = variantFor(negotiateEncoding(requestHeaders['accept-encoding']));
  }
  const encoding = encodingOf(variant);
  let encoded: Buffer | null | undefined;
  if (encoding !== null) {
    encoded = blobs.peekEncoded(entry.hash, encoding);
    // Known not to shrink: identity is the selected representation.
    if (encoded === null) variant = IDENTITY;
  }

  if (file.status === 200) {
    // When compression has not been tried yet, the ETag is the one it would get; a client can only
    // hold "<hash>-br" if br did shrink this content before, and compression is deterministic.
    const ifNoneMatch = requestHeaders['if-none-match'];
    const ifModifiedSince = requestHeaders['if-modified-since'];
    const fresh =
      ifNoneMatch !== undefined
        ? ifNoneMatchHits(ifNoneMatch, headers.etag(variant))
        : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, headers.lastModifiedMs);
    if (fresh) {
      res.writeHead(304, headers.notModified(variant));
      res.end();
      return DONE;
    }
  }

  if (variant === IDENTITY || encoding === null) return serveIdentity(file);
  if (encoded) {
    sendEncoded(file, variant, encoded);
    return DONE;
  }
  return blobs.getEncoded(entry.hash, encoding, entry.contentType).then((body) => {
    if (body === null) return serveIdentity(file);
    sendEncoded(file, variant, body);
  });
}

function splitUrl(url: string): { path: string; query: string } {
  let target = url;
  // Absolute-form request targets (RFC 9112 §3.2.2) come from proxies; only the path matters here.
  if (!target.startsWith('/')) {
    try {
      const parsed = new URL(target);
      target = parsed.pathname + parsed.search;
    } catch {
      return { path: '', query: '' };
    }
  }
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q) };
}

/**
 * Writes the complete response for a request to a live site: GET/HEAD only, conditional requests,
 * Accept-Encoding negotiation (br/gzip from the cache), single byte ranges, redirects and 404s.
 * Never rejects: store failures become 502.
 */
export function serveSite(req: IncomingMessage, res: ServerResponse, site: LiveSite, blobs: BlobCache, opts?: ServeSiteOptions): Promise<void> {
  const method = req.method;
  const head = method === 'HEAD';
  if (method !== 'GET' && !head) {
    sendFixed(res, METHOD_NOT_ALLOWED, false);
    return DONE;
  }

  const { path, query } = splitUrl(req.url ?? '/');
  const resolved = resolveSitePath(site, path);
  let file: FileRequest;
  if (resolved.kind === 'file') {
    const cacheControl = cacheControlFor(opts, resolved.path, resolved.entry);
    const headers = entryHeaders(site, resolved.entry, cacheControl);
    file = { req, res, blobs, entry: resolved.entry, headers, head, status: 200 };
  } else if (resolved.kind === 'redirect') {
    res.writeHead(301, {
      Location: resolved.location + query,
      'Content-Length': 0,
      // Browsers cache 301s indefinitely by default; a later deploy may add a file at this path.
      'Cache-Control': DEFAULT_CACHE_CONTROL,
    });
    res.end();
    return DONE;
  } else if (resolved.fallback) {
    const { path: fallbackPath, entry } = resolved.fallback;
    const headers = entryHeaders(site, entry, cacheControlFor(opts, fallbackPath, entry));
    file = { req, res, blobs, entry, headers, head, status: 404 };
  } else {
    sendFixed(res, BUILTIN_NOT_FOUND, head);
    return DONE;
  }

  try {
    const served = serveFile(file);
    // Cache hits complete synchronously; only a pending read or compression needs a failure handler.
    return served === DONE ? DONE : served.catch(() => badGateway(res, head));
  } catch {
    badGateway(res, head);
    return DONE;
  }
}
