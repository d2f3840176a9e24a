import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { billUsage } from '../../src/billing/bill-usage';
import { currentBillingPeriod } from '../../src/billing/period';
import { createAccount } from '../../src/db/queries/accounts';
import { plans, USAGE_METRICS, type UsageMetric } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { signedInClient } from '../support/dashboard';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let workers: WorkerSet;
beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['text'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

interface MetricLimit {
  limit: number | null;
  used: number;
  remaining: number | null;
}
interface Report {
  plan: { id: string; name: string };
  usage: Record<UsageMetric, number>;
  limits: Record<UsageMetric, MetricLimit>;
  rate_limit: { limit: number; remaining: number; reset_seconds: number; window_seconds: number };
  storage: { used_bytes: number; limit_bytes: number; remaining_bytes: number; allowed_bytes: number; file_bytes: number; site_bytes: number };
  breakdown?: unknown[];
}

async function usage(auth: Record<string, string>, query = ''): Promise<{ report: Report; headers: Headers }> {
  const res = await svc.app.request(`/v1/usage${query}`, { headers: auth });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET /v1/usage answered ${res.status}: ${JSON.stringify(body)}`);
  return { report: body as Report, headers: res.headers };
}

async function generate(auth: Record<string, string>, prompt: string): Promise<number> {
  const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt, max_tokens: 40 }, auth));
  const body = (await res.json()) as { tokens_used: number };
  if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${JSON.stringify(body)}`);
  expect(body.tokens_used).toBeGreaterThan(0);
  return body.tokens_used;
}

async function planRow(id: string) {
  const [row] = await svc.rt.db.select().from(plans).where(eq(plans.id, id));
  return row!;
}

/** The plan's quota of each metric read straight from its `quota_<metric>` column: a metric added later is read too. */
async function quotasOf(id: string): Promise<Record<UsageMetric, number | null>> {
  const [row] = (await svc.rt.db.execute(sql`SELECT * FROM plans WHERE id = ${id}`)) as unknown as Record<string, string | null>[];
  return Object.fromEntries(USAGE_METRICS.map((m) => [m, row![`quota_${m}`] === null ? null : Number(row![`quota_${m}`])])) as Record<
    UsageMetric,
    number | null
  >;
}

describe('GET /v1/usage shows the plan, its limits and the rate limit', () => {
  it('a free and a paid account each see their own plan’s quotas, storage allowance and rate limit', async () => {
    for (const planId of ['free', 'pro'] as const) {
      const account = await createTestAccount(svc.rt, planId);
      const row = await planRow(planId);
      const { report, headers } = await usage(account.auth);
      expect(report.plan).toEqual({ id: planId, name: planId === 'free' ? 'Free' : 'Pro' });
      // Every metered metric, and only those: the view is derived from the metrics and the plan's quotas.
      expect(Object.keys(report.limits).sort()).toEqual([...USAGE_METRICS].sort());
      const quotas = await quotasOf(planId);
      for (const m of USAGE_METRICS) expect(report.limits[m]).toEqual({ limit: quotas[m], used: 0, remaining: quotas[m] });
      expect(report.storage).toMatchObject({
        used_bytes: 0,
        limit_bytes: row.storageBytes,
        remaining_bytes: row.storageBytes,
        allowed_bytes: row.storageBytes,
      });
      expect(report.rate_limit.limit).toBe(row.rateLimitPerMinute);
      expect(report.rate_limit.window_seconds).toBe(60);
      expect(String(report.rate_limit.limit)).toBe(headers.get('RateLimit-Limit'));
      expect(String(report.rate_limit.remaining)).toBe(headers.get('RateLimit-Remaining'));
      expect(String(report.rate_limit.reset_seconds)).toBe(headers.get('RateLimit-Reset'));
    }
    // The paid plan's quotas really are another plan's: the test compares two different tables' rows.
    expect((await planRow('pro')).quotaTextTokens).not.toBe((await planRow('free')).quotaTextTokens);
  });

  it('remaining falls by what metered work billed, only for that account, and never goes below 0', async () => {
    const account = await createTestAccount(svc.rt, 'free');
    const bystander = await createTestAccount(svc.rt, 'free');
    const quota = (await planRow('free')).quotaTextTokens!;
    const before = (await usage(account.auth)).report.limits.text_tokens;
    expect(before).toEqual({ limit: quota, used: 0, remaining: quota });

    const spent = (await generate(account.auth, 'the tides of the north sea')) + (await generate(account.auth, 'owls at night'));
    const { report } = await usage(account.auth);
    expect(report.limits.text_tokens).toEqual({ limit: quota, used: spent, remaining: quota - spent });
    expect(report.usage.text_tokens).toBe(spent);
    expect((await usage(bystander.auth)).report.limits.text_tokens).toEqual({ limit: quota, used: 0, remaining: quota });

    // A final bill may pass its estimate, and so the quota: what is left shows 0, not a negative number.
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, {
        accountId: account.accountId,
        keyId: account.keyId,
        product: 'text',
        metric: 'text_tokens',
        quantity: quota,
        sourceId: newId('gen'),
        periodKey: currentBillingPeriod().key,
      }),
    );
    svc.rt.usage.forget(account.accountId);
    const over = (await usage(account.auth)).report.limits.text_tokens;
    expect(over).toEqual({ limit: quota, used: spent + quota, remaining: 0 });
    // The breakdown carries the same limits.
    expect((await usage(account.auth, '?group_by=product')).report.limits.text_tokens).toEqual(over);
    expect((await usage(bystander.auth)).report.limits.text_tokens.used).toBe(0);
  });

  it('a metric the plan does not limit shows limit and remaining null, and its work is admitted and counted', async () => {
    await svc.rt.db
      .insert(plans)
      .values({
        id: 'test-unmetered-text',
        name: 'Unmetered text',
        rateLimitPerMinute: 120,
        quotaTextTokens: null,
        quotaImagesGenerated: 5,
        quotaAudioSeconds: 0,
        quotaFileChats: 0,
        features: ['usage', 'text'],
      })
      .onConflictDoNothing();
    const account = await createAccount(svc.rt.db, { name: 'unmetered', planId: 'test-unmetered-text' as 'free' });
    const key = await createApiKey(svc.rt.db, { accountId: account.id, label: 't' });
    const auth = { Authorization: `Bearer ${key.key}` };

    const fresh = (await usage(auth)).report;
    expect(fresh.plan).toEqual({ id: 'test-unmetered-text', name: 'Unmetered text' });
    expect(fresh.limits.text_tokens).toEqual({ limit: null, used: 0, remaining: null });
    expect(fresh.limits.images_generated).toEqual({ limit: 5, used: 0, remaining: 5 });

    const spent = await generate(auth, 'bread and salt');
    const after = (await usage(auth)).report;
    expect(after.limits.text_tokens).toEqual({ limit: null, used: spent, remaining: null });
    expect(after.usage.text_tokens).toBe(spent);
  });

  it('shows a key’s own lower rate limit, as its RateLimit-Limit header does', async () => {
    const account = await createTestAccount(svc.rt, 'pro');
    const slow = await createApiKey(svc.rt.db, { accountId: account.accountId, label: 'slow', rateLimitPerMinute: 7 });
    const { report, headers } = await usage({ Authorization: `Bearer ${slow.key}` });
    expect(report.rate_limit.limit).toBe(7);
    expect(headers.get('RateLimit-Limit')).toBe('7');
    expect(String(report.rate_limit.remaining)).toBe(headers.get('RateLimit-Remaining'));
    // The account's other key keeps the plan's.
    const { report: other, headers: otherHeaders } = await usage(account.auth);
    expect(other.rate_limit.limit).toBe((await planRow('pro')).rateLimitPerMinute);
    expect(otherHeaders.get('RateLimit-Limit')).toBe(String(other.rate_limit.limit));
  });

  it('documents the new fields in /openapi.json, one limits entry per metered metric', async () => {
    const doc = (await (await svc.app.request('/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const text = JSON.stringify(doc.paths['/v1/usage']!.get.responses['200']!.content['application/json']!.schema);
    const schema = JSON.parse(text) as { anyOf?: { properties: Record<string, { properties?: Record<string, unknown> }> }[] };
    const plain = schema.anyOf?.[0] ?? (schema as unknown as { properties: Record<string, { properties?: Record<string, unknown> }> });
    for (const field of ['plan', 'usage', 'limits', 'rate_limit', 'storage', 'hosting']) expect(plain.properties).toHaveProperty(field);
    expect(Object.keys(plain.properties.limits!.properties!).sort()).toEqual([...USAGE_METRICS].sort());
    expect(Object.keys(plain.properties.storage!.properties!)).toEqual(expect.arrayContaining(['limit_bytes', 'remaining_bytes', 'allowed_bytes']));
  });
});

describe('the dashboard overview reads the same view', () => {
  it('shows the plan’s name and each metric’s remaining as GET /v1/usage gives them, and a day’s bar one day wide', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt, { plan: 'free' });
    const key = await createApiKey(svc.rt.db, { accountId: user.accountId, label: 'api' });
    const spent = await generate({ Authorization: `Bearer ${key.key}` }, 'a lighthouse keeper');
    const { report } = await usage({ Authorization: `Bearer ${key.key}` });
    const fmt = new Intl.NumberFormat('en');

    expect((await client.get('/dashboard')).status).toBe(200);
    const html = client.lastHtml;
    expect(html).toContain(`${report.plan.name} plan`);
    const meter = /data-metric="text_tokens"(.*?)<\/li>/s.exec(html)?.[1] ?? '';
    expect(meter).toContain(`${fmt.format(spent)} tokens of ${fmt.format(report.limits.text_tokens.limit!)} tokens`);
    expect(meter).toContain(`${fmt.format(report.limits.text_tokens.remaining!)} tokens left`);
    const storage = /data-metric="storage"(.*?)<\/li>/s.exec(html)?.[1] ?? '';
    expect(storage).toContain('left)');

    // Today's bar is a day of the month wide, whatever day of the month today is.
    const chart = /data-chart="text_tokens">(.*?)<\/figure>/s.exec(html)?.[1] ?? '';
    const bar = /<rect class="usage-chart__bar"[^>]*width="([\d.]+)"/.exec(chart);
    expect(bar).not.toBeNull();
    const days = Math.round((currentBillingPeriod().end.getTime() - currentBillingPeriod().start.getTime()) / 86_400_000);
    expect(Number(bar![1])).toBeLessThanOrEqual(480 / days);
  });
});
