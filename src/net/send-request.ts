import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { FetchRefusedError } from './fetch-refused-error';
import type { FetchTarget } from './fetch-target';

export interface RequestSettings {
  userAgent: string;
  /** Default GET with no body. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** Sent with the request; the user agent and the defaults above are added unless given here. */
  headers?: Record<string, string>;
  body?: Buffer;
  signal: AbortSignal;
  /** How the host is named in error messages. */
  label: string;
  /**
   * A keep-alive pool for exactly this target (src/net/pinned-agents.ts); without one, the request gets
   * a connection of its own.
   */
  agent?: http.Agent;
}

/**
 * Hands the socket layer only the addresses that were already checked, so a
 * second DNS answer (rebinding between check and connect) can never be used.
 * The hostname itself still travels in Host and SNI, so virtual hosting and
 * certificate checks work as for any normal request.
 */
export function pinnedLookup(target: FetchTarget): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const candidates = family === 4 || family === 6 ? target.addresses.filter((a) => a.family === family) : target.addresses;
    const first = candidates[0];
    if (hostname !== target.hostname || first === undefined) {
      const err: NodeJS.ErrnoException = new Error(`no checked address for ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, '', 0);
      return;
    }
    if (options.all)
      callback(
        null,
        candidates.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, first.address, first.family);
  };
}

const CONNECTION_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ERR_STREAM_PREMATURE_CLOSE: 'connection closed before the body was complete',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
};

function describeConnectionProblem(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  const known = CONNECTION_PROBLEMS[code];
  if (known) return known;
  if (code.startsWith('HPE_')) return 'invalid HTTP response';
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return 'TLS handshake or certificate check failed';
  }
  return 'network error';
}

/** Problems that mean no connection was ever made, as opposed to one that broke or spoke nonsense. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT']);

export function connectionError(label: string, err: unknown): FetchRefusedError {
  const e = err as NodeJS.ErrnoException;
  const what = NO_CONNECTION.has(e.code ?? '') ? 'could not connect to' : 'could not fetch from';
  return new FetchRefusedError('connection', `${what} ${label} (${describeConnectionProblem(e)})`);
}

/**
 * Sends one request (GET unless told) and resolves with the response head; the body is left unread for
 * the caller. On a pooled connection that the server had closed while idle (reset before any answer),
 * the request is sent once more on a new connection, as HTTP clients do: the server never saw it.
 */
export function sendRequest(target: FetchTarget, settings: RequestSettings): Promise<http.IncomingMessage> {
  return sendOnce(target, settings, settings.agent !== undefined);
}

const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

function sendOnce(target: FetchTarget, settings: RequestSettings, mayResend: boolean): Promise<http.IncomingMessage> {
  const { url } = target;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = transport.request({
      protocol: url.protocol,
      hostname: target.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: settings.method ?? 'GET',
      headers: {
        'user-agent': settings.userAgent,
        accept: '*/*',
        // Compressed bodies would let a small download expand past the size cap.
        'accept-encoding': 'identity',
        ...(settings.body ? { 'content-length': String(settings.body.length) } : {}),
        ...settings.headers,
      },
      lookup: pinnedLookup(target),
      // Without a pool of this target's (a pooled socket could outlive the check it was made under),
      // every request gets its own connection.
      agent: settings.agent ?? false,
      signal: settings.signal,
    });
    req.on('response', (res) => {
      answered = true;
      resolve(res);
    });
    // Stays attached after the response so late socket errors never go unhandled; the body stream reports them too.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (mayResend && req.reusedSocket && !settings.signal.aborted && STALE_SOCKET.has(err.code ?? '')) {
        sendOnce(target, settings, false).then(resolve, reject);
        return;
      }
      reject(settings.signal.aborted ? err : connectionError(settings.label, err));
    });
    req.end(settings.body);
  });
}
