import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RateLimiter } from '../../src/billing/rate-limiter';
import { redisOptions } from '../../src/redis';
import { waitForRedis } from '../../src/runtime';
import { newRedisPrefix } from '../support/runtime';

// Two limiters on two connections: two API processes sharing one Redis.
const connections = [new Redis(inject('redisUrl'), redisOptions('command')), new Redis(inject('redisUrl'), redisOptions('command'))];
const prefix = newRedisPrefix();
const [a, b] = connections.map((c) => new RateLimiter(c, `${prefix}:rl`));
beforeAll(() => Promise.all(connections.map((c) => waitForRedis(c))));
afterAll(() => connections.forEach((c) => c.disconnect()));

describe('GCRA rate limiter', () => {
  it('admits exactly the limit one by one, then refuses with a retry time', async () => {
    const decisions = [];
    for (let i = 0; i < 12; i++) decisions.push(await (i % 2 ? a! : b!).take('exact', 10));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.slice(0, 10).map((d) => d.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = decisions[10]!;
    expect(refused.allowed).toBe(false);
    // 10 per minute: the next slot opens within 6 s.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(6);
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(54);
  });

  it('under heavy concurrent load on two processes, never admits more than the shared limit', async () => {
    const limit = 1200; // a 50 ms steady interval: batches of up to 20 may be leased
    const started = Date.now();
    // Warm the demand estimate so leasing is in play, as it is under real load.
    const load = async (limiter: RateLimiter, n: number) => {
      const results = await Promise.all(Array.from({ length: n }, () => limiter.take('busy', limit)));
      return results.filter((d) => d.allowed).length;
    };
    let admitted = 0;
    for (let round = 0; round < 6; round++) {
      const [x, y] = await Promise.all([load(a!, 400), load(b!, 400)]);
      admitted += x + y;
    }
    // Not a speed check: the allowance refills as time passes, so the bound grows with however long this took.
    const elapsedMs = Date.now() - started;
    const refilled = Math.ceil(elapsedMs / 50) + 1;
    expect(admitted).toBeLessThanOrEqual(limit + refilled);
    // Leased batches left unused are dropped: the account may be refused a little early, never late.
    expect(admitted).toBeGreaterThanOrEqual(limit - 2 * 20);
  });
});

describe('a changed limit', () => {
  it('is applied on the next call: requests leased under the old limit are not handed out', async () => {
    const subject = 'replanned';
    // Leasing is in play at 1200/min under concurrent load, as on a busy API process.
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 100 }, () => a!.take(subject, 1200)));
    const after = await a!.take(subject, 60);
    expect(after.limit).toBe(60);
    // Decided in Redis under the new limit, not from a lease counting the old allowance.
    expect(after.remaining).toBeLessThan(60);
  });
});

describe('a key with its own limit inside its account', () => {
  it('under heavy concurrent load on two processes, admits no more than the key’s limit, and spends the account’s too', async () => {
    const keyLimit = 1200;
    const accountLimit = 6000;
    const started = Date.now();
    const load = async (limiter: RateLimiter, n: number) => {
      const results = await Promise.all(
        Array.from({ length: n }, () => limiter.take('acct_busy', accountLimit, { subject: 'key_busy', limitPerPeriod: keyLimit })),
      );
      expect(results.every((d) => d.limit === keyLimit)).toBe(true);
      return results.filter((d) => d.allowed).length;
    };
    let admitted = 0;
    for (let round = 0; round < 6; round++) {
      const [x, y] = await Promise.all([load(a!, 400), load(b!, 400)]);
      admitted += x + y;
    }
    // Not a speed check: as above, the bound grows with however long this took (the allowance refills).
    const refilled = Math.ceil((Date.now() - started) / 50) + 1;
    expect(admitted).toBeLessThanOrEqual(keyLimit + refilled);
    expect(admitted).toBeGreaterThanOrEqual(keyLimit - 2 * 20);
    // The account's own allowance (another key's view of it) lost at least what the key was admitted,
    // less what refilled meanwhile (one every 10 ms at 6000/min).
    const account = await a!.take('acct_busy', accountLimit);
    const accountRefilled = Math.ceil((Date.now() - started) / 10) + 1;
    expect(account.remaining).toBeLessThanOrEqual(accountLimit - admitted + accountRefilled);
    expect(account.remaining).toBeLessThan(accountLimit - 1);
  });

  it('refuses when the account is spent even though the key has room, with the time until both admit one', async () => {
    for (let i = 0; i < 3; i++) expect((await a!.take('acct_full', 3)).allowed).toBe(true);
    const refused = await b!.take('acct_full', 3, { subject: 'key_roomy', limitPerPeriod: 2 });
    expect(refused).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(20);
  });
});
