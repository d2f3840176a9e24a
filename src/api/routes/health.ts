import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
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

/** `/healthz`: the process answers. `/readyz`: and it can reach Postgres and Redis. */
export function registerHealth(app: Hono<AppEnv>, rt: Pick<Runtime, 'db' | 'redis'>) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const [postgres, redis] = await Promise.allSettled([within(2_000, rt.db.execute(sql`SELECT 1`)), within(2_000, rt.redis.ping())]);
    if (postgres.status === 'rejected') throw serviceUnavailable('Postgres');
    if (redis.status === 'rejected') throw serviceUnavailable('Redis');
    return c.json({ status: 'ready', postgres: 'ok', redis: 'ok' });
  });
}
