import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, runMigrations } from '../../src/db/migrate';
import { SCREENSHOT_DIR } from './screenshots';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    adminDatabaseUrl: string;
    redisUrl: string;
    /** Every Redis key of this run starts with it, so the teardown removes this run's keys and no other's. */
    redisPrefixRoot: string;
  }
}

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The suite gets its own throwaway database, migrated once, and drops it at the end. Each test file
 * uses its own Redis key prefix under the run's root, so files running in parallel never see each other's
 * queues, and the teardown removes this run's keys only (another checkout or CI may be running on the same
 * Redis). Browser tests' screenshots start from an empty folder, named at the end for a person to open.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(5).toString('hex');
  const name = `kiln_test_${runId}`;
  const prefixRoot = `kt_${runId}`;
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  try {
    await ensureDatabase(url.toString());
  } catch (err) {
    throw new Error(`Tests need Postgres at ${PG_BASE} (${(err as Error).message}). Start it: pg_ctlcluster --skip-systemctl-redirect 15 main start`);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `Tests need Redis at ${REDIS_URL} (${(err as Error).message}). Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
    );
  } finally {
    redis.disconnect();
  }
  await runMigrations(url.toString());
  project.provide('databaseUrl', url.toString());
  project.provide('adminDatabaseUrl', PG_BASE);
  project.provide('redisUrl', REDIS_URL);
  project.provide('redisPrefixRoot', prefixRoot);
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const shots = readdirSync(SCREENSHOT_DIR).filter((f) => f.endsWith('.png')).length;
    console.log(`screenshots of dashboard pages: ${SCREENSHOT_DIR} (${shots} from this run)`);
    const admin = postgres(PG_BASE, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    const cleaner = new Redis(REDIS_URL);
    const stream = cleaner.scanStream({ match: `${prefixRoot}_*`, count: 1000 });
    for await (const keys of stream) if ((keys as string[]).length) await cleaner.unlink(...(keys as string[]));
    cleaner.disconnect();
  };
}
