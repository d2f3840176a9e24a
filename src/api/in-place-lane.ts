import type { RedisClient } from '../redis';
import type { Keyspace } from '../redis-keys';

/**
 * Each account's lane of provider calls answered in place (src/api/answer-in-place.ts), over every web
 * process: a sorted set of call ids scored by when each started (Redis's clock, so web processes' clocks
 * need not agree). A call enters only while fewer than `limit` are in it; the others take the queue, whose
 * fair order shares the workers between accounts — so one account's burst can neither hold every web
 * process's provider connections nor delay another account's in-place calls. An entry older than `lapseMs`
 * (its web process died mid-call) no longer counts.
 */
const ENTER = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

type LaneRedis = RedisClient & { kilnInPlaceEnter(key: string, limit: number, lapseMs: number, callId: string): Promise<number> };

export interface InPlaceLane {
  /** Leaves the lane; safe to call more than once. */
  leave(): Promise<void>;
}

export async function enterInPlaceLane(
  redis: RedisClient,
  keys: Keyspace,
  accountId: string,
  callId: string,
  limit: number,
  lapseMs: number,
): Promise<InPlaceLane | null> {
  if (limit <= 0) return null;
  if (!('kilnInPlaceEnter' in redis)) redis.defineCommand('kilnInPlaceEnter', { numberOfKeys: 1, lua: ENTER });
  const key = keys.inPlaceLane(accountId);
  const entered = await (redis as LaneRedis).kilnInPlaceEnter(key, limit, lapseMs, callId);
  if (entered !== 1) return null;
  let left = false;
  return {
    async leave() {
      if (left) return;
      left = true;
      await redis.zrem(key, callId);
    },
  };
}
