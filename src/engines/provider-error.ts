import { withPostSpan } from '../tracing/http-client-span';

/**
 * What every engine's OpenAI-compatible provider shares: an error that says whether retrying can help,
 * and the reading of a failed HTTP answer. Each engine subclasses the error only to name it.
 */
export class ProviderError extends Error {
  /** True when retrying the same request cannot succeed (bad request, bad key, unsupported input): the queue should fail the job at once. */
  readonly permanent: boolean;
  readonly status: number | undefined;
  /** How long the server asked to be left alone (`retry-after-ms` / `retry-after` of a 429 or 503), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, opts: { status?: number; permanent?: boolean; cause?: unknown; retryAfterMs?: number } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.status = opts.status;
    this.permanent = opts.permanent ?? false;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

/**
 * The wait a response asks for: OpenAI's `retry-after-ms`, else `retry-after` in seconds or as an HTTP date
 * (RFC 9110 §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Math.ceil(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 4xx means the request itself is wrong, except timeouts (408) and rate limits (429), which pass with time. */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** `${what} failed: HTTP 400 Bad Request: <the server's reason>`, as an error of the engine's own class. */
export async function httpFailure<E extends ProviderError>(
  res: Response,
  what: string,
  ErrorClass: new (message: string, opts: { status?: number; permanent?: boolean; retryAfterMs?: number }) => E,
): Promise<E> {
  const detail = await serverMessage(res);
  const message = `${what} failed: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${detail ? `: ${detail}` : ''}`;
  const retryAfterMs = retryAfterOf(res.headers);
  return new ErrorClass(message, { status: res.status, permanent: isPermanentStatus(res.status), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
}

/** OpenAI puts the reason in `error.message`; other servers send `error` or `detail` as a string, or plain text. */
async function serverMessage(res: Response): Promise<string | undefined> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.detail === 'string') return parsed.detail;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, 300);
}

export interface ProviderCall<T, E extends ProviderError> {
  endpoint: string;
  apiKey?: string;
  /** JSON request body, already serialised. */
  body: string;
  accept?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Names the server in messages, e.g. `text server`. */
  server: string;
  ErrorClass: new (message: string, opts?: { status?: number; permanent?: boolean; cause?: unknown; retryAfterMs?: number }) => E;
  /** Reads the successful answer; runs under the same timeout, and its own ErrorClass errors pass through. */
  read: (res: Response, signal: AbortSignal) => Promise<T>;
  /** Sees a failed answer before it is read into the error (e.g. for its `Retry-After`). */
  onFailure?: (res: Response) => void;
}

/**
 * One POST to an OpenAI-compatible server, the way every provider makes it: bearer key, a timeout on the
 * whole exchange (answer and body), a failed status read into the engine's error, and the network's
 * failures named. The caller's own cancellation surfaces as itself, not as a provider failure.
 */
export async function callProvider<T, E extends ProviderError>(call: ProviderCall<T, E>): Promise<T> {
  const { endpoint, timeoutMs, signal, server, ErrorClass } = call;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: call.accept ?? 'application/json' };
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  try {
    // The span (tracing on) covers the whole exchange, a streamed answer's body included.
    return await withPostSpan(
      endpoint,
      headers,
      async (sent, answered) => {
        const res = await fetch(endpoint, { method: 'POST', headers: sent, body: call.body, signal: combined });
        answered(res.status);
        if (!res.ok) call.onFailure?.(res);
        if (!res.ok) throw await httpFailure(res, `${server} at ${endpoint}`, ErrorClass);
        return await call.read(res, combined);
      },
      { 'kiln.remote': server },
    );
  } catch (err) {
    if (err instanceof ErrorClass) throw err;
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw new ErrorClass(`${server} at ${endpoint} did not answer within ${timeoutMs} ms`, { cause: err });
    throw new ErrorClass(`${server} unreachable at ${endpoint}: ${(err as Error).message}`, { cause: err });
  }
}

/** The answer's JSON body, or the engine's error naming the server when it is not JSON. */
export async function readJson<T, E extends ProviderError>(res: Response, server: string, ErrorClass: new (message: string) => E): Promise<T> {
  return (await res.json().catch(() => {
    throw new ErrorClass(`${server} returned a body that is not JSON`);
  })) as T;
}
