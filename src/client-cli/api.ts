import { ApiFailure, ClientError, EXIT } from './errors';

/** Answers worth another try: the rate limit, and a server or gateway that failed or was unreachable for a moment. */
const RETRYABLE = new Set([429, 500, 502, 503, 504]);

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 500, maxMs: 30_000 };

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter (the AWS architecture blog's advice); Retry-After wins when given. */
export function backoffMs(attempt: number, policy: RetryPolicy, retryAfter: number | undefined, random = Math.random): number {
  if (retryAfter !== undefined) return Math.min(retryAfter, policy.maxMs);
  return Math.round(random() * Math.min(policy.maxMs, policy.baseMs * 2 ** attempt));
}

export interface RequestOptions {
  json?: unknown;
  body?: Uint8Array;
  /** A multipart body (its Blobs are read again on a retry). */
  form?: FormData;
  headers?: Record<string, string>;
  /** Whether the request may be sent again: reads, uploads named by their digest, creates with an Idempotency-Key. */
  retry?: boolean;
  signal?: AbortSignal;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string | undefined,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    /** Told about each wait, so a long backoff is not a silent hang. */
    private readonly onRetry: (what: string, waitMs: number) => void = () => {},
  ) {}

  url(path: string): string {
    return `${this.baseUrl}/v1${path}`;
  }

  /** A request whose answer is returned as a Response (streams); fails with ApiFailure on an error status. */
  async raw(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    if (!this.key) throw new ClientError('no_api_key', 'no API key: run kiln login, or set KILN_API_KEY', EXIT.auth);
    const headers: Record<string, string> = { Authorization: `Bearer ${this.key}`, 'User-Agent': 'kiln-cli', ...opts.headers };
    let body: string | Uint8Array | FormData | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    } else if (opts.body) {
      headers['Content-Type'] ??= 'application/octet-stream';
      body = opts.body;
    }
    const attempts = opts.retry ? this.policy.attempts : 1;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(this.url(path), { method, headers, body, signal: opts.signal });
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        const reason = describeNetworkError(err);
        if (attempt + 1 >= attempts) throw new ClientError('unreachable', `cannot reach the API at ${this.baseUrl}: ${reason}`, EXIT.failed);
        const wait = backoffMs(attempt, this.policy, undefined);
        this.onRetry(`${method} ${path}: ${reason}`, wait);
        await sleep(wait);
        continue;
      }
      if (res.ok) return res;
      if (RETRYABLE.has(res.status) && attempt + 1 < attempts) {
        const wait = backoffMs(attempt, this.policy, retryAfterMs(res.headers.get('retry-after')));
        await res.body?.cancel();
        this.onRetry(`${method} ${path}: ${res.status}`, wait);
        await sleep(wait);
        continue;
      }
      throw await failureOf(res);
    }
  }

  async call<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, opts);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ClientError('bad_response', `${method} ${path} answered ${res.status} with something that is not JSON: ${text.slice(0, 200)}`, EXIT.failed);
    }
  }
}

/** The API's `{"error":{"code","message"}}` as an ApiFailure; a proxy's HTML page as its status line. */
export async function failureOf(res: Response): Promise<ApiFailure> {
  const text = await res.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (error && typeof error.code === 'string') return new ApiFailure(res.status, error.code, String(error.message ?? error.code));
  } catch {
    // not JSON: fall through
  }
  return new ApiFailure(res.status, `http_${res.status}`, `the API answered ${res.status} ${res.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
