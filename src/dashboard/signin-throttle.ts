import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Failed sign-ins counted in Redis (so every web process sees them) per email and per client address,
 * in a fixed window from the first failure. Per email stops guessing one person's password from many
 * addresses; per address stops one client trying many people's.
 */
export const SIGNIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** A window and the most events per email and per address within it. */
export interface ThrottleLimits {
  windowMs: number;
  perEmail: number;
  perAddress: number;
}
const SIGNIN_LIMITS: ThrottleLimits = { windowMs: SIGNIN_WINDOW_MS, perEmail: MAX_FAILURES_PER_EMAIL, perAddress: MAX_FAILURES_PER_ADDRESS };

export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Other counters (password-reset mails) reuse this with their own prefix and limits. */
    private readonly limits: ThrottleLimits = SIGNIN_LIMITS,
  ) {}

  private keys(email: string, ip: string | null): [string, number][] {
    const emailKey = createHash('sha256').update(email).digest('hex').slice(0, 32);
    const keys: [string, number][] = [[`${this.prefix}:email:${emailKey}`, this.limits.perEmail]];
    if (ip) keys.push([`${this.prefix}:ip:${ip}`, this.limits.perAddress]);
    return keys;
  }

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  async blockedFor(email: string, ip: string | null): Promise<number> {
    const keys = this.keys(email, ip);
    const pipeline = this.redis.pipeline();
    for (const [key] of keys) pipeline.get(key).pttl(key);
    const results = (await pipeline.exec()) ?? [];
    let wait = 0;
    keys.forEach(([, max], i) => {
      const count = Number(results[i * 2]?.[1] ?? 0);
      const ttl = Number(results[i * 2 + 1]?.[1] ?? -1);
      if (count >= max) wait = Math.max(wait, ttl > 0 ? ttl : this.limits.windowMs);
    });
    return wait;
  }

  async recordFailure(email: string, ip: string | null): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const [key] of this.keys(email, ip)) pipeline.incr(key).pexpire(key, this.limits.windowMs, 'NX');
    await pipeline.exec();
  }

  /** A correct password clears the email's count; the address keeps its count until the window ends. */
  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.keys(email, null)[0]![0]);
  }
}
