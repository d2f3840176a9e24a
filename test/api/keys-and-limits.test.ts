import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../src/billing/period';
import { insertJob } from '../../src/db/queries/jobs';
import { billUsage } from '../../src/billing/bill-usage';
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
    expect(Object.keys(key).sort()).toEqual(['expires_at', 'id', 'key', 'label', 'rate_limit_per_minute', 'scopes']);
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
      billUsage(tx, {
        accountId,
        keyId: null,
        product: null,
        metric: 'images_generated',
        quantity: 24,
        sourceId: `seed_${accountId}`,
        periodKey: period.key,
      }),
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
    await insertJob(a.rt.db, { id: 'img_scopingtest000000001', accountId: owner.accountId, keyId: null, kind: 'image.generate', input: {} });
    expect((await a.app.request('/v1/jobs/img_scopingtest000000001', { headers: owner.auth })).status).toBe(202);
    const res = await a.app.request('/v1/jobs/img_scopingtest000000001', { headers: other.auth });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('accounts set-plan and accounts list', () => {
  it('a plan change applies on the next request on every instance, to features and RateLimit-Limit', async () => {
    // Cached first, so it outlives the changed account's entries should they expire instead of being evicted.
    const bystander = await createTestAccount(a.rt, 'free');
    const changed = await createTestAccount(a.rt, 'free');
    for (const instance of [a, b]) {
      expect((await instance.app.request('/v1/usage', { headers: bystander.auth })).status).toBe(200);
      const usage = await instance.app.request('/v1/usage', { headers: changed.auth });
      expect(usage.headers.get('ratelimit-limit')).toBe('60');
      expect((await instance.app.request('/v1/files', { headers: changed.auth })).status).toBe(403);
      expect(instance.rt.principals.peek(changed.key)?.planId).toBe('free');
    }

    const res = await cli(['accounts', 'set-plan', changed.accountId, '--plan', 'pro', '--json'], env);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ id: changed.accountId, plan: 'pro', previous_plan: 'free' });

    for (const instance of [a, b]) {
      // The CLI has exited after publishing; wait for the message to reach this instance.
      await until('the account to be evicted', async () => instance.rt.principals.peek(changed.key) === undefined);
      // Evicted, not expired: the other account's older entry is still there.
      expect(instance.rt.principals.peek(bystander.key)?.planId).toBe('free');
      const files = await instance.app.request('/v1/files', { headers: changed.auth });
      expect(files.status).toBe(200);
      expect(files.headers.get('ratelimit-limit')).toBe('600');
    }

    const audit = await a.rt.database.sql`
      SELECT actor, actor_user_id, action, target, detail FROM audit_events
      WHERE account_id = ${changed.accountId} AND action LIKE 'account.%'`;
    expect(audit.map((r) => ({ ...r }))).toEqual([
      { actor: 'operator', actor_user_id: null, action: 'account.plan_changed', target: changed.accountId, detail: { from: 'free', to: 'pro' } },
    ]);

    // And back down: the feature is refused again and the limit falls on the next request.
    expect(JSON.parse((await cli(['accounts', 'set-plan', changed.accountId, '--plan', 'free', '--json'], env)).stdout).previous_plan).toBe('pro');
    for (const instance of [a, b]) {
      await until('the account to be evicted again', async () => instance.rt.principals.peek(changed.key) === undefined);
      const files = await instance.app.request('/v1/files', { headers: changed.auth });
      expect(files.status).toBe(403);
      expect(files.headers.get('ratelimit-limit')).toBe('60');
    }
  });

  it('setting the plan an account already has writes no audit row', async () => {
    const { accountId } = await createTestAccount(a.rt, 'pro');
    const res = await cli(['accounts', 'set-plan', accountId, '--plan', 'pro', '--json'], env);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ id: accountId, plan: 'pro', previous_plan: 'pro' });
    // (The account's first key is an audit event of its own; no plan change is.)
    expect(await a.rt.database.sql`SELECT 1 FROM audit_events WHERE account_id = ${accountId} AND action = 'account.plan_changed'`).toHaveLength(0);
  });

  it('an unknown account is not_found (exit 1); a bad or missing plan or id is invalid_usage (exit 2)', async () => {
    const unknown = await cli(['accounts', 'set-plan', 'acct_doesnotexist', '--plan', 'pro', '--json'], env);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({ error: { code: 'not_found', message: 'no account acct_doesnotexist' } });
    const { accountId } = await createTestAccount(a.rt, 'free');
    const bad = await cli(['accounts', 'set-plan', accountId, '--plan', 'gold', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toEqual({ error: { code: 'invalid_usage', message: '--plan must be one of free, pro, business' } });
    expect((await cli(['accounts', 'set-plan', accountId, '--json'], env)).code).toBe(2);
    expect(JSON.parse((await cli(['accounts', 'set-plan', '--plan', 'pro', '--json'], env)).stdout).error).toEqual({
      code: 'invalid_usage',
      message: 'accounts set-plan needs an ACCOUNT_ID',
    });
    const [row] = await a.rt.database.sql`SELECT plan_id FROM accounts WHERE id = ${accountId}`;
    expect(row!.plan_id).toBe('free');
  });

  it('accounts list shows every account with its active keys', async () => {
    const acct = JSON.parse((await cli(['accounts', 'create', '--name', 'Listed Co', '--plan', 'pro', '--rate-limit', '90', '--json'], env)).stdout);
    const keys = [];
    for (const label of ['one', 'two', 'three'])
      keys.push(JSON.parse((await cli(['keys', 'create', '--account', acct.id, '--label', label, '--json'], env)).stdout));
    await cli(['keys', 'revoke', keys[0].id, '--json'], env);
    const { accountId: keyless } = await createTestAccount(a.rt, 'free');
    await a.rt.database.sql`DELETE FROM api_keys WHERE account_id = ${keyless}`;

    const res = await cli(['accounts', 'list', '--json'], env);
    expect(res.code).toBe(0);
    expect(res.stdout.trimEnd().split('\n')).toHaveLength(1);
    const { accounts } = JSON.parse(res.stdout);
    const listed = accounts.find((x: { id: string }) => x.id === acct.id);
    expect(listed).toEqual({
      id: acct.id,
      name: 'Listed Co',
      plan: 'pro',
      rate_limit_override: 90,
      is_demo: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      active_keys: 2,
    });
    expect(accounts.find((x: { id: string }) => x.id === keyless)).toMatchObject({ plan: 'free', rate_limit_override: null, active_keys: 0 });

    const human = await cli(['accounts', 'list'], env);
    expect(human.code).toBe(0);
    const line = human.stdout.split('\n').find((l) => l.startsWith(acct.id));
    expect(line).toBe(`${acct.id}  pro  90/min  2 active keys  created ${listed.created_at}  Listed Co`);
  });
});
