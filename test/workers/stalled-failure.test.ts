import { Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deploymentLogLines } from '../../src/db/queries/deployments';
import { deployments } from '../../src/db/schema';
import { createRedis } from '../../src/redis';
import { startWorkers } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService } from '../support/runtime';
import { until } from '../support/until';

it('a build that stopped its workers more often than the queue allows ends failed, not building for good', async () => {
  const svc = await startTestService({ QUEUE_LOCK_DURATION_MS: '1500', QUEUE_STALLED_INTERVAL_MS: '500' });
  const connection = createRedis(svc.rt.config, 'worker');
  try {
    const { auth } = await createTestAccount(svc.rt);
    const created = await svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'oom-site', source_url: 'https://example.com/site.zip' }, auth));
    expect(created.status).toBe(201);
    const { id } = await created.json();

    // A worker takes the build and dies with it (its lock is never renewed) for the third time: BullMQ
    // has already handed it over twice (`stc`, its stalled counter, is the queue's maxStalledCount).
    // The build is queued just after the create's commit, off its path.
    await until('the build to be queued', async () => svc.rt.queues.get('deploy').getJob(id));
    const doomed = new Worker('deploy', null, { connection, prefix: svc.rt.config.REDIS_PREFIX, lockDuration: 1_500 });
    const job = await doomed.getNextJob('dead-worker');
    expect(job?.id).toBe(id);
    await svc.rt.db.update(deployments).set({ status: 'building', startedAt: new Date() }).where(eq(deployments.id, id));
    await svc.rt.redis.hset(`${svc.rt.config.REDIS_PREFIX}:deploy:${id}`, 'stc', '2');

    const workers = await startWorkers(svc.rt, { queues: ['deploy'] });
    try {
      const failed = await until(
        'the deployment to end',
        async () => {
          const [d] = await svc.rt.db.select().from(deployments).where(eq(deployments.id, id));
          return d!.status === 'building' ? null : d;
        },
        60_000,
        100,
      );
      expect(failed!.status).toBe('failed');
      expect(failed!.error).toMatch(/stopped the worker running it several times/);
      expect(await (await svc.rt.queues.get('deploy').getJob(id))!.getState()).toBe('failed');
      // Given up without another run.
      const log = (await deploymentLogLines(svc.rt.db, id)).map((l) => l.message);
      expect(log.some((m) => m.startsWith('Build started'))).toBe(false);
    } finally {
      await workers.close(5_000);
    }
  } finally {
    connection.disconnect();
    await svc.close();
  }
}, 90_000);
