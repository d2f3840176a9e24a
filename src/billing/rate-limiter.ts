import type { Redis } from 'ioredis';

/**
 * GCRA (generic cell rate algorithm) in one Redis script, so every API process shares one limiter per
 * account and a decision is a single round trip. A full minute's allowance may be spent in a burst,
 * after which requests are admitted at the steady rate. Redis's clock is used so that API processes
 * with skewed clocks still agree.
 *
 * The script can grant several requests at once (ARGV[3]): up to that many, as many as the allowance
 * holds. It returns {granted, remaining, reset ms, retry ms}.
 */
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local interval = math.max(1, math.floor(period / limit))
local burst = interval * limit
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local granted = math.min(want, math.floor((now + burst - tat) / interval))
if granted < 1 then
  return {0, 0, tat - now, tat + interval - burst - now}
end
local new_tat = tat + granted * interval
redis.call('SET', KEYS[1], string.format('%d', new_tat), 'PX', new_tat - now)
return {granted, math.floor((burst - (new_tat - now)) / interval), new_tat - now, 0}
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

type GcraRedis = Redis & { kilnGcra(key: string, limit: number, periodMs: number, want: number): Promise<[number, number, number, number]> };

/** Requests of one account that this process may admit without asking Redis again. */
interface Lease {
  /** The per-period limit the tokens were granted under: a plan change makes the lease worthless. */
  limit: number;
  tokens: number;
  expiresAt: number;
  remaining: number;
  resetMs: number;
}

/** Unused leased requests are dropped after this long, so a lease never admits more than the limit. */
const LEASE_TTL_MS = 250;
const MAX_LEASE = 200;

/**
 * The limiter of every API process. An account sending a few requests is decided request by request
 * in Redis, exactly. An account sending many to this process has its requests taken from Redis in
 * small batches sized to about 50 ms of its recent traffic and at most a second of its allowance
 * (`limit / 60`): the shared allowance in Redis is still spent before any request is admitted, so the
 * limit is never exceeded across processes; the cost is that a batch unused within 250 ms is dropped
 * (the account is then refused slightly early, never late). Accounts with a limit under 120/min are
 * always decided one request at a time.
 *
 * The limit comes with each call (from the principal), so a plan change applies on the next request: a
 * lease granted under another limit is dropped, and the state in Redis carries over as the share of the
 * allowance already spent.
 */
export class RateLimiter {
  private readonly redis: GcraRedis;
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly demand = new Map<string, { second: number; count: number; previous: number }>();

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly periodMs = 60_000,
  ) {
    if (!('kilnGcra' in redis)) redis.defineCommand('kilnGcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
    this.redis = redis as GcraRedis;
  }

  async take(subject: string, limitPerPeriod: number): Promise<RateDecision> {
    const now = Date.now();
    this.countDemand(subject, now);
    for (;;) {
      const leased = this.fromLease(subject, limitPerPeriod, Date.now());
      if (leased) return leased;
      // One Redis call per account at a time; requests arriving meanwhile share its lease.
      const inFlight = this.pending.get(subject);
      if (!inFlight) break;
      await inFlight.catch(() => {});
    }
    const want = this.leaseSize(subject, limitPerPeriod);
    const call = this.redis.kilnGcra(`${this.keyPrefix}:${subject}`, limitPerPeriod, this.periodMs, want);
    if (want > 1) {
      this.pending.set(subject, call);
      call.finally(() => this.pending.delete(subject)).catch(() => {});
    }
    const [granted, remaining, resetMs, retryMs] = await call;
    if (granted > 1) this.leases.set(subject, { limit: limitPerPeriod, tokens: granted - 1, expiresAt: Date.now() + LEASE_TTL_MS, remaining, resetMs });
    return {
      allowed: granted >= 1,
      limit: limitPerPeriod,
      remaining: remaining + Math.max(0, granted - 1),
      resetSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: granted >= 1 ? 0 : Math.max(1, Math.ceil(retryMs / 1000)),
    };
  }

  private fromLease(subject: string, limit: number, now: number): RateDecision | null {
    const lease = this.leases.get(subject);
    if (!lease) return null;
    if (lease.tokens <= 0 || lease.expiresAt <= now || lease.limit !== limit) {
      this.leases.delete(subject);
      return null;
    }
    lease.tokens--;
    return { allowed: true, limit, remaining: lease.remaining + lease.tokens, resetSeconds: Math.ceil(lease.resetMs / 1000), retryAfterSeconds: 0 };
  }

  private countDemand(subject: string, now: number) {
    const second = Math.floor(now / 1000);
    const d = this.demand.get(subject);
    if (!d) {
      if (this.demand.size > 50_000) this.demand.clear();
      this.demand.set(subject, { second, count: 1, previous: 0 });
    } else if (d.second === second) {
      d.count++;
    } else {
      d.previous = d.second === second - 1 ? d.count : 0;
      d.second = second;
      d.count = 1;
    }
  }

  /** About 50 ms of this account's recent traffic here, at most a second of its allowance. */
  private leaseSize(subject: string, limit: number): number {
    const d = this.demand.get(subject)!;
    const perSecond = Math.max(d.previous, d.count);
    const cap = Math.min(MAX_LEASE, Math.floor(limit / 60));
    return Math.max(1, Math.min(cap, Math.ceil(perSecond / 20)));
  }
}
