import { type Cluster, Redis, type RedisOptions } from 'ioredis';
import { createCluster, deleteClusterKeysWithPrefix, isCluster } from './redis-cluster';

/**
 * Three kinds of connection, because they fail differently:
 * - `command`: API requests; fails fast when Redis is away so the caller gets 503 instead of a hang.
 * - `subscriber`: pub/sub only (a subscribed connection can run nothing else); reconnects forever.
 * - `worker`: BullMQ workers block on Redis and must retry forever (`maxRetriesPerRequest: null`).
 */
export type RedisRole = 'command' | 'subscriber' | 'worker';

/** A connection to one Redis server or to a Redis Cluster: every command Kiln sends works on both. */
export type RedisClient = Redis | Cluster;

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
  /** `host:port,…` of a Redis Cluster; REDIS_URL then gives only credentials and TLS (src/redis-cluster.ts). */
  REDIS_CLUSTER_NODES?: string | undefined;
}

export function createRedis(settings: RedisSettings, role: RedisRole): RedisClient {
  if (settings.REDIS_CLUSTER_NODES) return createCluster(settings, settings.REDIS_CLUSTER_NODES, role);
  const client = new Redis(settings.REDIS_URL, redisOptions(role));
  // Errors surface on the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}

/** A new connection like `client` (same server or cluster, same credentials) with some options changed. */
export function duplicateRedis(client: RedisClient, overrides: RedisOptions = {}): RedisClient {
  const copy = isCluster(client)
    ? client.duplicate(undefined, {
        ...(overrides.enableOfflineQueue === undefined ? {} : { enableOfflineQueue: overrides.enableOfflineQueue }),
        redisOptions: { ...client.options.redisOptions, ...withoutClusterWide(overrides) },
      })
    : client.duplicate(overrides);
  copy.on('error', () => {});
  return copy;
}

function withoutClusterWide({ enableOfflineQueue: _, ...rest }: RedisOptions): RedisOptions {
  return rest;
}

/** Removes every key under `prefix:` (a test, bench or eval run's own namespace); returns how many. */
export async function deleteKeysWithPrefix(client: RedisClient, prefix: string): Promise<number> {
  // SCAN sees one server's keys: a cluster's are scanned on every master.
  if (isCluster(client)) return deleteClusterKeysWithPrefix(client, prefix);
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await client.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
