import { createHash } from 'node:crypto';
import type { RedisClient } from '../redis';
import { addressBucket } from '../net/address-bucket';

/**
 * Password attempts (sign-in, and accepting an invitation for an existing sign-in) counted in Redis, so
 * every web process sees them, per email and per client address (an IPv6 address by its /64), in a fixed
 * window from the first attempt. Per email stops guessing one person's password from many addresses; per
 * address stops one client trying many people's.
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
export const SIGNIN_LIMITS: ThrottleLimits = { windowMs: SIGNIN_WINDOW_MS, perEmail: MAX_FAILURES_PER_EMAIL, perAddress: MAX_FAILURES_PER_ADDRESS };

/**
 * Admits an attempt only when every counter in KEYS is below its limit (ARGV[1 + i]), and then counts it
 * in all of them; a refused attempt counts nowhere. Check and count are one script, so parallel requests
 * cannot all read "below the limit" before any of them writes: at most the limit is ever admitted.
 * Returns 0 when admitted, else the milliseconds until the fullest counter's window ends.
 */
const ATTEMPT_SCRIPT = `
local window = tonumber(ARGV[1])
local wait = 0
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[1 + i]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], window)
      ttl = window
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], window, 'NX')
end
return 0
`;

/** A success clears the email's count (KEYS[1]) and gives the address (KEYS[2], if any) its attempt back. */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
if KEYS[2] and tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 0
`;

type ThrottleRedis = RedisClient & {
  kilnThrottleAttempt(...args: (string | number)[]): Promise<number>;
  kilnThrottleSuccess(...args: (string | number)[]): Promise<number>;
};

export class SignInThrottle {
  private readonly redis: ThrottleRedis;

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    /** Other counters (password-reset mails, sign-ups) reuse this with their own prefix and limits. */
    private readonly limits: ThrottleLimits = SIGNIN_LIMITS,
  ) {
    if (!('kilnThrottleAttempt' in redis)) {
      redis.defineCommand('kilnThrottleAttempt', { lua: ATTEMPT_SCRIPT });
      redis.defineCommand('kilnThrottleSuccess', { lua: SUCCESS_SCRIPT });
    }
    this.redis = redis as ThrottleRedis;
  }

  private emailKey(email: string): string {
    return `${this.prefix}:email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
  }

  private addressKey(ip: string): string {
    return `${this.prefix}:ip:${addressBucket(ip)}`;
  }

  /**
   * Counts one attempt for the email and the address (either may be null: not counted) before the work it
   * guards. Returns 0 when the attempt may go ahead, else the milliseconds until another is allowed.
   */
  async attempt(email: string | null, ip: string | null): Promise<number> {
    const counters: [string, number][] = [];
    if (email !== null) counters.push([this.emailKey(email), this.limits.perEmail]);
    if (ip) counters.push([this.addressKey(ip), this.limits.perAddress]);
    if (counters.length === 0) return 0;
    const wait = await this.redis.kilnThrottleAttempt(
      counters.length,
      ...counters.map(([key]) => key),
      this.limits.windowMs,
      ...counters.map(([, max]) => max),
    );
    return Number(wait);
  }

  /**
   * The attempt proved the password: the email's count starts again, and the address gets this attempt
   * back, so many people signing in from one office address do not use up its allowance.
   */
  async succeeded(email: string, ip: string | null): Promise<void> {
    const keys = ip ? [this.emailKey(email), this.addressKey(ip)] : [this.emailKey(email)];
    await this.redis.kilnThrottleSuccess(keys.length, ...keys);
  }
}
