import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unavailableDependency } from '../../src/errors/infra-errors';
import { connectDatabase } from '../../src/db/client';
import { type CuttableProxy, startCuttableProxy } from '../support/cuttable-proxy';
import { until } from '../support/until';
import { createTestAccount, startTestService, testEnv, type TestService } from '../support/runtime';

/**
 * Only catches a hang. Without a deadline on the wait for a connection, the statements queued behind the
 * pool's two silent connections were failed one connection attempt at a time: with 2 s deadlines, the last
 * of 100 answered after 105 s. With it, each waits DATABASE_POOL_TIMEOUT_MS at most (all within 2.5 s).
 */
const HANG_MS = 15_000;

async function answered<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${HANG_MS} ms while the database was silent`)), HANG_MS);
  });
  try {
    return await Promise.race([work, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** The default deadlines (the test environment raises them for a busy machine), on a pool of 2. */
const DEADLINES = {
  DATABASE_POOL_SIZE: '2',
  DATABASE_CONNECT_TIMEOUT_MS: '2000',
  DATABASE_QUERY_TIMEOUT_MS: '2000',
  DATABASE_POOL_TIMEOUT_MS: '2000',
};

describe('a database that stops answering while requests queue for a connection', () => {
  let proxy: CuttableProxy;
  let viaProxy: string;

  beforeAll(async () => {
    const postgresUrl = new URL(testEnv().DATABASE_URL!);
    proxy = await startCuttableProxy({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
    const url = new URL(postgresUrl);
    url.port = String(proxy.port);
    viaProxy = url.toString();
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('100 parallel statements on a pool of 2: every one fails as the database being unavailable, none waits for the next connection attempt', async () => {
    await proxy.set('open');
    const database = connectDatabase(viaProxy, { max: 2, connectTimeoutMs: 1000, queryTimeoutMs: 1000, poolTimeoutMs: 1000 });
    try {
      await Promise.all([database.db.execute(sql`SELECT 1`), database.db.execute(sql`SELECT 1`)]);
      await proxy.set('blackhole');
      const outcomes = await answered(
        '100 statements',
        Promise.all(
          Array.from({ length: 100 }, () =>
            database.db.execute(sql`SELECT ${1}::int`).then(
              () => 'answered',
              (err: unknown) => unavailableDependency(err) ?? String(err),
            ),
          ),
        ),
      );
      expect(new Set(outcomes)).toEqual(new Set(['Postgres']));
    } finally {
      await proxy.set('open');
      await database.close();
    }
  });

  describe('through the API', () => {
    let svc: TestService;
    let auth: Record<string, string>;

    beforeAll(async () => {
      await proxy.set('open');
      svc = await startTestService({ DATABASE_URL: viaProxy, ...DEADLINES });
      ({ auth } = await createTestAccount(svc.rt, 'business', 100_000));
    });
    afterAll(async () => {
      await proxy.set('open');
      await svc?.close();
    });

    it('100 parallel requests on a pool of 2 each answer 503 service_unavailable with Retry-After, and service resumes', async () => {
      const lookup = () => Promise.resolve(svc.app.request('/v1/jobs/job_pool_wait_deadline', { headers: auth }));
      // Warm: the key is known, the pool's connections are open (and go silent with the cut).
      await until('the service to answer', async () => (await lookup()).status === 404);
      await proxy.set('blackhole');
      try {
        const answers = await answered('100 requests', Promise.all(Array.from({ length: 100 }, lookup)));
        const statuses = answers.map((res) => res.status);
        expect(statuses.filter((s) => s !== 503)).toEqual([]);
        for (const res of answers) {
          expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
        }
      } finally {
        await proxy.set('open');
      }
      await until('the service to resume', async () => (await lookup()).status === 404);
    });
  });
});
