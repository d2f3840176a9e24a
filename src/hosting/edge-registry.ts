import type { RedisClient } from '../redis';

/**
 * The live edge processes of one installation: a sorted set under its prefix (so in its logical database),
 * each member an edge's id scored by when its heartbeat runs out, in Redis's clock (the machines' clocks
 * may disagree). A publisher waits for the edges in it, not for whoever PUBLISH reached: a foreign
 * subscriber, another installation on the same server or a cluster's other nodes do not count.
 */
export const edgeRegistryKey = (redisPrefix: string) => `${redisPrefix}:edges`;

/** An entry lives this many heartbeats: one or two lost renewals do not drop a running edge. */
export const HEARTBEATS_PER_EXPIRY = 3;

// Redis's own time, so every edge and publisher agree on what has expired.
const NOW_MS = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

const HEARTBEAT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1`;

const LIVE = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

/** Renews `edgeId`'s entry for `ttlMs` and drops the entries that ran out. */
export async function heartbeat(redis: RedisClient, key: string, edgeId: string, ttlMs: number): Promise<void> {
  await redis.eval(HEARTBEAT, 1, key, edgeId, String(ttlMs));
}

/** The ids of the edges whose heartbeat has not run out. */
export async function liveEdges(redis: RedisClient, key: string): Promise<string[]> {
  return (await redis.eval(LIVE, 1, key)) as string[];
}

/** A stopping edge leaves at once rather than after its expiry. */
export async function leaveRegistry(redis: RedisClient, key: string, edgeId: string): Promise<void> {
  await redis.zrem(key, edgeId);
}

/**
 * Keeps `edgeId` in the registry every `intervalMs` until stopped. The first entry is written before this
 * resolves (after the edge has subscribed, so a publisher that counts it also reaches it).
 */
export async function joinRegistry(redis: RedisClient, key: string, edgeId: string, intervalMs: number, onError: (err: Error) => void) {
  const ttl = intervalMs * HEARTBEATS_PER_EXPIRY;
  await heartbeat(redis, key, edgeId, ttl);
  const timer = setInterval(() => heartbeat(redis, key, edgeId, ttl).catch(onError), intervalMs);
  timer.unref();
  return {
    async leave() {
      clearInterval(timer);
      await leaveRegistry(redis, key, edgeId).catch(() => {});
    },
  };
}
