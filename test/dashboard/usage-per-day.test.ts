import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { billingPeriodOf, currentBillingPeriod } from '../../src/billing/period';
import { usageAgainstQuota } from '../../src/billing/quota';
import { UsageCache } from '../../src/billing/usage-cache';
import { connectDatabase, type Database } from '../../src/db/client';
import { createAccount } from '../../src/db/queries/accounts';
import { usagePerDay } from '../../src/db/queries/usage';
import { billUsage } from '../../src/billing/bill-usage';
import { type UsageMetric, usageLedger } from '../../src/db/schema';
import { newId } from '../../src/ids';

let database: Database;

beforeAll(() => {
  database = connectDatabase(inject('databaseUrl'), { max: 2 });
});
afterAll(() => database.close());

async function newAccount(planId: 'free' | 'business' = 'business') {
  return (await createAccount(database.db, { name: 'usage per day', planId })).id;
}

/** A ledger row as a worker would have written it, at a chosen instant. */
async function ledger(accountId: string, metric: UsageMetric, quantity: number, periodStart: string, createdAt: string) {
  await database.db.insert(usageLedger).values({ accountId, metric, quantity, sourceId: newId('gen'), periodStart, createdAt: new Date(createdAt) });
}

describe('usagePerDay', () => {
  it("totals each metric per UTC day of the period up to today, zeros included, and only this account's rows of this period", async () => {
    const accountId = await newAccount();
    const other = await newAccount();
    await ledger(accountId, 'text_tokens', 100, '2026-11-01', '2026-11-01T00:00:00.000Z');
    await ledger(accountId, 'text_tokens', 50, '2026-11-01', '2026-11-01T23:59:59.999Z');
    await ledger(accountId, 'text_tokens', 7, '2026-11-01', '2026-11-14T12:00:00.000Z');
    await ledger(accountId, 'audio_seconds', 30, '2026-11-01', '2026-11-14T23:30:00.000Z');
    await ledger(accountId, 'audio_seconds', 12, '2026-11-01', '2026-11-26T09:00:00.000Z');
    await ledger(accountId, 'images_generated', 9, '2026-10-01', '2026-10-31T12:00:00.000Z');
    await ledger(other, 'text_tokens', 1000, '2026-11-01', '2026-11-02T12:00:00.000Z');

    const { days, series } = await usagePerDay(database.db, accountId, billingPeriodOf(new Date('2026-11-26T10:00:00Z')), new Date('2026-11-26T10:00:00Z'));

    expect(days).toHaveLength(26);
    expect(days[0]).toBe('2026-11-01');
    expect(days.at(-1)).toBe('2026-11-26');
    const expected = (entries: Record<number, number>) => days.map((_, i) => entries[i + 1] ?? 0);
    expect(series).toEqual({
      text_tokens: expected({ 1: 150, 14: 7 }),
      audio_seconds: expected({ 14: 30, 26: 12 }),
      images_generated: expected({}),
      file_chats: expected({}),
      plagiarism_checks: expected({}),
    });
  });

  it('shows every day of a period that is over, and counts a row stamped just past its end on its last day', async () => {
    const accountId = await newAccount();
    await ledger(accountId, 'file_chats', 2, '2026-11-01', '2026-11-30T23:59:59.999Z');
    // Billed by a worker whose clock was still in November, stamped by Postgres a moment into December.
    await ledger(accountId, 'file_chats', 1, '2026-11-01', '2026-12-01T00:00:00.002Z');

    const { days, series } = await usagePerDay(database.db, accountId, billingPeriodOf(new Date('2026-11-10T00:00:00Z')), new Date('2027-01-05T00:00:00Z'));

    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-11-30');
    expect(series.file_chats.at(-1)).toBe(3);
    expect(series.file_chats.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('reads days in UTC whatever the session time zone', async () => {
    const accountId = await newAccount();
    await ledger(accountId, 'text_tokens', 5, '2026-11-01', '2026-11-03T23:30:00.000Z');
    const period = billingPeriodOf(new Date('2026-11-10T00:00:00Z'));
    const now = new Date('2026-11-05T00:00:00Z');
    const { series } = await database.db.transaction(async (tx) => {
      await tx.execute("SET LOCAL TIME ZONE 'Asia/Tokyo'");
      return usagePerDay(tx, accountId, period, now);
    });
    expect(series.text_tokens).toEqual([0, 0, 5, 0, 0]);
  });

  it('has no days for a period that has not started yet', async () => {
    const accountId = await newAccount();
    const result = await usagePerDay(database.db, accountId, billingPeriodOf(new Date('2027-02-10T00:00:00Z')), new Date('2027-01-31T23:00:00Z'));
    expect(result).toEqual({ days: [], series: { text_tokens: [], images_generated: [], audio_seconds: [], file_chats: [], plagiarism_checks: [] } });
  });
});

describe('usageAgainstQuota', () => {
  it("gives the period's totals, as GET /v1/usage reads them, beside the plan's quotas; and they match the days' sum", async () => {
    const accountId = await newAccount('free');
    const period = currentBillingPeriod();
    await database.db.transaction(async (tx) => {
      await billUsage(tx, { accountId, keyId: null, product: null, metric: 'images_generated', quantity: 3, sourceId: newId('gen'), periodKey: period.key });
      await billUsage(tx, { accountId, keyId: null, product: null, metric: 'text_tokens', quantity: 1234, sourceId: newId('gen'), periodKey: period.key });
    });
    const cache = new UsageCache(database.db, 'unused');

    const summary = await usageAgainstQuota(cache, database.db, accountId, period);

    const plan = (await database.sql`SELECT * FROM plans WHERE id = 'free'`)[0]!;
    expect(summary).toEqual({
      text_tokens: { used: 1234, quota: Number(plan.quota_text_tokens) },
      images_generated: { used: 3, quota: Number(plan.quota_images_generated) },
      audio_seconds: { used: 0, quota: Number(plan.quota_audio_seconds) },
      file_chats: { used: 0, quota: Number(plan.quota_file_chats) },
      plagiarism_checks: { used: 0, quota: Number(plan.quota_plagiarism_checks) },
    });
    const { series } = await usagePerDay(database.db, accountId, period);
    for (const [metric, values] of Object.entries(series)) expect(values.reduce((a, b) => a + b, 0)).toBe(summary![metric as UsageMetric].used);

    expect(await usageAgainstQuota(cache, database.db, 'acct_missing', period)).toBeNull();
  });
});
