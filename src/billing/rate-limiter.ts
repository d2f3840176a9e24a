import type { Redis } from 'ioredis';

/**
 * GCRA (generic cell rate algorithm) in one Redis script, so every API process shares one limiter per
 * account and a decision is a single round trip. A full minute's allowance may be spent in a burst,
 * after which requests are admitted at the steady rate. Redis's clock is used so that API processes
 * with skewed clocks still agree.
 */
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local interval = math.max(1, math.floor(period / limit))
local burst = interval * limit
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + interval
if new_tat - burst > now then
  return {0, 0, tat - now, new_tat - burst - now}
end
redis.call('SET', KEYS[1], string.format('%d', new_tat), 'PX', new_tat - now)
return {1, math.floor((burst - (new_tat - now)) / interval), new_tat - now, 0}
`;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the allowance is full again. */
  resetSeconds: number;
  /** Whole seconds to wait before the next request is admitted (0 when allowed). */
  retryAfterSeconds: number;
}

type GcraRedis = Redis & { kilnGcra(key: string, limit: number, periodMs: number): Promise<[number, number, number, number]> };

export class RateLimiter {
  private readonly redis: GcraRedis;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly periodMs = 60_000,
  ) {
    if (!('kilnGcra' in redis)) redis.defineCommand('kilnGcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
    this.redis = redis as GcraRedis;
  }

  async take(subject: string, limitPerPeriod: number): Promise<RateDecision> {
    const [allowed, remaining, resetMs, retryMs] = await this.redis.kilnGcra(`${this.keyPrefix}:${subject}`, limitPerPeriod, this.periodMs);
    return {
      allowed: allowed === 1,
      limit: limitPerPeriod,
      remaining,
      resetSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil(retryMs / 1000)),
    };
  }
}
