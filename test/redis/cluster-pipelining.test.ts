import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

/**
 * Requests of several accounts in the same tick, on a Redis Cluster: each spends its account's rate-limit
 * bucket with the limiter's script, whose buckets sit on different masters. With ioredis's auto-pipelining
 * they were grouped by the script's key count instead of its key, and every request of the tick answered
 * 500 once the script was cached (found by test/e2e/whole-installation.test.ts).
 */
describe('a web on a Redis Cluster, many accounts at once', () => {
  let cluster: RedisCluster;
  let svc: TestService;
  beforeAll(async () => {
    cluster = await startRedisCluster();
    svc = await startTestService({ REDIS_URL: `redis://${cluster.nodes.split(',')[0]}`, REDIS_CLUSTER_NODES: cluster.nodes });
  });
  afterAll(async () => {
    await svc?.close();
    await cluster?.stop();
  });

  it('answers every request of every round', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTestAccount(svc.rt)));
    for (let round = 1; round <= 3; round++) {
      const answers = await Promise.all(accounts.flatMap((a) => [1, 2].map(() => svc.app.request('/v1/usage', { headers: a.auth }))));
      expect(
        answers.map((r) => r.status),
        `round ${round}`,
      ).toEqual(answers.map(() => 200));
    }
  });
});
