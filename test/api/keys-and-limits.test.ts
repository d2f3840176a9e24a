import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../src/billing/period';
import { insertJob } from '../../src/db/queries/jobs';
import { recordUsage } from '../../src/db/queries/usage';
import { cli } from '../support/cli';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

// Two API instances on one Redis and one Postgres, as two web processes would be.
const env = testEnv();
let a: TestService;
let b: TestService;

beforeAll(async () => {
  a = await startTestService({}, testConfig(env));
  b = await startTestService({}, testConfig(env));
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('operator CLI and keys', () => {
  it('creates an account and a key with --json, and the key works on both instances', async () => {
    const acct = await cli(['accounts', 'create', '--name', 'Acme', '--plan', 'pro', '--json'], env);
    expect(acct.code).toBe(0);
    const account = JSON.parse(acct.stdout);
    expect(Object.keys(account).sort()).toEqual(['id', 'plan']);
    expect(account.id).toMatch(/^acct_[a-z0-9]{20}$/);
    expect(account.plan).toBe('pro');

    const created = await cli(['keys', 'create', '--account', account.id, '--label', 'ci', '--json'], env);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(Object.keys(key).sort()).toEqual(['id', 'key', 'label']);
    expect(key.key).toMatch(/^kiln_[A-Za-z0-9]{32,}$/);
    expect(key.label).toBe('ci');

    const headers = { Authorization: `Bearer ${key.key}` };
    expect((await a.app.request('/v1/usage', { headers })).status).toBe(200);
    expect((await b.app.request('/v1/usage', { headers })).status).toBe(200);

    const listed = await cli(['keys', 'list', '--account', account.id, '--json'], env);
    const list = JSON.parse(listed.stdout);
    expect(list.keys).toHaveLength(1);
    expect(list.keys[0].prefix).toBe(key.key.slice(0, 11));
    expect(listed.stdout).not.toContain(key.key);

    // Both instances have the key cached now; revocation must still apply at once on each.
    const revoked = await cli(['keys', 'revoke', key.id, '--json'], env);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: key.id, revoked: true });
    // The CLI has exited after publishing; each instance drops the key as the message arrives.
    for (const instance of [a, b]) {
      await until('the revoked key to be refused', async () => (await instance.app.request('/v1/usage', { headers })).status === 401);
    }
  });

  it('stores only a SHA-256 hash of the key', async () => {
    const { key, keyId } = await createTestAccount(a.rt);
    const rows = await a.rt.database.sql`SELECT * FROM api_keys WHERE id = ${keyId}`;
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad CLI input with exit code 2 and a message; an unknown key is exit 1', async () => {
    const bad = await cli(['accounts', 'create', '--name', 'x', '--plan', 'gold', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toEqual({ error: { code: 'invalid_usage', message: '--plan must be one of free, pro, business' } });
    expect(bad.stderr).toContain('--plan must be one of free, pro, business');
    expect((await cli(['keys', 'revoke', 'key_doesnotexist'], env)).code).toBe(1);
  });
});

describe('rate limit shared by all API processes', () => {
  it('counts requests on both instances against one limit, then 429 with Retry-After', async () => {
    const acct = JSON.parse((await cli(['accounts', 'create', '--name', 'limited', '--plan', 'free', '--rate-limit', '6', '--json'], env)).stdout);
    const key = JSON.parse((await cli(['keys', 'create', '--account', acct.id, '--label', 'x', '--json'], env)).stdout);
    const headers = { Authorization: `Bearer ${key.key}` };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await (i % 2 ? a : b).app.request('/v1/usage', { headers });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(last!.headers.get('ratelimit-limit')).toBe('6');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    const refused = await a.app.request('/v1/usage', { headers });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(retryAfter);
    expect((await b.app.request('/v1/usage', { headers })).status).toBe(429);
  });
});

describe('quota', () => {
  it('refuses with 429 quota_exceeded once the period allowance is used, Retry-After to the period end', async () => {
    const { accountId, auth } = await createTestAccount(a.rt, 'free');
    const period = billingPeriodOf(new Date());
    await a.rt.db.transaction((tx) =>
      recordUsage(tx, { accountId, metric: 'images_generated', quantity: 24, sourceId: `seed_${accountId}`, periodKey: period.key }),
    );
    const before = Date.now();
    const res = await a.app.request('/v1/image/generate', jsonRequest({ prompt: 'a tree', count: 2 }, auth));
    const after = Date.now();
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.error.code).toBe('quota_exceeded');
    expect(body.error.message).toContain('1 of 25');
    const retryAfter = Number(res.headers.get('retry-after'));
    // The seconds to the period's end as seen at some moment during the request (rounded either way).
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((period.end.getTime() - after) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((period.end.getTime() - before) / 1000));
    const usage = await (await a.app.request('/v1/usage', { headers: auth })).json();
    expect(usage.usage.images_generated).toBe(24);
  });
});

describe('account scoping', () => {
  it("another account's job is not found", async () => {
    const owner = await createTestAccount(a.rt);
    const other = await createTestAccount(a.rt);
    await insertJob(a.rt.db, { id: 'img_scopingtest000000001', accountId: owner.accountId, kind: 'image.generate', input: {} });
    expect((await a.app.request('/v1/jobs/img_scopingtest000000001', { headers: owner.auth })).status).toBe(202);
    const res = await a.app.request('/v1/jobs/img_scopingtest000000001', { headers: other.auth });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});
