import type { MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../../billing/rate-limiter';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';

/** Counts every authenticated request of the account against its per-minute limit. */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const d = await limiter.take(principal.accountId, principal.rateLimitPerMinute);
    const headers = {
      'RateLimit-Limit': String(d.limit),
      'RateLimit-Remaining': String(d.remaining),
      'RateLimit-Reset': String(d.resetSeconds),
    };
    if (!d.allowed) {
      throw new ApiError('rate_limit_exceeded', `Rate limit of ${d.limit} requests per minute exceeded; retry in ${d.retryAfterSeconds} s.`, {
        ...headers,
        'Retry-After': String(d.retryAfterSeconds),
      });
    }
    // Set before the handler builds its response (success or error) rather than patched on afterwards,
    // which would make @hono/node-server materialise a full Response object.
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
  };
}
