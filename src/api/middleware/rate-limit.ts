import type { MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../../billing/rate-limiter';
import type { AppEnv } from '../context';
import { ApiError } from '../../errors/api-error';
import { setResponseHeader } from '../response-headers';

/**
 * Counts every authenticated request of the account against its per-minute limit, and a key with its
 * own lower limit also against the key's (both in the limiter's one Redis call). A key limit at or
 * above the account's adds nothing the account's bucket does not already enforce, so it is skipped.
 */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const keyLimit = principal.keyRateLimitPerMinute;
    const d =
      keyLimit !== null && keyLimit < principal.rateLimitPerMinute
        ? await limiter.take(principal.accountId, principal.rateLimitPerMinute, { subject: principal.keyId, limitPerPeriod: keyLimit })
        : await limiter.take(principal.accountId, principal.rateLimitPerMinute);
    if (!d.allowed) {
      throw new ApiError('rate_limit_exceeded', `Rate limit of ${d.limit} requests per minute exceeded; retry in ${d.retryAfterSeconds} s.`, {
        'RateLimit-Limit': String(d.limit),
        'RateLimit-Remaining': String(d.remaining),
        'RateLimit-Reset': String(d.resetSeconds),
        'Retry-After': String(d.retryAfterSeconds),
      });
    }
    // Set before the handler builds its response (success or error) rather than patched on afterwards,
    // which would make @hono/node-server materialise a full Response object.
    setResponseHeader(c, 'RateLimit-Limit', String(d.limit));
    setResponseHeader(c, 'RateLimit-Remaining', String(d.remaining));
    setResponseHeader(c, 'RateLimit-Reset', String(d.resetSeconds));
    // GET /v1/usage shows the same numbers in its body.
    c.set('rateLimit', d);
    await next();
  };
}
