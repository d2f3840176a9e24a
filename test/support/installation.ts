import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3rver, type RunningS3rver } from '../storage/s3rver-server';
import { freePort } from '../hosting/support/hosting-harness';
import { createOwnDatabase, type OwnDatabase } from './own-database';
import { startPgBouncer, type PgBouncer } from './pgbouncer-server';
import { spawnKiln, type Spawned } from './processes';
import { startRedisCluster } from './redis-cluster';
import { startRedisServer } from './redis-server';
import { testEnv } from './runtime';

/** Where the installation's Redis is: one throwaway server, or a throwaway Redis Cluster. */
export type RedisTopology = 'single' | 'cluster';

interface RunningRedis {
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function startRedis(topology: RedisTopology): Promise<RunningRedis> {
  if (topology === 'cluster') {
    const cluster = await startRedisCluster();
    const [first] = cluster.masters;
    // REDIS_URL names a node too, so a process that ignored the cluster setting would fail on MOVED, not use another Redis.
    return { env: { REDIS_CLUSTER_NODES: cluster.nodes, REDIS_URL: `redis://${first!.host}:${first!.port}` }, stop: () => cluster.stop() };
  }
  const redis = await startRedisServer(await freePort());
  return { env: { REDIS_URL: redis.url }, stop: () => redis.kill() };
}

/** One spawned Kiln process and the ports it chose (read from its startup log). */
export interface KilnProcess extends Spawned {
  role: 'web' | 'worker' | 'edge';
  name: string;
  /** `web`: the API's port; `edge`: the HTTP port. */
  port: number;
  /** SIGKILL, as a crash or an OOM kill would: no shutdown code runs. */
  crash(): Promise<void>;
}

export interface Installation {
  /** The environment every process runs with (DATABASE_URL is PgBouncer's). */
  env: Record<string, string>;
  /** The database itself, not through PgBouncer: for the test's own reads. */
  directDatabaseUrl: string;
  hostingDomain: string;
  processes: KilnProcess[];
  /** Where `stop` leaves every process's output (`{name}.log`), for reading after a failure. */
  logDir: string;
  start(role: KilnProcess['role'], name: string): Promise<KilnProcess>;
  stop(): Promise<void>;
}

export const HOSTING_DOMAIN = 'sites.kiln-whole.test';

const READY: Record<KilnProcess['role'], RegExp> = {
  web: /"API listening"/,
  worker: /"workers started"/,
  edge: /"edge listening"/,
};

/**
 * A whole installation as an operator runs one, on loopback: PgBouncer with Kiln's default database
 * settings in front of a database of its own (the processes run the maintenance sweeps), S3 (s3rver),
 * Redis (`topology`), the release role once, then whatever processes the test starts. Every process
 * takes port 0 for every port; `stop` ends them all and everything under them.
 */
export async function startInstallation(topology: RedisTopology, extraEnv: Record<string, string> = {}): Promise<Installation> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const processes: KilnProcess[] = [];
  const logDir = mkdtempSync(join(tmpdir(), 'kiln-whole-logs-'));
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
    for (const p of processes) writeFileSync(join(logDir, `${p.name}.log`), p.output());
  };
  try {
    // Independent, so started together (each registers its own cleanup as soon as it is up).
    const up = <T extends { stop(): Promise<unknown> } | { drop(): Promise<unknown> }>(p: Promise<T>) =>
      p.then((thing) => {
        cleanups.push(() => ('stop' in thing ? thing.stop() : thing.drop()));
        return thing;
      });
    const started = await Promise.allSettled([up<OwnDatabase>(createOwnDatabase('kiln_whole')), up<RunningS3rver>(startS3rver()), up(startRedis(topology))]);
    // All settled first, so that whatever did start is in `cleanups` when one failure stops the rest.
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [db, s3, redis] = started.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [OwnDatabase, RunningS3rver, RunningRedis];
    const bouncer: PgBouncer = await startPgBouncer(db.url);
    cleanups.push(() => bouncer.stop());
    const env = testEnv({
      DATABASE_URL: bouncer.url,
      // Migrations take a session lock: the release role goes to the database itself, as operations.md says.
      DATABASE_MIGRATION_URL: db.url,
      ...redis.env,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'kiln-whole',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      HOSTING_DOMAIN,
      FETCH_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
      ...extraEnv,
    });
    const release = spawnKiln('release', env);
    const released = await release.exited;
    if (released.code !== 0) throw new Error(`the release role exited ${released.code}:\n${release.output()}`);

    const start = async (role: KilnProcess['role'], name: string): Promise<KilnProcess> => {
      const spawned = spawnKiln(role, env);
      const crash = async () => {
        if (spawned.child.exitCode === null && spawned.child.signalCode === null) spawned.child.kill('SIGKILL');
        await spawned.exited;
      };
      cleanups.push(crash);
      const line = JSON.parse(await spawned.waitForLine(READY[role], 120_000));
      const port = role === 'web' ? line.port : role === 'edge' ? line.httpPort : 0;
      const proc: KilnProcess = { ...spawned, role, name, port, crash };
      processes.push(proc);
      return proc;
    };
    return { env, directDatabaseUrl: db.url, hostingDomain: HOSTING_DOMAIN, processes, logDir, start, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
