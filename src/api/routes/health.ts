import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isCluster } from '../../redis-cluster';
import type { Runtime } from '../../runtime';
import type { AppEnv } from '../context';
import { serviceUnavailable } from '../../errors/api-error';

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Commands on keys, not PING: a server that answers PING may still refuse Kiln's keys. On one server, two
 * keys of different slots in one command: a Redis Cluster node taken for a lone server (REDIS_URL set to
 * one node, REDIS_CLUSTER_NODES not set) refuses them with CROSSSLOT, as it refuses Kiln's scripts. On a
 * cluster, a key command (CLUSTERDOWN once it lost a master) and a PING of every master, so one that is
 * gone shows before the cluster marks it failed.
 */
async function redisAnswers(rt: Pick<Runtime, 'redis' | 'keys'>): Promise<void> {
  const { prefix } = rt.keys;
  if (!isCluster(rt.redis)) {
    await rt.redis.exists(`${prefix}:{readyz-1}`, `${prefix}:{readyz-2}`);
    return;
  }
  await Promise.all([rt.redis.exists(`${prefix}:{readyz-1}`), ...rt.redis.nodes('master').map((node) => node.ping())]);
}

/** `/healthz` (and its alias `/health`): the process answers. `/readyz`: and it can reach Postgres and Redis. */
export function registerHealth(app: Hono<AppEnv>, rt: Pick<Runtime, 'db' | 'redis' | 'keys'>) {
  for (const path of ['/healthz', '/health']) app.get(path, (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const [postgres, redis] = await Promise.allSettled([within(2_000, rt.db.execute(sql`SELECT 1`)), within(2_000, redisAnswers(rt))]);
    if (postgres.status === 'rejected') throw serviceUnavailable('Postgres');
    if (redis.status === 'rejected') throw serviceUnavailable('Redis');
    return c.json({ status: 'ready', postgres: 'ok', redis: 'ok' });
  });
}
