import type { RedisClient } from '../redis';

/** A window from a client's first failure, and how many failures it may have in it. */
export interface FailedLoginLimits {
  maxFailures: number;
  windowMs: number;
}

/** The operators' queue dashboard: ten wrong passwords per address (an IPv6 /64) per quarter hour. */
export const ADMIN_LOGIN_LIMITS: FailedLoginLimits = { maxFailures: 10, windowMs: 15 * 60_000 };

/**
 * Failed logins counted per client in Redis (every web process sees the same count), in a fixed window that
 * starts at the client's first failure. Each failure is counted with one atomic INCR before it is answered,
 * so however many guesses arrive at once only the first `maxFailures` are told "wrong"; the rest wait out
 * the window. Successful logins are not counted, but a client over the limit is refused even with the
 * right password: otherwise the answers would still tell a guesser which guess was right.
 *
 * The dashboard's sign-in has its own per-email and per-address counter (src/dashboard/signin-throttle.ts);
 * this one has no account to count against, only the address.
 */
export class FailedLoginThrottle {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly limits: FailedLoginLimits = ADMIN_LOGIN_LIMITS,
  ) {}

  private key(client: string): string {
    return `${this.prefix}:${client}`;
  }

  /** Counts one failure; milliseconds until the client may try again when this one is over the limit, else 0. */
  async recordFailure(client: string): Promise<number> {
    const key = this.key(client);
    const results = await this.redis.multi().incr(key).pexpire(key, this.limits.windowMs, 'NX').pttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    return count > this.limits.maxFailures ? this.remaining(Number(results?.[2]?.[1] ?? -1)) : 0;
  }

  /** Milliseconds until the client may try again, or 0 when it may now. */
  async blockedFor(client: string): Promise<number> {
    const key = this.key(client);
    const results = await this.redis.pipeline().get(key).pttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    return count >= this.limits.maxFailures ? this.remaining(Number(results?.[1]?.[1] ?? -1)) : 0;
  }

  /** A key without a TTL (one that lost it to a failover) is treated as a fresh window, never as forever. */
  private remaining(ttl: number): number {
    return ttl > 0 ? ttl : this.limits.windowMs;
  }
}
