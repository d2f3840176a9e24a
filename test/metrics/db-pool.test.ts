import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { type Spawned, spawnKiln } from '../support/processes';
import { samples } from '../support/prometheus';
import { createTestAccount, startTestService, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

const POOL = 3;

/** The pool's figures in one scrape: connections by state, waiting, max. */
async function poolFigures(metricsUrl: string) {
  const text = await (await fetch(metricsUrl)).text();
  const connections = samples(text, 'kiln_db_pool_connections');
  const state = (s: string) => connections.find((c) => c.labels.state === s)?.value;
  return {
    open: state('open'),
    inUse: state('in_use'),
    waiting: samples(text, 'kiln_db_pool_waiting')[0]?.value,
    max: samples(text, 'kiln_db_pool_max')[0]?.value,
  };
}

/**
 * A `web` process with a pool of 3 and METRICS_PORT=0. The test locks the jobs table from a connection of
 * its own, so that job lookups block in Postgres: 3 of 5 requests hold the pool's connections, 2 wait for
 * one. The gauges show it, and return to 0 once the lock is gone and the requests have answered.
 */
describe('database pool metrics', () => {
  let own: OwnDatabase;
  let svc: TestService;
  let admin: postgres.Sql;
  let web: Spawned;

  beforeAll(async () => {
    own = await createOwnDatabase('dbpool');
    svc = await startTestService({ DATABASE_URL: own.url });
    admin = postgres(own.url, { max: 1, onnotice: () => {} });
    web = spawnKiln(
      'web',
      testEnv({ DATABASE_URL: own.url, LOG_LEVEL: 'info', METRICS_PORT: '0', DATABASE_POOL_SIZE: String(POOL), DATABASE_POOL_TIMEOUT_MS: '60000' }),
    );
  }, 240_000);
  afterAll(async () => {
    web?.child.kill('SIGKILL');
    await web?.exited;
    await admin?.end();
    await svc?.close();
    await own?.drop();
  });

  it('counts connections in use and statements waiting for one, then returns to 0', async () => {
    const port = (line: string) => JSON.parse(line).port as number;
    const api = `http://127.0.0.1:${port(await web.waitForLine(/"API listening"/))}`;
    const metrics = `http://127.0.0.1:${port(await web.waitForLine(/"metrics listening"/))}/metrics`;
    const { auth } = await createTestAccount(svc.rt, 'business', 100_000);
    const lookup = () => fetch(`${api}/v1/jobs/job_pool_metrics_test`, { headers: auth }).then((res) => res.status);
    // Warm: the key is known to the web process, so a lookup's only statement is the one on jobs.
    expect(await lookup()).toBe(404);
    expect(await poolFigures(metrics)).toMatchObject({ inUse: 0, waiting: 0, max: POOL });

    const held = await admin.reserve();
    let answers: Promise<number[]>;
    try {
      await held`BEGIN`;
      await held`LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE`;
      answers = Promise.all(Array.from({ length: POOL + 2 }, lookup));
      const busy = await until('3 connections in use and 2 waiting', async () => {
        const f = await poolFigures(metrics);
        return f.inUse === POOL && f.waiting === 2 ? f : null;
      });
      expect(busy.open).toBe(POOL);
      expect(busy.max).toBe(POOL);
    } finally {
      await held`COMMIT`;
      held.release();
    }
    expect(await answers).toEqual(Array(POOL + 2).fill(404));
    const idle = await until('the pool to be idle', async () => {
      const f = await poolFigures(metrics);
      return f.inUse === 0 && f.waiting === 0 ? f : null;
    });
    // The connections stay open for the next requests (postgres.js closes them after 30 s idle).
    expect(idle).toMatchObject({ open: POOL, max: POOL });
  });
});
