import { afterEach, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/db/queries/accounts';
import { startRedisServer } from '../support/redis-server';
import { createTestAccount, startTestService } from '../support/runtime';
import { until } from '../support/until';
import { freePort } from '../hosting/support/hosting-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

describe('a web that was disconnected from Redis', () => {
  it('refuses a key revoked while it was away as soon as it is back, not a cache TTL later', async () => {
    // A Redis of the test's own, to kill and start again: never the suite's shared one.
    const port = await freePort();
    let redis = await startRedisServer(port);
    cleanups.push(() => redis.kill());
    const svc = await startTestService({ REDIS_URL: redis.url });
    cleanups.push(() => svc.close());
    const { keyId, auth } = await createTestAccount(svc.rt);
    const usage = () => svc.app.request('/v1/usage', { headers: auth });
    expect((await usage()).status).toBe(200);

    await redis.kill();
    await until('the subscriber to notice', async () => svc.rt.subscriber.status !== 'ready');
    // Revoked by another process: its announcement is published to a Redis this web cannot hear.
    expect(await revokeApiKey(svc.rt.db, keyId)).not.toBeNull();

    redis = await startRedisServer(port);
    await until('the subscriber to reconnect', async () => svc.rt.subscriber.status === 'ready');
    expect((await usage()).status).toBe(401);
  });
});
