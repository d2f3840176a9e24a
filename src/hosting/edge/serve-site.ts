import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { negotiateEncoding } from './accept-encoding';
import { NOT_FOUND_PAGE as EDGE_NOT_FOUND_PAGE } from './edge-pages';
import type { BlobCache } from './blob-cache';
import { ifNoneMatchHits, ifRangeHolds, notModifiedSince } from './conditionals';
import { encodingOf, entryHeaders, IDENTITY, variantFor, type EntryHeaders, type VariantIndex } from './entry-headers';
import { parseRange } from '../../storage/range-header';
import type { RequestContext } from '../site-rules/rule-conditions';
import { applyHeaderSet, type HeaderSet, type RedirectMatch, type SiteRuleMatcher } from '../site-rules/site-rule-matcher';
import { type ProxySettings, proxyRule } from './proxy-rule';
import { type ResolvedFile, type ResolvedPath, resolveSitePath } from './resolve-path';
import type { LiveSite, SiteFileEntry } from './types';

/**
 * Revalidate on every use: a rollback or new deploy must be visible at once, and the ETag keeps
 * revalidation to a 304.
 */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export interface ServeSiteOptions {
  /** Cache-Control for files (and the site's 404 page); a function can e.g. mark hashed assets immutable. */
  cacheControl?: string | ((path: string, entry: SiteFileEntry) => string);
  /** How `_redirects` proxy rules (200 to a URL) fetch; without it they answer 502. */
  proxy?: ProxySettings;
  /** The visitor's country (ISO 3166-1 alpha-2, lower case) for `Country=` conditions; null when unknown. */
  countryOf?: (req: IncomingMessage) => string | null;
  /** Whether the request came over TLS (X-Forwarded-Proto of proxied requests). */
  secure?: boolean;
}

const DONE: Promise<void> = Promise.resolve();
const NOT_FOUND_PAGE = '404.html';

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
const BUILTIN_NOT_FOUND = fixedResponse(404, 'text/html; charset=utf-8', EDGE_NOT_FOUND_PAGE, { 'Cache-Control': DEFAULT_CACHE_CONTROL });
/**
 * Longest request path (before the query) the edge serves; longer ones get 414 before any lookup. It is
 * the sitemap protocol's limit for a whole URL (2,048 characters), which search engines keep to and no
 * site's real pages exceed; Vercel (14 KB) and Cloudflare (32 KB) cap whole URLs, queries included, which
 * stay uncapped here. The rule matcher's work does not grow with the path beyond one pass over it, but
 * the rest of a request does (scans, decoding, clean-URL lookups, Location headers): about 10 µs per KB
 * here, so the cap keeps a flood of long paths as cheap as one of short ones.
 */
export const MAX_PATH_BYTES = 2_048;
const URI_TOO_LONG = fixedResponse(414, 'text/plain; charset=utf-8', `URI Too Long: paths are limited to ${MAX_PATH_BYTES} bytes\n`, {
  'Cache-Control': 'no-store',
});

const GONE = fixedResponse(
  410,
  'text/html; charset=utf-8',
  '<!doctype html><html><head><meta charset="utf-8"><title>410 Gone</title></head>' +
    '<body><h1>410 Gone</h1><p>The page you requested has been removed.</p></body></html>\n',
  { 'Cache-Control': DEFAULT_CACHE_CONTROL },
);
const NO_PROXY = fixedResponse(502, 'text/plain; charset=utf-8', 'Bad Gateway: proxy rules are not served here\n', { 'Cache-Control': 'no-store' });

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
  /** 200 for files; 404 (the site's 404.html or a 404 rule's page) or 410 (a 410 rule's page). */
  status: 200 | 404 | 410;
  /** What `_headers` lays over the edge's headers for this request path. */
  extra: HeaderSet | null;
}

function sendIdentity(file: FileRequest, body: Buffer): void {
  const { req, res, headers, head, status } = file;
  const size = body.length;
  const { extra } = file;
  if (status !== 200) return send(res, status, applyHeaderSet(headers.notFound(IDENTITY, size), extra), body, head);

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
      return send(res, 206, applyHeaderSet(headers.partial(range.start, range.end, size), extra), body.subarray(range.start, range.end + 1), head);
    }
  }
  send(res, 200, applyHeaderSet(headers.ok(IDENTITY, size), extra), body, head);
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
  const h = status !== 200 ? headers.notFound(variant, body.length) : headers.ok(variant, body.length);
  send(res, status, applyHeaderSet(h, file.extra), body, head);
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
      res.writeHead(304, applyHeaderSet(headers.notModified(variant), file.extra));
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

function redirect(res: ServerResponse, status: number, location: string, extra?: OutgoingHttpHeaders): Promise<void> {
  res.writeHead(status, {
    Location: location,
    'Content-Length': 0,
    // Browsers cache 301/308 indefinitely by default; a later deploy may add a file at this path.
    'Cache-Control': DEFAULT_CACHE_CONTROL,
    ...extra,
  });
  res.end();
  return DONE;
}

const VARY_LANGUAGE: OutgoingHttpHeaders = { Vary: 'Accept-Language' };

const isRedirectStatus = (status: number) => status >= 300 && status < 400;

/**
 * Where a `_redirects` redirect sends the client. A site path is taken to its clean URL here, so the
 * client does not need a second hop ("/old → /about.html" answers "/about" when that serves about.html).
 */
function ruleLocation(site: LiveSite, rules: SiteRuleMatcher, hit: RedirectMatch, query: string, context?: RequestContext): string {
  const { rule } = hit;
  // A fragment (`/post#ads`) stays last: the query goes before it.
  const hash = hit.target.indexOf('#');
  const target = hash === -1 ? hit.target : hit.target.slice(0, hash);
  const fragment = hash === -1 ? '' : hit.target.slice(hash);
  // A rule matched on query parameters has used them; any other passes the query on (as Netlify does).
  const passQuery = rule.query.length === 0 && !target.includes('?') ? query : '';
  if (!target.startsWith('/')) return target + passQuery + fragment;
  const q = target.indexOf('?');
  // Placeholders come from the request: never let them make a protocol-relative "//host" location.
  let path = (q === -1 ? target : target.slice(0, q)).replace(/^[/\\]+/, '/');
  const ownQuery = q === -1 ? '' : target.slice(q);
  const resolved = resolveSitePath(site, path);
  if (resolved.kind === 'redirect' && !claimedByRedirect(rules, resolved.location, context)) path = resolved.location;
  return path + ownQuery + passQuery + fragment;
}

/** A forced 3xx rule at a canonical location: redirecting there would bounce back, so the file is served in place. */
function claimedByRedirect(rules: SiteRuleMatcher, location: string, context?: RequestContext): boolean {
  const hit = rules.matchRedirect(location, '', true, undefined, context);
  return hit !== null && isRedirectStatus(hit.rule.status);
}

/** The file a rewrite or a 404 rule names, through clean URLs; null when the site has no such file. */
function ruleFile(site: LiveSite, target: string): ResolvedFile | null {
  const q = target.indexOf('?');
  const resolved = resolveSitePath(site, q === -1 ? target : target.slice(0, q));
  if (resolved.kind === 'file') return resolved;
  if (resolved.kind === 'redirect') return resolved.file;
  return null;
}

type Outcome =
  | { kind: 'done'; done: Promise<void> }
  | { kind: 'serve'; file: ResolvedFile | undefined; status: 200 | 404 | 410 }
  | { kind: 'proxy'; url: string };

/** Applies `_redirects`: a redirect is answered here; a rewrite, 404 or 410 rule says which file to serve; a 200 to a URL proxies it. */
function applyRedirectRules(
  res: ServerResponse,
  site: LiveSite,
  rules: SiteRuleMatcher,
  path: string,
  query: string,
  resolved: ResolvedPath,
  context: RequestContext,
): Outcome | null {
  const hit = rules.matchRedirect(path, query, resolved.kind !== 'not_found', undefined, context);
  if (hit === null) {
    if (resolved.kind === 'redirect' && claimedByRedirect(rules, resolved.location, context)) return { kind: 'serve', file: resolved.file, status: 200 };
    return null;
  }
  const { status } = hit.rule;
  if (isRedirectStatus(status)) {
    // A cache must not hand this answer to a visitor of another language (Country= has no Vary to name).
    const vary = hit.rule.conditions?.language ? VARY_LANGUAGE : undefined;
    return { kind: 'done', done: redirect(res, status, ruleLocation(site, rules, hit, query, context), vary) };
  }
  if (status === 200 && !hit.target.startsWith('/')) return { kind: 'proxy', url: ruleLocation(site, rules, hit, query, context) };
  const file = ruleFile(site, hit.target);
  if (status === 200 && file) return { kind: 'serve', file, status: 200 };
  if (status === 410) return { kind: 'serve', file: file ?? undefined, status: 410 };
  // A 404 rule, or a rewrite to nothing: the rule's page if it exists, else the site's 404.
  const page = site.files.get(NOT_FOUND_PAGE);
  return { kind: 'serve', file: file ?? (page ? { path: NOT_FOUND_PAGE, entry: page } : undefined), status: 404 };
}

/** What `Language=` and `Country=` conditions read; the country is looked up at most once, and only if a rule asks. */
function requestContext(req: IncomingMessage, opts: ServeSiteOptions | undefined): RequestContext {
  const countryOf = opts?.countryOf;
  let country: string | null | undefined;
  return {
    acceptLanguage: req.headers['accept-language'],
    country: countryOf ? () => (country === undefined ? (country = countryOf(req)) : country) : undefined,
  };
}

/**
 * Writes the complete response for a request to a live site: GET/HEAD only, `_redirects` and `_headers`
 * rules, clean URLs, conditional requests, Accept-Encoding negotiation (br/gzip from the cache), single
 * byte ranges, redirects and 404s. Never rejects: store failures become 502.
 */
export function serveSite(req: IncomingMessage, res: ServerResponse, site: LiveSite, blobs: BlobCache, opts?: ServeSiteOptions): Promise<void> {
  const method = req.method;
  const head = method === 'HEAD';
  if (method !== 'GET' && !head) {
    sendFixed(res, METHOD_NOT_ALLOWED, false);
    return DONE;
  }

  const { path, query } = splitUrl(req.url ?? '/');
  // Node refuses request lines with bytes outside ASCII, so characters are bytes here.
  if (path.length > MAX_PATH_BYTES) {
    sendFixed(res, URI_TOO_LONG, head);
    return DONE;
  }
  const resolved = resolveSitePath(site, path);
  const rules = site.rules;
  let target: ResolvedFile | undefined;
  let status: 200 | 404 | 410;
  const outcome = rules?.hasRedirects ? applyRedirectRules(res, site, rules, path, query, resolved, requestContext(req, opts)) : null;
  if (outcome?.kind === 'done') return outcome.done;
  if (outcome?.kind === 'proxy') {
    if (!opts?.proxy) {
      sendFixed(res, NO_PROXY, head);
      return DONE;
    }
    return proxyRule(req, res, site.siteId, outcome.url, opts.secure ?? false, opts.proxy);
  }
  if (outcome) {
    target = outcome.file;
    status = outcome.status;
  } else if (resolved.kind === 'file') {
    target = resolved;
    status = 200;
  } else if (resolved.kind === 'redirect') {
    return redirect(res, 308, resolved.location + query);
  } else {
    target = resolved.fallback;
    status = 404;
  }
  if (target === undefined) {
    sendFixed(res, status === 410 ? GONE : BUILTIN_NOT_FOUND, head);
    return DONE;
  }

  const headers = entryHeaders(site, target.entry, cacheControlFor(opts, target.path, target.entry));
  const extra = rules?.hasHeaders ? rules.headersFor(path) : null;
  const file: FileRequest = { req, res, blobs, entry: target.entry, headers, head, status, extra };
  try {
    const served = serveFile(file);
    // Cache hits complete synchronously; only a pending read or compression needs a failure handler.
    return served === DONE ? DONE : served.catch(() => badGateway(res, head));
  } catch {
    badGateway(res, head);
    return DONE;
  }
}
