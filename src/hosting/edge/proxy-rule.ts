import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPublicAddress } from '../../net/address-policy';
import { FetchRefusedError } from '../../net/fetch-refused-error';
import { defaultHostLookup, type HostLookup, parseFetchUrl, resolveTarget, targetLabel } from '../../net/fetch-target';
import { sendRequest } from '../../net/send-request';

/**
 * `_redirects` proxy rules (`/api/* https://api.example.com/:splat 200`): the edge fetches the URL and
 * streams the answer to the visitor under the site's own address. The fetch is made under the same rules
 * as every other URL a user gives Kiln (src/net): only http(s), every resolved address checked and the
 * connection pinned to the checked ones, so a site cannot point its visitors' requests at the platform's
 * own network (unless FETCH_ALLOW_PRIVATE), and never back into an edge.
 */

export interface ProxySettings {
  /** FETCH_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** EDGE_PROXY_TIMEOUT_MS: for the answer's head, and the longest pause between two chunks of its body. */
  timeoutMs: number;
  /** Whether a host name is one this edge serves (the hosting domain, its sites, verified custom domains). */
  isOwnHost(hostname: string): boolean;
  /** Called once per request with the body bytes sent to the visitor. */
  countBytes(siteId: string, bytes: number): void;
  /** The visitor's address, for X-Forwarded-For. */
  visitorAddress(req: IncomingMessage): string | null;
  lookup?: HostLookup;
  /** @internal as in the guarded fetch: lets loopback tests tell allowed and refused addresses apart. */
  isAllowedAddress?: (ip: string) => boolean;
}

/** Marks requests an edge sends; one arriving with it came back around, and is refused (508). */
const VIA = '1.1 kiln-edge';
const VIA_MARK = /\bkiln-edge\b/i;

/**
 * A `.` or `..` segment, plain or percent-encoded. URL parsing resolves them, so a visitor's
 * `/api/%2e%2e/admin` under `/api/* https://host/v1/:splat` would leave the `/v1/` the rule confined it to.
 */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=[/?#]|$)/i;

/** RFC 9110 §7.6.1: meaningful for one connection only, never relayed; plus every name Connection lists. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Not relayed to the other server: Host names this site, and Cookie holds whatever the browser keeps for
 * this host, which on a shared hosting domain includes cookies other sites or the platform set.
 */
const NOT_FORWARDED = new Set(['host', 'cookie', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip']);

/** Not relayed back: Set-Cookie is refused from every site for the reason `_headers` refuses it (parse-headers.ts). */
const NOT_RETURNED = new Set(['set-cookie', 'set-cookie2']);

function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const listed = new Set<string>();
  const value = headers.connection;
  if (value) for (const name of value.split(',')) listed.add(name.trim().toLowerCase());
  return listed;
}

function requestHeaders(req: IncomingMessage, visitor: string | null, secure: boolean): Record<string, string> {
  const listed = connectionListed(req.headers);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || NOT_FORWARDED.has(name) || listed.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (visitor) out['x-forwarded-for'] = visitor;
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
  out['x-forwarded-proto'] = secure ? 'https' : 'http';
  out.via = req.headers.via ? `${req.headers.via}, ${VIA}` : VIA;
  return out;
}

function responseHeaders(upstream: IncomingMessage): OutgoingHttpHeaders {
  const listed = connectionListed(upstream.headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || NOT_RETURNED.has(name) || listed.has(name)) continue;
    out[name] = value;
  }
  out.via = upstream.headers.via ? `${upstream.headers.via}, ${VIA}` : VIA;
  return out;
}

function fail(res: ServerResponse, status: number, message: string, head: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(`${message}\n`);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

/** What the visitor is told: the reason, never an address the name resolved to. */
function failure(err: unknown): { status: number; message: string } {
  if (err instanceof FetchRefusedError) {
    if (err.reason === 'timeout') return { status: 504, message: `Gateway Timeout: ${err.message}` };
    return { status: 502, message: `Bad Gateway: ${err.message}` };
  }
  return { status: 502, message: 'Bad Gateway: the proxied server could not be reached' };
}

/**
 * Answers a request from `url` (the rule's target, placeholders filled and the query passed on). GET and
 * HEAD only, as for every site request. Status, headers (less hop-by-hop ones and Set-Cookie) and body
 * are relayed as they come; redirects are the visitor's to follow. Never rejects.
 */
export async function proxyRule(
  req: IncomingMessage,
  res: ServerResponse,
  siteId: string,
  url: string,
  secure: boolean,
  settings: ProxySettings,
): Promise<void> {
  const head = req.method === 'HEAD';
  if (req.headers.via !== undefined && VIA_MARK.test(req.headers.via)) {
    return fail(res, 508, 'Loop Detected: a proxy rule led back into the hosting edge', head);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new FetchRefusedError('timeout', `no answer within ${settings.timeoutMs} ms`));
  }, settings.timeoutMs);
  // A visitor who leaves stops the fetch.
  const onClose = () => {
    if (!res.writableFinished) controller.abort(new Error('visitor went away'));
  };
  res.once('close', onClose);
  let sent = 0;
  try {
    const path = url.replace(/^[a-z]+:\/\/[^/?#]*/i, '');
    if (DOT_SEGMENT.test(path.split(/[?#]/, 1)[0]!)) return fail(res, 400, 'Bad Request: "." and ".." path segments are not proxied', head);
    const target = parseFetchUrl(url, false);
    const hostname = target.hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/\.$/, '');
    if (settings.isOwnHost(hostname)) return fail(res, 508, 'Loop Detected: a proxy rule may not point at a site of this host', head);
    const isAllowed = settings.isAllowedAddress ?? (settings.allowPrivate ? () => true : isPublicAddress);
    const label = targetLabel(target, false);
    const resolved = await resolveTarget(target, false, settings.lookup ?? defaultHostLookup, isAllowed, controller.signal);
    const upstream = await sendRequest(resolved, {
      userAgent: req.headers['user-agent'] ?? 'Kiln-Edge',
      method: head ? 'HEAD' : 'GET',
      headers: requestHeaders(req, settings.visitorAddress(req), secure),
      signal: controller.signal,
      label,
    });
    // From here the limit is on silence: a long download that keeps coming is not cut off.
    timer.refresh();
    res.writeHead(upstream.statusCode ?? 502, responseHeaders(upstream));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sent += chunk.length;
        timer.refresh();
        callback(null, chunk);
      },
    });
    await pipeline(upstream, counter, res, { signal: controller.signal });
  } catch (err) {
    if (res.destroyed) return;
    const reason = controller.signal.aborted ? controller.signal.reason : err;
    const { status, message } = failure(reason);
    fail(res, status, message, head);
  } finally {
    clearTimeout(timer);
    res.off('close', onClose);
    settings.countBytes(siteId, sent);
  }
}
