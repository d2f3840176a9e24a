import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { type Spawned, spawnKiln } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testEnv, type TestService } from '../support/runtime';

const LIMIT = 8;

/**
 * A web and a worker process on a role allowed 8 connections, each with the default pool of 10: the
 * processes want more connections than the server gives, as happens when processes are added without
 * counting. Requests wait for a connection instead of failing, and a request whose job was accepted
 * never answers 5xx (a retry would run and bill it again: 5xx answers are not kept for Idempotency-Key).
 */
describe('near the connection limit', () => {
  let own: OwnDatabase;
  let admin: postgres.Sql;
  let svc: TestService;
  const role = `kiln_limit_${Math.random().toString(36).slice(2, 8)}`;
  const processes: Spawned[] = [];

  beforeAll(async () => {
    own = await createOwnDatabase('connlimit');
    admin = postgres(own.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT ${LIMIT}`);
    await admin.unsafe(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await admin.unsafe(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`);
    await admin.unsafe(`GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    // The test's own reads go as the superuser, outside the role's limit.
    svc = await startTestService({ DATABASE_URL: own.url });
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await svc?.close();
    await own?.drop();
    await admin?.unsafe(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    await admin?.end();
  });

  it('90 parallel text requests: none is refused for connections, and none whose job exists answers 5xx', async () => {
    const url = new URL(own.url);
    url.username = role;
    const env = testEnv({
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '10',
      PORT: '0',
      LOG_LEVEL: 'info',
      SYNC_TIMEOUT_MS: '10000',
      DATABASE_POOL_TIMEOUT_MS: '60000',
    });
    const web = spawnKiln('web', env);
    const worker = spawnKiln('worker', { ...env, WORKER_QUEUES: 'text' });
    processes.push(web, worker);
    const port = JSON.parse(await web.waitForLine(/"API listening"/)).port as number;
    await worker.waitForLine(/"workers started"/);

    const { accountId, auth } = await createTestAccount(svc.rt, 'business', 100_000);
    const answers = await Promise.all(
      Array.from({ length: 90 }, async (_, i) => {
        const res = await fetch(`http://127.0.0.1:${port}/v1/text/generate`, jsonRequest({ prompt: `connection limits ${i}`, max_tokens: 20 }, auth));
        return { status: res.status, body: await res.text() };
      }),
    );
    const statuses = answers.map((a) => a.status);
    const refused = answers.filter((a) => /too many connections|too_many_connections/i.test(a.body));
    expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);
    // Every request was let in (the pool waited for a connection), so each has its job row, and each
    // answered with its result or a 202 and the job link.
    const rows = await svc.rt.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.accountId, accountId));
    expect(rows).toHaveLength(90);
    expect(
      statuses.filter((s) => s !== 200 && s !== 202),
      JSON.stringify(answers.filter((a) => a.status >= 300).slice(0, 3)),
    ).toEqual([]);
  });
});
