import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Queue } from 'bullmq';
import { Hono } from 'hono';
import { Redis } from 'ioredis';
import postgres from 'postgres';

/**
 * The reference for a durable write: the straightforward handler on Kiln's stack. Per request: parse the
 * JSON body, one postgres.js INSERT (committed before the answer), one BullMQ `Queue.add`, 201 with the
 * row. No auth, no rate limit, no validation beyond the JSON parse, no worker. Nothing here is batched.
 *
 * `PORT`, `DATABASE_URL`, `REDIS_URL` and `REDIS_PREFIX` are required; the table and queue are its own
 * (`bench_reference_deployments`, queue `bench-reference`), in the bench's throwaway database and prefix.
 */
const port = Number(process.env.PORT);
const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = process.env;
if (!Number.isInteger(port) || port <= 0 || !DATABASE_URL || !REDIS_URL || !REDIS_PREFIX) {
  process.stderr.write('durable-reference-server: set PORT, DATABASE_URL, REDIS_URL and REDIS_PREFIX\n');
  process.exit(2);
}

// The pool Kiln's web process uses by default (DATABASE_POOL_SIZE 10).
const sql = postgres(DATABASE_URL, { max: 10, onnotice: () => {} });
await sql`CREATE TABLE IF NOT EXISTS bench_reference_deployments (
  id text PRIMARY KEY,
  site_id text NOT NULL,
  source_url text,
  environment text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
)`;
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const queue = new Queue('bench-reference', { connection: redis, prefix: REDIS_PREFIX });

const app = new Hono().post('/deployments', async (c) => {
  const body = await c.req.json<{ site_id: string; source_url?: string; environment?: string }>();
  const id = `dep_${randomUUID()}`;
  const [row] = await sql`
    INSERT INTO bench_reference_deployments (id, site_id, source_url, environment)
    VALUES (${id}, ${body.site_id}, ${body.source_url ?? null}, ${body.environment ?? 'production'})
    RETURNING *`;
  await queue.add('deployment.build', { id }, { jobId: id });
  return c.json(row, 201);
});

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`durable-reference-server listening on ${info.port}\n`);
});
const stop = () =>
  server.close(async () => {
    await queue.close().catch(() => {});
    redis.disconnect();
    await sql.end({ timeout: 2 });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
