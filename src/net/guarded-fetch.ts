import { open, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { isPublicAddress } from './address-policy';
import { FetchRefusedError } from './fetch-refused-error';
import { defaultHostLookup, parseFetchUrl, resolveTarget, targetLabel, type HostLookup } from './fetch-target';
import { checkDeclaredLength, receiveBody } from './receive-body';
import { sendRequest } from './send-request';

export { FetchRefusedError, type FetchRefusal } from './fetch-refused-error';

export interface GuardedFetchOptions {
  /** FETCH_ALLOW_PRIVATE: skips only the address check; scheme, size, time and redirect rules still apply. */
  allowPrivate: boolean;
  /** Cap on the body, counted on bytes received (not Content-Length alone). */
  maxBytes: number;
  /** Total time cap for the whole fetch, DNS and redirects included. */
  timeoutMs: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default 'Kiln/1.0 (+fetcher)'. */
  userAgent?: string;
  /** Default: node:dns lookup of all addresses. */
  lookup?: HostLookup;
  /**
   * The slowest the source may be: fewer than `bytesPerSec` per second over a whole `windowMs` (waiting
   * for the answer's head counts as 0 bytes) refuses it as `too_slow`. A source that drips a byte a
   * second would otherwise hold the job for the whole `timeoutMs`. Off when absent or 0 bytes/s.
   */
  minRate?: { bytesPerSec: number; windowMs: number };
  /** Cancels the fetch; the promise then rejects with the signal's reason, not a FetchRefusedError. */
  signal?: AbortSignal;
  /**
   * @internal Replaces the address policy (default: allowPrivate || isPublicAddress).
   * Exists so tests on loopback can tell "allowed" and "refused" addresses apart.
   */
  isAllowedAddress?: (ip: string) => boolean;
}

export interface DownloadResult {
  bytes: number;
  finalUrl: string;
  contentType: string | null;
}

/** The download floor the settings ask for (FETCH_MIN_BYTES_PER_SEC over FETCH_MIN_RATE_WINDOW_MS). */
export function minDownloadRate(config: { FETCH_MIN_BYTES_PER_SEC: number; FETCH_MIN_RATE_WINDOW_MS: number }): GuardedFetchOptions['minRate'] {
  return { bytesPerSec: config.FETCH_MIN_BYTES_PER_SEC, windowMs: config.FETCH_MIN_RATE_WINDOW_MS };
}

const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'Kiln/1.0 (+fetcher)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What the fetch is talking to right now, so a timeout can name it, and the body bytes received so far. */
interface Progress {
  url: URL | null;
  viaRedirect: boolean;
  received: number;
}

interface FinalResponse {
  res: IncomingMessage;
  url: URL;
  label: string;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`;
}

function formatRate(bytesPerSec: number): string {
  return bytesPerSec >= 1024 ? `${+(bytesPerSec / 1024).toFixed(1)} KiB/s` : `${bytesPerSec} bytes/s`;
}

/**
 * Checks the bytes received at the end of every window (windows back to back from the start) and aborts
 * with a `too_slow` refusal when a window brought fewer than the floor allows.
 */
function watchRate(opts: GuardedFetchOptions, progress: Progress, abort: (reason: FetchRefusedError) => void): () => void {
  const floor = opts.minRate;
  if (!floor || floor.bytesPerSec <= 0) return () => {};
  const needed = (floor.bytesPerSec * floor.windowMs) / 1000;
  let before = 0;
  const timer = setInterval(() => {
    const got = progress.received - before;
    before = progress.received;
    if (got >= needed) return;
    const from = progress.url ? ` at ${targetLabel(progress.url, progress.viaRedirect)}` : '';
    abort(
      new FetchRefusedError(
        'too_slow',
        `source${from} is too slow: ${got} bytes in ${formatDuration(floor.windowMs)}, under the minimum of ${formatRate(floor.bytesPerSec)}`,
      ),
    );
  }, floor.windowMs);
  return () => clearInterval(timer);
}

/**
 * Runs `work` under one deadline covering DNS, connects, redirects and the
 * body, and turns the deadline's abort into a `timeout` refusal.
 */
async function withDeadline<T>(opts: GuardedFetchOptions, work: (signal: AbortSignal, progress: Progress) => Promise<T>): Promise<T> {
  opts.signal?.throwIfAborted();
  const progress: Progress = { url: null, viaRedirect: false, received: 0 };
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    const where = progress.url ? ` from ${targetLabel(progress.url, progress.viaRedirect)}` : '';
    deadline.abort(new FetchRefusedError('timeout', `fetching${where} timed out after ${formatDuration(opts.timeoutMs)}`));
  }, opts.timeoutMs);
  const stopWatching = watchRate(opts, progress, (reason) => deadline.abort(reason));
  const signal = opts.signal ? AbortSignal.any([deadline.signal, opts.signal]) : deadline.signal;
  try {
    return await work(signal, progress);
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
}

async function openFinalResponse(input: string, opts: GuardedFetchOptions, signal: AbortSignal, progress: Progress): Promise<FinalResponse> {
  const isAllowed = opts.isAllowedAddress ?? (opts.allowPrivate ? () => true : isPublicAddress);
  const lookup = opts.lookup ?? defaultHostLookup;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;

  let url = parseFetchUrl(input, false);
  let viaRedirect = false;
  for (let redirects = 0; ; redirects++) {
    progress.url = url;
    progress.viaRedirect = viaRedirect;
    const label = targetLabel(url, viaRedirect);
    // Every hop is checked from scratch: a public host may redirect to an internal one.
    const target = await resolveTarget(url, viaRedirect, lookup, isAllowed, signal);
    const res = await sendRequest(target, { userAgent, signal, label });
    const status = res.statusCode ?? 0;

    if (REDIRECT_STATUSES.has(status)) {
      // The redirect body is never wanted; closing the socket is cheaper than draining it.
      res.destroy();
      const location = res.headers.location;
      if (!location) throw new FetchRefusedError('http_status', `source returned HTTP ${status} without a redirect location (${label})`, status);
      if (redirects >= maxRedirects) {
        throw new FetchRefusedError('too_many_redirects', `source redirected more than ${maxRedirects} times (last: ${url.host})`);
      }
      url = parseFetchUrl(location, true, url);
      viaRedirect = true;
      continue;
    }
    if (status < 200 || status > 299) {
      res.destroy();
      throw new FetchRefusedError('http_status', `source returned HTTP ${status} (${label})`, status);
    }
    return { res, url, label };
  }
}

function contentTypeOf(res: IncomingMessage): string | null {
  return res.headers['content-type'] ?? null;
}

/** Streams the body to `destPath` (a file; partially written file is deleted on failure). */
export function guardedDownload(url: string, destPath: string, opts: GuardedFetchOptions): Promise<DownloadResult> {
  return withDeadline(opts, async (signal, progress) => {
    const { res, url: finalUrl, label } = await openFinalResponse(url, opts, signal, progress);
    let sink: Writable | undefined;
    try {
      checkDeclaredLength(res, label, opts.maxBytes);
      // Opened only once the source is accepted, so a refused fetch never touches destPath.
      const handle = await open(destPath, 'w');
      sink = handle.createWriteStream();
      const bytes = await receiveBody(res, sink, { label, maxBytes: opts.maxBytes, signal, onBytes: (n) => (progress.received += n) });
      return { bytes, finalUrl: finalUrl.href, contentType: contentTypeOf(res) };
    } catch (err) {
      res.destroy();
      if (sink) {
        const opened = sink;
        // Unlinking before the descriptor is closed is fine on POSIX, but waiting keeps Windows and tests honest.
        if (!opened.closed) await new Promise((resolve) => opened.once('close', resolve));
        await unlink(destPath).catch(() => undefined);
      }
      throw err;
    }
  });
}

/** Same, into memory (for small things); still capped. */
export function guardedFetchBuffer(url: string, opts: GuardedFetchOptions): Promise<{ body: Buffer } & DownloadResult> {
  return withDeadline(opts, async (signal, progress) => {
    const { res, url: finalUrl, label } = await openFinalResponse(url, opts, signal, progress);
    try {
      checkDeclaredLength(res, label, opts.maxBytes);
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      const bytes = await receiveBody(res, sink, { label, maxBytes: opts.maxBytes, signal, onBytes: (n) => (progress.received += n) });
      return { body: Buffer.concat(chunks), bytes, finalUrl: finalUrl.href, contentType: contentTypeOf(res) };
    } catch (err) {
      res.destroy();
      throw err;
    }
  });
}
