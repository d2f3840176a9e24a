import { Redis, type RedisOptions } from 'ioredis';
import { type SentinelAddress, sentinelConnectionOptions } from './redis-sentinel';

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
}

export function createRedis(settings: RedisSettings, role: RedisRole): Redis {
  const { REDIS_SENTINELS, REDIS_SENTINEL_MASTER } = settings;
  const client =
    REDIS_SENTINELS && REDIS_SENTINEL_MASTER
      ? new Redis({ ...redisOptions(role), ...sentinelConnectionOptions({ ...settings, REDIS_SENTINELS, REDIS_SENTINEL_MASTER }) })
      : new Redis(settings.REDIS_URL, redisOptions(role));
  // Errors surface on the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}

/** Removes every key under `prefix:` (a test, bench or eval run's own namespace); returns how many. */
export async function deleteKeysWithPrefix(client: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await client.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
