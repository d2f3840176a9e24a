import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unavailableDependency } from '../../src/errors/infra-errors';
import { connectDatabase } from '../../src/db/client';
import { findJob } from '../../src/db/queries/jobs';
import { type CuttableProxy, type ProxyMode, startCuttableProxy } from '../support/cuttable-proxy';
import { until } from '../support/until';
import { createTestAccount, jsonRequest, startTestService, testEnv, type TestService } from '../support/runtime';

/** Only catches a hang (a request waiting for the database to come back); it is no speed target. */
const HANG_MS = 15_000;

async function answered(what: string, res: Promise<Response>): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer while the database was away`)), HANG_MS);
  });
  try {
    return await Promise.race([res, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a database that goes away', () => {
  let proxy: CuttableProxy;
  let svc: TestService;
  let auth: Record<string, string>;
  let accountId: string;
  /** The same database, not through the proxy: what the test sees while the service cannot. */
  let direct: TestService;

  beforeAll(async () => {
    const postgresUrl = new URL(testEnv().DATABASE_URL!);
    proxy = await startCuttableProxy({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
    const viaProxy = new URL(postgresUrl);
    viaProxy.port = String(proxy.port);
    svc = await startTestService({ DATABASE_URL: viaProxy.toString(), DATABASE_QUERY_TIMEOUT_MS: '2000', DATABASE_POOL_TIMEOUT_MS: '2000' });
    ({ auth, accountId } = await createTestAccount(svc.rt));
    direct = await startTestService();
  });

  it('a request whose job was accepted answers 202 with the job link when the database goes away while it waits', async () => {
    await proxy.set('open');
    // No worker runs: the job stays queued and the request waits, checking its row every second.
    const pending = Promise.resolve(svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'accepted, then cut', size: '512x512', count: 1 }, auth)));
    const id = await until('the job row', async () => {
      const rows = await direct.rt.db.execute<{ id: string }>(sql`SELECT id FROM jobs WHERE account_id = ${accountId}`);
      return rows[0]?.id;
    });
    await proxy.set('refuse');
    try {
      const res = await answered('POST /v1/image/generate', pending);
      expect(res.status).toBe(202);
      expect(res.headers.get('Location')).toBe(`/v1/jobs/${id}`);
      expect(((await res.json()) as { id: string }).id).toBe(id);
    } finally {
      await proxy.set('open');
    }
    expect((await findJob(direct.rt.db, id))?.status).toBe('queued');
  });
  afterAll(async () => {
    await proxy.set('open');
    await direct?.close();
    await svc.close();
    await proxy.close();
  });

  for (const mode of ['refuse', 'blackhole'] as ProxyMode[]) {
    it(`${mode}: every request answers 503 with Retry-After while it is away, and service resumes when it is back`, async () => {
      // Warm: the pool holds open connections, which the cut leaves dead or silent.
      await until('the service to answer', async () => (await svc.app.request('/v1/usage', { headers: auth })).status === 200);
      await proxy.set(mode);
      try {
        // Several rounds: postgres.js's reconnect backoff grew with each failed attempt until requests hung.
        for (let round = 0; round < 8; round++) {
          const answers = await Promise.all([
            answered('GET /v1/usage', Promise.resolve(svc.app.request('/v1/usage', { headers: auth }))),
            answered(
              'POST /v1/image/generate',
              Promise.resolve(svc.app.request('/v1/image/generate', jsonRequest({ prompt: `outage ${round}`, size: '512x512', count: 1 }, auth))),
            ),
            answered('GET /readyz', Promise.resolve(svc.app.request('/readyz'))),
          ]);
          const [usage, ...rest] = answers;
          // What the API keeps in memory (the key, this month's usage) may still answer; the rest waits for nobody.
          if (usage!.status !== 200) rest.push(usage!);
          for (const res of rest) {
            expect(res.status).toBe(503);
            expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
            expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
          }
          expect((await svc.app.request('/healthz')).status).toBe(200);
        }
      } finally {
        await proxy.set('open');
      }
      await until('the service to resume', async () => (await svc.app.request('/v1/usage', { headers: auth })).status === 200);
      expect((await svc.app.request('/readyz')).status).toBe(200);
    });
  }

  it('a statement that outruns DATABASE_QUERY_TIMEOUT_MS is given up on and counts as the database being unavailable (503)', async () => {
    const database = connectDatabase(testEnv().DATABASE_URL!, { max: 1, queryTimeoutMs: 200 });
    try {
      const err = await database.db.execute(sql`SELECT pg_sleep(30)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(unavailableDependency(err)).toBe('Postgres');
      // The connection is still good for the next statement.
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
