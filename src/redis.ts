import { type Cluster, Redis, type RedisOptions } from 'ioredis';
import { createCluster, deleteClusterKeysWithPrefix, isCluster } from './redis-cluster';
import { redisOptions, type RedisRole, type RedisSettings } from './redis-options';
import { sentinelConnectionOptions } from './redis-sentinel';

export { redisOptions, type RedisRole, type RedisSettings };

/** A connection to one Redis server or to a Redis Cluster: every command Kiln sends works on both. */
export type RedisClient = Redis | Cluster;

export function createRedis(settings: RedisSettings, role: RedisRole): RedisClient {
  if (settings.REDIS_CLUSTER_NODES) return createCluster(settings, settings.REDIS_CLUSTER_NODES, role);
  const { REDIS_SENTINELS, REDIS_SENTINEL_MASTER } = settings;
  const client =
    REDIS_SENTINELS && REDIS_SENTINEL_MASTER
      ? new Redis({ ...redisOptions(role), ...sentinelConnectionOptions({ ...settings, REDIS_SENTINELS, REDIS_SENTINEL_MASTER }) })
      : new Redis(settings.REDIS_URL, redisOptions(role));
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
