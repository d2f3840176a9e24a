import type { RedisOptions } from 'ioredis';
import type { SentinelAddress } from './redis-sentinel';

/**
 * Three kinds of connection, because they fail differently:
 * - `command`: API requests; fails fast when Redis is away so the caller gets 503 instead of a hang.
 * - `subscriber`: pub/sub only (a subscribed connection can run nothing else); reconnects forever.
 * - `worker`: BullMQ workers block on Redis and must retry forever (`maxRetriesPerRequest: null`).
 */
export type RedisRole = 'command' | 'subscriber' | 'worker';

export function redisOptions(role: RedisRole): RedisOptions {
  const base: RedisOptions = { lazyConnect: false, connectTimeout: 5_000 };
  // Auto-pipelining sends the commands of one event-loop tick in one write: under load, many requests'
  // rate-limit checks share a round trip.
  if (role === 'command') return { ...base, maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: true };
  return { ...base, maxRetriesPerRequest: null };
}

/**
 * Where Redis is. Every connection Kiln opens (commands, subscribers, workers, stream readers) is made from
 * these settings, so a topology (one node, Sentinel, Cluster) is chosen in one place.
 */
export interface RedisSettings {
  REDIS_URL: string;
  /** Set: the master is the one these sentinels name REDIS_SENTINEL_MASTER (REDIS_URL gives password, db, TLS). */
  REDIS_SENTINELS?: SentinelAddress[];
  REDIS_SENTINEL_MASTER?: string;
  REDIS_SENTINEL_USERNAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
  /** `host:port,…` of a Redis Cluster; REDIS_URL then gives only credentials and TLS (src/redis-cluster.ts). */
  REDIS_CLUSTER_NODES?: string | undefined;
}
