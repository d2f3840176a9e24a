import calculateSlot from 'cluster-key-slot';
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { redisOptions, type RedisRole, type RedisSettings } from './redis-options';

/**
 * Redis Cluster (REDIS_CLUSTER_NODES). Every connection is an ioredis `Cluster`: it learns the slot map
 * from any of the nodes given, sends each command to the master of its key's slot and follows MOVED/ASK
 * when slots move. What Kiln must do itself:
 * - keep every command and script that touches several keys within one slot: the keys of each such group
 *   share a hash tag (src/redis-keys.ts);
 * - run what is per server (SCAN, CLIENT UNBLOCK, a blocked XREAD) on the node that holds the keys.
 * Pub/sub needs nothing: a PUBLISH on any node reaches the subscribers of every node (only its reply, the
 * number of receivers, counts one node's, which is why edge acknowledgements use a registry instead).
 */

export const isCluster = (client: Redis | Cluster): client is Cluster => (client as Cluster).isCluster === true;

/** `host:port,host:port` → startup nodes. */
export function parseClusterNodes(spec: string): { host: string; port: number }[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const at = s.lastIndexOf(':');
      return { host: s.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(s.slice(at + 1)) };
    });
}

/** What every node shares, from REDIS_URL: user, password and TLS. Its host and database are not used. */
export function nodeCredentials(redisUrl: string): Pick<RedisOptions, 'username' | 'password' | 'tls'> {
  const url = new URL(redisUrl);
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

export function createCluster(settings: RedisSettings, nodes: string, role: RedisRole): Cluster {
  const { enableOfflineQueue, enableAutoPipelining: _, ...perNode } = redisOptions(role);
  const options: ClusterOptions = {
    redisOptions: { ...perNode, ...nodeCredentials(settings.REDIS_URL) },
    // A command role fails fast while the cluster is away, like a single server's connection.
    enableOfflineQueue: enableOfflineQueue ?? true,
    // Never auto-pipelined on a cluster: ioredis groups a tick's commands by the node of each one's first
    // argument, which for a script defined without a fixed key count (the rate limiter's) is the key count,
    // not a key; one tick's calls for accounts on different masters then share a pipeline, and the whole
    // pipeline fails ("All keys in the pipeline should belong to the same slots allocation group"): every
    // request of a busy web answered 500 (test/e2e/whole-installation.test.ts).
    enableAutoPipelining: false,
    maxRedirections: 16,
    // Slots move (resharding, a failover): the map is also refreshed on every MOVED.
    slotsRefreshInterval: 5_000,
  };
  const client = new Cluster(parseClusterNodes(nodes), options);
  client.on('error', () => {});
  return client;
}

/** The connection of `cluster` to the master serving `key`'s slot, if the slot map names one yet. */
export function masterOf(cluster: Cluster, key: string): Redis | undefined {
  const owner = cluster.slots[calculateSlot(key)]?.[0];
  if (!owner) return undefined;
  return cluster.nodes('master').find((n) => `${n.options.host}:${n.options.port}` === owner);
}

/**
 * A plain connection to the master serving `key`'s slot, for what must stay on one server (a blocked
 * XREAD that CLIENT UNBLOCK interrupts); null while the slot map is not known. A MOVED reply on it means
 * the slot has moved: drop it and open another.
 */
export function connectToMasterOf(cluster: Cluster, key: string, role: RedisRole): Redis | null {
  const node = masterOf(cluster, key);
  if (!node) return null;
  const conn = new Redis({ ...cluster.options.redisOptions, ...redisOptions(role), host: node.options.host, port: node.options.port });
  conn.on('error', () => {});
  return conn;
}

/** SCAN and UNLINK on every master (each holds only its own slots' keys). */
export async function deleteClusterKeysWithPrefix(cluster: Cluster, prefix: string): Promise<number> {
  if (cluster.status !== 'ready') await new Promise((resolve) => cluster.once('ready', resolve));
  let deleted = 0;
  for (const node of cluster.nodes('master')) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      // One key a command: the keys of one SCAN page lie in many slots.
      if (keys.length > 0) {
        const replies = await keys.reduce((p, k) => p.unlink(k), node.pipeline()).exec();
        for (const [err, n] of replies ?? []) if (!err) deleted += Number(n);
      }
    } while (cursor !== '0');
  }
  return deleted;
}
