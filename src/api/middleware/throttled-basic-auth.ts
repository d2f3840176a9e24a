import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import type { AppEnv } from '../context';
import { ApiError } from '../../errors/api-error';
import type { FailedLoginThrottle } from '../failed-login-throttle';

export interface ThrottledBasicAuthOptions {
  username: string;
  password: string;
  realm: string;
  throttle: FailedLoginThrottle;
  /** Whom a failure is counted against (an address bucket). */
  clientOf: (c: Context<AppEnv>) => string;
}

/**
 * HTTP basic auth whose wrong guesses are counted per client: past the throttle's limit every attempt is a
 * 429 with Retry-After until the window ends. A request without credentials (a browser's first try, which
 * earns the 401 challenge) is not a guess and is not counted.
 */
export function throttledBasicAuth(opts: ThrottledBasicAuthOptions): MiddlewareHandler<AppEnv> {
  return basicAuth({
    realm: opts.realm,
    verifyUser: async (username, password, c) => {
      const client = opts.clientOf(c as Context<AppEnv>);
      // Both compared, whatever the first gave, so the time taken says nothing about which was wrong.
      const right = [sameSecret(username, opts.username), sameSecret(password, opts.password)].every(Boolean);
      const wait = right ? await opts.throttle.blockedFor(client) : await opts.throttle.recordFailure(client);
      if (wait > 0) throw tooManyFailures(wait);
      return right;
    },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function tooManyFailures(waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError('rate_limit_exceeded', `Too many wrong passwords from this address; try again in ${Math.ceil(seconds / 60)} minute(s).`, {
    'Retry-After': String(seconds),
  });
}
