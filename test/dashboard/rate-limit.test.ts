import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

/** Issue 24 (item 12, dashboard part): the account's API rate limit applies to its dashboard actions. */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const LIMIT = 5;

async function limitedClient() {
  const signed = await signedInClient(svc.app, svc.rt);
  // Set after sign-in, so signing in (a public page, not counted) is not what is being measured.
  await svc.rt.database.sql`UPDATE accounts SET rate_limit_override = ${LIMIT} WHERE id = ${signed.user.accountId}`;
  await signed.client.get('/dashboard/keys');
  return signed;
}
const keyCount = async (accountId: string) =>
  (await svc.rt.database.sql`SELECT count(*)::int AS n FROM api_keys WHERE account_id = ${accountId}`)[0]!.n as number;

describe('dashboard actions under the account rate limit', () => {
  it(`of 20 parallel key creations with a limit of ${LIMIT} a minute, ${LIMIT} are done and the rest answer 429`, async () => {
    const { client, user } = await limitedClient();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post('/dashboard/keys', { label: `burst ${i}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMIT);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(await refused.text()).toContain(`limit of ${LIMIT} requests a minute`);
    expect(await keyCount(user.accountId)).toBe(LIMIT);
    // Reading pages is not limited.
    expect((await client.get('/dashboard/keys')).status).toBe(200);
  });

  it('shares the allowance with the account’s API keys', async () => {
    const { client, user } = await limitedClient();
    const key = await createApiKey(svc.rt.db, { accountId: user.accountId, label: 'api' });
    for (let i = 0; i < LIMIT; i++) {
      expect((await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key.key}` } })).status).toBe(200);
    }
    expect((await client.post('/dashboard/keys', { label: 'one more' })).status).toBe(429);
    expect(await keyCount(user.accountId)).toBe(1);
    // A key flooding the API can still be revoked: taking access away is never held back.
    const revoked = await client.post(`/dashboard/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(303);
    expect((await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key.key}` } })).status).toBe(401);
  });

  it('another account’s allowance is its own', async () => {
    const busy = await limitedClient();
    await Promise.all(Array.from({ length: LIMIT + 1 }, (_, i) => busy.client.post('/dashboard/keys', { label: `k${i}` })));
    const calm = await limitedClient();
    expect((await calm.client.post('/dashboard/keys', { label: 'mine' })).status).toBe(200);
  });
});
