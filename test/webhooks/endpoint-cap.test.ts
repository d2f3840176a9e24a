import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ WEBHOOK_MAX_ENDPOINTS: '3' });
});
afterAll(async () => {
  await svc.close();
});

const create = (auth: Record<string, string>, n: number) =>
  svc.app.request('/v1/webhooks', jsonRequest({ url: `https://hooks.example.com/kiln/${n}`, description: `hook ${n}` }, auth));

describe('webhook endpoints per account', () => {
  it('parallel creations stop at WEBHOOK_MAX_ENDPOINTS; the rest are 422 limit_reached naming the limit; another account is unaffected', async () => {
    const flooder = await createTestAccount(svc.rt, 'business');
    const other = await createTestAccount(svc.rt, 'business');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(flooder.auth, i)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, ...Array<number>(7).fill(422)]);
    const refused = await answers.find((r) => r.status === 422)!.json();
    expect(refused.error).toMatchObject({
      code: 'limit_reached',
      message: 'An account may have at most 3 webhook endpoints; delete one before adding another.',
    });
    const listed = await (await svc.app.request('/v1/webhooks', { headers: flooder.auth })).json();
    expect(listed.data).toHaveLength(3);

    expect((await create(other.auth, 0)).status).toBe(201);

    // Deleting one makes room for exactly one more.
    const del = await svc.app.request(`/v1/webhooks/${listed.data[0].id}`, { method: 'DELETE', headers: flooder.auth });
    expect(del.status).toBe(204);
    expect((await create(flooder.auth, 10)).status).toBe(201);
    expect((await create(flooder.auth, 11)).status).toBe(422);
  });
});
