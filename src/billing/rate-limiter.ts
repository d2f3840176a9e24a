import type { RedisClient } from '../redis';

/**
 * GCRA (generic cell rate algorithm) in one Redis script, so every API process shares one limiter per
 * account and a decision is a single round trip. A full minute's allowance may be spent in a burst,
 * after which requests are admitted at the steady rate. Redis's clock is used so that API processes
 * with skewed clocks still agree.
 *
 * The script checks every bucket in KEYS (the account's, and the key's own when it has a lower limit)
 * with its limit in ARGV[2 + i], and admits a request only when all of them hold it, spending it in
 * each: both limits in the same round trip. It can grant several requests at once (ARGV[2]): up to that
 * many, as many as every allowance holds. It returns {granted, remaining, reset ms, retry ms}, where
 * remaining is the least left in any bucket, reset the time until all are full, and retry the time
 * until all admit one more.
 */
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local period = tonumber(ARGV[1])
local granted = tonumber(ARGV[2])
local tats, intervals, bursts = {}, {}, {}
for i = 1, #KEYS do
  local limit = tonumber(ARGV[2 + i])
  local interval = math.max(1, math.floor(period / limit))
  local burst = interval * limit
  local tat = tonumber(redis.call('GET', KEYS[i]) or now)
  if tat < now then tat = now end
  granted = math.min(granted, math.floor((now + burst - tat) / interval))
  tats[i], intervals[i], bursts[i] = tat, interval, burst
end
local reset, retry, remaining = 0, 0, nil
if granted < 1 then
  for i = 1, #KEYS do
    reset = math.max(reset, tats[i] - now)
    retry = math.max(retry, tats[i] + intervals[i] - bursts[i] - now)
  end
  return {0, 0, reset, retry}
end
for i = 1, #KEYS do
  local new_tat = tats[i] + granted * intervals[i]
  redis.call('SET', KEYS[i], string.format('%d', new_tat), 'PX', new_tat - now)
  local left = math.floor((bursts[i] - (new_tat - now)) / intervals[i])
  if remaining == nil or left < remaining then remaining = left end
  reset = math.max(reset, new_tat - now)
end
return {granted, remaining, reset, 0}
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

/** `kilnGcra(numberOfKeys, ...keys, periodMs, want, ...limits)` */
type GcraRedis = RedisClient & { kilnGcra(...args: (string | number)[]): Promise<[number, number, number, number]> };

/** A second bucket a request must also pass: an API key's own, lower limit within its account's. */
export interface InnerLimit {
  subject: string;
  limitPerPeriod: number;
}

/** Requests of one subject that this process may admit without asking Redis again. */
interface Lease {
  /**
   * The per-period limits the tokens were granted under (the account's, then the key's when it has its
   * own): a plan or key change makes the lease worthless.
   */
  limit: number;
  /** The key's own limit when the tokens were taken from its bucket too; 0 when not. */
  innerLimit: number;
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
    redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly periodMs = 60_000,
    /** On a Redis Cluster: an account's buckets are hash-tagged by it, so the script's two keys share a slot. */
    private readonly clustered = false,
  ) {
    // No fixed numberOfKeys: a call passes one bucket or two.
    if (!('kilnGcra' in redis)) redis.defineCommand('kilnGcra', { lua: GCRA_SCRIPT });
    this.redis = redis as GcraRedis;
  }

  /**
   * Spends one request of `subject` (an account) under its limit, and when `inner` is given also of
   * that subject (one of its keys) under the inner, lower limit: both buckets in one Redis call. The
   * decision reports the lower limit. Leases are per innermost subject, so requests of a key with its
   * own limit never use requests leased to its account's other keys, nor the reverse.
   */
  async take(subject: string, limitPerPeriod: number, inner?: InnerLimit): Promise<RateDecision> {
    const leaseSubject = inner ? inner.subject : subject;
    const limit = inner ? Math.min(limitPerPeriod, inner.limitPerPeriod) : limitPerPeriod;
    const innerLimit = inner ? inner.limitPerPeriod : 0;
    const now = Date.now();
    this.countDemand(leaseSubject, now);
    for (;;) {
      const leased = this.fromLease(leaseSubject, limitPerPeriod, innerLimit, limit, Date.now());
      if (leased) return leased;
      // One Redis call per subject at a time; requests arriving meanwhile share its lease.
      const inFlight = this.pending.get(leaseSubject);
      if (!inFlight) break;
      await inFlight.catch(() => {});
    }
    const want = this.leaseSize(leaseSubject, limit);
    const outerKey = this.clustered ? `${this.keyPrefix}:{${subject}}` : `${this.keyPrefix}:${subject}`;
    const call = inner
      ? this.redis.kilnGcra(
          2,
          outerKey,
          this.clustered ? `${outerKey}:${inner.subject}` : `${this.keyPrefix}:${inner.subject}`,
          this.periodMs,
          want,
          limitPerPeriod,
          inner.limitPerPeriod,
        )
      : this.redis.kilnGcra(1, outerKey, this.periodMs, want, limitPerPeriod);
    if (want > 1) {
      this.pending.set(leaseSubject, call);
      call.finally(() => this.pending.delete(leaseSubject)).catch(() => {});
    }
    const [granted, remaining, resetMs, retryMs] = await call;
    if (granted > 1)
      this.leases.set(leaseSubject, { limit: limitPerPeriod, innerLimit, tokens: granted - 1, expiresAt: Date.now() + LEASE_TTL_MS, remaining, resetMs });
    return {
      allowed: granted >= 1,
      limit,
      remaining: remaining + Math.max(0, granted - 1),
      resetSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: granted >= 1 ? 0 : Math.max(1, Math.ceil(retryMs / 1000)),
    };
  }

  private fromLease(subject: string, outerLimit: number, innerLimit: number, limit: number, now: number): RateDecision | null {
    const lease = this.leases.get(subject);
    if (!lease) return null;
    if (lease.tokens <= 0 || lease.expiresAt <= now || lease.limit !== outerLimit || lease.innerLimit !== innerLimit) {
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
