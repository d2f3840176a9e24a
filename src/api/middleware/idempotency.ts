import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyClaim,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
} from '../../db/queries/idempotency';
import type { Runtime } from '../../runtime';
import type { AppEnv } from '../context';
import { ApiError, invalidParameter } from '../../errors/api-error';
import { requestLogger } from './request-log';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Printable ASCII, 1 to 255 characters (Stripe allows 255). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * The headers that belong to the answer itself and are replayed with it. Per-request ones (X-Request-Id,
 * RateLimit-*) are made fresh for the repeat by the middleware before this one.
 */
const REPLAYED_HEADERS = ['content-type', 'location', 'retry-after', 'allow'];

/** Statuses a Response may not carry a body with. */
const NULL_BODY_STATUSES = [204, 205, 304];

/** How long a claim holds before another request may take it over: the longest a handler waits, and some. */
const lockMsOf = (config: Runtime['config']) => config.SYNC_TIMEOUT_MS + 30_000;

/**
 * Answers final for the request are kept; 5xx, 409 (conflict) and 429 (limits) may go otherwise on a
 * retry, and 401/403 are about the caller, not the request (a plan upgrade changes them).
 */
const isFinal = (status: number) => status < 500 && status !== 401 && status !== 403 && status !== 409 && status !== 429;

export function sha256(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex');
}

function requestTarget(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Stripe-style `Idempotency-Key` on POST: the first request with a key claims it and its final answer is
 * stored; a repeat of the same request within 24 hours gets that answer again (`Idempotent-Replayed: true`)
 * without running, so a client may retry a timed-out or dropped request without doing the work twice.
 * The key belongs to the API key that sent it, as Stripe's do: another key of the account (or another
 * account) with the same `Idempotency-Key` is a separate entry that runs its own request, so a key can
 * neither read another key's answer nor claim a key first to spoil another key's request. It runs after
 * authentication and rate limiting, so repeats count.
 *
 * Nothing is claimed or replayed until the route's scope check has let the caller through
 * (`whenAuthorized`, called by `requireFeature`/`requireKeyScope`): a key that may not call the route gets
 * its 403, never a stored answer, and a 403 is never stored. A request whose body streams (`isStreamed`:
 * an upload) is identified by the handler once received, through `claimStreamedRequest`. Any other is
 * identified by SHA-256 of method, path with query, and body.
 */
export function idempotency(rt: Pick<Runtime, 'db' | 'config'>, opts: { isStreamed: (c: Context<AppEnv>) => boolean }): MiddlewareHandler<AppEnv> {
  const lockMs = lockMsOf(rt.config);
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) {
      throw invalidParameter(`'${IDEMPOTENCY_HEADER}' must be 1 to 255 printable ASCII characters.`);
    }
    const { accountId, keyId: apiKeyId } = c.get('principal');
    let claim: IdempotencyClaim | null = null;

    /** Claims the key, or answers for it: a replay, 422 for another request, 409 while the first runs. */
    const claimOrAnswer = async (requestHash: string): Promise<Response | null> => {
      const input = { accountId, apiKeyId, key, requestHash, lockMs };
      // A row released between the two statements leaves neither to see; the next round finds the key free.
      for (let round = 0; round < 3; round++) {
        claim = (await claimIdempotencyKey(rt.db, input)) ?? (await takeOverIdempotencyKey(rt.db, input));
        if (claim) return null;
        const row = await findIdempotencyKey(rt.db, { accountId, apiKeyId, key });
        if (!row) continue;
        if (row.requestHash !== requestHash) {
          throw new ApiError(
            'idempotency_key_reused',
            `This ${IDEMPOTENCY_HEADER} was already used with a different request; use a new key for a new request.`,
          );
        }
        if (row.status === 'in_progress') {
          throw new ApiError('idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry shortly.`, {
            'Retry-After': '1',
          });
        }
        c.header(REPLAYED_HEADER, 'true');
        const status = (row.responseStatus ?? 200) as 200;
        const headers = row.responseHeaders ?? {};
        if (NULL_BODY_STATUSES.includes(status)) return c.body(null, status, headers);
        return c.body(row.responseBody ?? '', status, headers);
      }
      throw new ApiError('idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is changing hands; retry shortly.`, {
        'Retry-After': '1',
      });
    };

    if (opts.isStreamed(c)) c.set('idempotencyClaim', claimOrAnswer);
    else c.set('whenAuthorized', async () => claimOrAnswer(sha256(c.req.method, requestTarget(c), await c.req.text())));

    try {
      await next();
    } catch (err) {
      // Errors normally become responses inside `next`; one that escapes is an exception all the same.
      if (claim) await releaseIdempotencyKey(rt.db, claim).catch(() => undefined);
      throw err;
    }
    // Narrowed by TypeScript to the initial null: it is assigned inside the closure.
    const held = claim as IdempotencyClaim | null;
    if (!held) return;
    try {
      await settle(c, rt, held);
    } catch (err) {
      // The work is done: answer it. The claim stays until locked_until, when a retry may take it over.
      requestLogger(c).warn({ err: { message: (err as Error).message }, key }, 'could not store the answer for an idempotency key');
    }
  };
}

/**
 * For a route whose body streams: claim the key with a hash of the request's description (made once the
 * body is received). Returns the response to answer with instead of running (a replay), or null to run;
 * throws the 409/422 refusals. Without an `Idempotency-Key` it returns null.
 */
export async function claimStreamedRequest(c: Context<AppEnv>, description: string): Promise<Response | null> {
  const claim = c.get('idempotencyClaim');
  return claim ? claim(sha256(c.req.method, requestTarget(c), description)) : null;
}

/** After the handler: keep a final answer on the key, or give the key back so that a retry runs. */
async function settle(c: Context<AppEnv>, rt: Pick<Runtime, 'db'>, claim: IdempotencyClaim): Promise<void> {
  const res = c.res;
  const exception = c.error !== undefined && !(c.error instanceof ApiError);
  if (exception || !isFinal(res.status)) {
    await releaseIdempotencyKey(rt.db, claim);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  // Kept as text: every POST under /v1 answers JSON (or nothing).
  const store = async (body: string) => {
    const stored = await completeIdempotencyKey(rt.db, claim, { status: res.status, headers, body });
    if (!stored) requestLogger(c).warn({ key: claim.key }, 'idempotency claim was taken over before the answer was stored');
  };
  if (res.body && headers['content-type']?.startsWith('text/event-stream')) {
    // A streamed answer is kept once it has all gone out; until then repeats are told it is in progress.
    const [toClient, toStore] = res.body.tee();
    c.res = new Response(toClient, res);
    new Response(toStore)
      .text()
      .then(store)
      .catch(async (err: Error) => {
        requestLogger(c).warn({ err: { message: err.message }, key: claim.key }, 'streamed answer not stored; releasing the key');
        await releaseIdempotencyKey(rt.db, claim).catch(() => undefined);
      });
    return;
  }
  await store(await res.clone().text());
}
