import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../src/db/client';
import { databaseUrlNamed, dropDatabase } from '../../src/db/migrate';
import { release } from '../../src/roles/release';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer-server';
import { QUOTA_THRESHOLDS } from '../../src/billing/bill-usage';
import { billingPeriodOf } from '../../src/billing/period';
import { createAccount } from '../../src/db/queries/accounts';
import { settleRequestRow } from '../../src/db/queries/settle-request';
import { reserveUsage } from '../../src/db/queries/usage';
import { newId } from '../../src/ids';
import { testConfig } from '../support/runtime';

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  return { log: pino({ level: 'debug', formatters: { level: (label) => ({ level: label }) } }, sink), lines };
}

// Kiln behind PgBouncer in transaction pooling mode, what several machines share one Postgres through.
// Two server connections for many clients: every transaction may land on another one.
describe('behind PgBouncer (pool_mode=transaction)', () => {
  let bouncer: PgBouncer;
  const direct = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  const table = `pgb_counter_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    bouncer = await startPgBouncer(inject('databaseUrl'), { poolSize: 2 });
    await direct.unsafe(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
    await direct.unsafe(`INSERT INTO ${table} VALUES (1, 0)`);
  });
  afterAll(async () => {
    await direct.unsafe(`DROP TABLE IF EXISTS ${table}`);
    await direct.end();
    await bouncer?.stop();
  });

  it('with the default settings, every transaction the driver reports committed is committed', async () => {
    // Four processes' pools (as four Kiln machines would have), each running transactions in parallel.
    const databases = [0, 1, 2, 3].map(() => connectDatabase(bouncer.url, { max: 4 }));
    let reported = 0;
    const failures: string[] = [];
    try {
      await Promise.all(
        databases.flatMap(({ sql }) =>
          Array.from({ length: 4 }, async () => {
            for (let i = 0; i < 25; i++) {
              try {
                await sql.begin(async (tx) => {
                  const [row] = await tx.unsafe(`UPDATE ${table} SET n = n + 1 WHERE id = $1 RETURNING n`, [1]);
                  expect(row).toBeDefined();
                });
                reported++;
              } catch (err) {
                failures.push((err as Error).message);
              }
            }
          }),
        ),
      );
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
    const [row] = await direct.unsafe(`SELECT n FROM ${table} WHERE id = 1`);
    const n = row!.n as number;
    expect(failures.slice(0, 3)).toEqual([]);
    expect(n).toBe(reported);
    expect(reported).toBe(400);
  });

  it('holds and settles of requests answered in place, from four pools at once, each land exactly once', async () => {
    // The two database functions of a chat completion answered in place (src/api/answer-in-place.ts).
    const setup = connectDatabase(inject('databaseUrl'), { max: 1 });
    const account = await createAccount(setup.db, { name: 'pgbouncer in place', planId: 'business' });
    await setup.close();
    const period = billingPeriodOf(new Date());
    const databases = [0, 1, 2, 3].map(() => connectDatabase(bouncer.url, { max: 4 }));
    const failures: string[] = [];
    try {
      await Promise.all(
        databases.flatMap(({ db }) =>
          Array.from({ length: 4 }, async () => {
            for (let i = 0; i < 10; i++) {
              const id = newId('cmpl');
              try {
                expect(
                  await reserveUsage(db, { accountId: account.id, metric: 'text_tokens', quantity: 100, quota: null, sourceId: id, periodKey: period.key }),
                ).toBeNull();
                const now = new Date();
                const row = {
                  id,
                  accountId: account.id,
                  keyId: null,
                  kind: 'text.chat',
                  status: 'succeeded' as const,
                  input: {},
                  result: { id },
                  error: null,
                  attempts: 1,
                  createdAt: now,
                  updatedAt: now,
                  completedAt: now,
                };
                const settled = await settleRequestRow(db, {
                  row,
                  product: 'text',
                  lines: [{ metric: 'text_tokens', quantity: 7 }],
                  period,
                  event: { type: 'job.completed', data: {} },
                  thresholds: QUOTA_THRESHOLDS,
                  quotas: { text_tokens: null },
                });
                expect(settled).toMatchObject({ stored: true, billed: true });
              } catch (err) {
                failures.push((err as Error).message);
              }
            }
          }),
        ),
      );
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
    expect(failures.slice(0, 3)).toEqual([]);
    const [jobsRow] = await direct.unsafe('SELECT count(*)::int AS n FROM jobs WHERE account_id = $1', [account.id]);
    const [ledger] = await direct.unsafe('SELECT count(*)::int AS n, sum(quantity)::int AS q FROM usage_ledger WHERE account_id = $1', [account.id]);
    const [totals] = await direct.unsafe('SELECT total::int, reserved::int FROM usage_totals WHERE account_id = $1', [account.id]);
    expect(jobsRow!.n).toBe(160);
    expect(ledger).toMatchObject({ n: 160, q: 160 * 7 });
    expect(totals).toMatchObject({ total: 160 * 7, reserved: 0 });
  });

  it('four release runs at once on a fresh database all finish, and so does the next one; plans are seeded once', async () => {
    const name = `kiln_test_pgb_${randomBytes(4).toString('hex')}`;
    const viaBouncer = databaseUrlNamed(bouncer.url, name);
    const { log } = capturedLogger();
    try {
      const config = testConfig({ DATABASE_URL: viaBouncer });
      await Promise.all([0, 1, 2, 3].map(() => release(config, log)));
      await release(config, log);
      const db = postgres(databaseUrlNamed(inject('databaseUrl'), name), { max: 1, onnotice: () => {} });
      const plans = await db`SELECT id FROM plans ORDER BY rate_limit_per_minute`;
      const applied = await db`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
      const distinct = await db`SELECT count(DISTINCT hash)::int AS n FROM drizzle.__drizzle_migrations`;
      await db.end();
      expect(plans.map((p) => p.id)).toEqual(['free', 'pro', 'business']);
      expect(applied[0]!.n).toBe(distinct[0]!.n);
    } finally {
      await dropDatabase(databaseUrlNamed(inject('databaseUrl'), name));
    }
  });
});

it('the release role migrates over DATABASE_MIGRATION_URL when it is set, not DATABASE_URL', async () => {
  const name = `kiln_test_mig_${randomBytes(4).toString('hex')}`;
  const direct = databaseUrlNamed(inject('databaseUrl'), name);
  const { log } = capturedLogger();
  try {
    // Port 1 on loopback: nothing listens, so a release that used DATABASE_URL would fail to connect.
    const unreachable = new URL(direct);
    unreachable.port = '1';
    await release(testConfig({ DATABASE_URL: unreachable.toString(), DATABASE_MIGRATION_URL: direct }), log);
    const db = postgres(direct, { max: 1, onnotice: () => {} });
    const [row] = await db`SELECT count(*)::int AS n FROM plans`;
    await db.end();
    expect(row!.n).toBe(3);
  } finally {
    await dropDatabase(direct);
  }
});

it('prepared statements are off unless DATABASE_PREPARE=true', () => {
  expect(testConfig().DATABASE_PREPARE).toBe(false);
  expect(testConfig({ DATABASE_PREPARE: 'true' }).DATABASE_PREPARE).toBe(true);
  expect(testConfig().DATABASE_MIGRATION_URL).toBeUndefined();
});

it('a warning Postgres sends, which the driver used to swallow, is logged at warn level', async () => {
  const { log, lines } = capturedLogger();
  const database = connectDatabase(inject('databaseUrl'), { max: 1, log });
  try {
    // Releasing a session advisory lock this connection does not hold: the WARNING the pooled release runs met.
    await database.sql`SELECT pg_advisory_unlock(${4_727_999}::bigint)`;
  } finally {
    await database.close();
  }
  const warning = lines.find((l) => l.msg === 'database warning');
  expect(warning).toMatchObject({ level: 'warn', severity: 'WARNING' });
  expect(String(warning!.notice)).toMatch(/you don't own a lock/);
});
