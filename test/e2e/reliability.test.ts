import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob, insertJob } from '../../src/db/queries/jobs';
import { jobs, usageLedger, usageTotals } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { requeueStaleJobs } from '../../src/workers/processors/requeue-stale';
import { generateImages } from '../../src/workers/processors/image-generate';
import { startWorkers } from '../../src/workers/start-workers';
import { createOwnDatabase } from '../support/own-database';
import { spawnKiln } from '../support/processes';
import { until } from '../support/until';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';

const ledgerFor = (svc: TestService, id: string) => svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, id));

describe('a job run twice leaves one result and one ledger entry', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  it('running the processor again for a finished row changes nothing', async () => {
    const { accountId } = await createTestAccount(svc.rt);
    const id = newId('img');
    await insertJob(svc.rt.db, {
      id,
      accountId,
      keyId: null,
      kind: 'image.generate',
      input: { prompt: 'a tree', style: 'abstract', size: '512x512', count: 3 },
    });
    const ctx = { rt: svc.rt, job: {} as never, log: svc.rt.log };
    await generateImages(ctx, { id });
    const first = await findJob(svc.rt.db, id);
    await generateImages(ctx, { id });
    const second = await findJob(svc.rt.db, id);
    expect(first!.status).toBe('succeeded');
    expect(second!.result).toEqual(first!.result);
    expect(second!.attempts).toBe(1);
    const ledger = await ledgerFor(svc, id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.quantity).toBe(3);
  });

  it('the sweeper re-enqueues a row whose enqueue was lost, once, and a worker finishes it', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt);
    const id = newId('img');
    await insertJob(svc.rt.db, {
      id,
      accountId,
      keyId: null,
      kind: 'image.generate',
      input: { prompt: 'a lost job', style: 'illustration', size: '512x512', count: 1 },
    });
    await svc.rt.db.update(jobs).set({ createdAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, id));
    const ctx = { rt: svc.rt, job: {} as never, log: svc.rt.log };
    await requeueStaleJobs(ctx);
    await requeueStaleJobs(ctx);
    // The suite's files share one database, so other files' stale rows may be swept into this queue too.
    const waiting = await svc.rt.queues.get('image').getJobs(['wait', 'prioritized']);
    expect(waiting.filter((j) => j.id === id)).toHaveLength(1);
    const workers = await startWorkers(svc.rt, { queues: ['image'] });
    try {
      await until('the re-enqueued job to finish', async () => (await findJob(svc.rt.db, id))?.status === 'succeeded');
    } finally {
      await workers.close(5_000);
    }
    expect(await ledgerFor(svc, id)).toHaveLength(1);
    expect((await svc.app.request(`/v1/jobs/${id}`, { headers: auth })).status).toBe(200);
  });
});

describe('a row whose job ended without the row ending (its final write was lost)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  it('is run again once, though BullMQ still retains the completed job, and then left alone', async () => {
    const { accountId } = await createTestAccount(svc.rt);
    const id = newId('img');
    await insertJob(svc.rt.db, {
      id,
      accountId,
      keyId: null,
      kind: 'image.generate',
      input: { prompt: 'a lost write', style: 'abstract', size: '512x512', count: 1 },
    });
    await svc.rt.queues.enqueue('image.generate', { id }, { jobId: id, account: accountId });
    const queue = svc.rt.queues.get('image');
    const workers = await startWorkers(svc.rt, { queues: ['image'] });
    try {
      await until('the job to complete in BullMQ', async () => (await queue.getJob(id).then((j) => j?.getState())) === 'completed');
      expect((await findJob(svc.rt.db, id))!.status).toBe('succeeded');
      const finishedOn = (await queue.getJob(id))!.finishedOn!;
      // The database lost the final write (a failover to a replica that had not seen it): the row is back at running.
      await svc.rt.db
        .update(jobs)
        .set({ status: 'running', result: null, completedAt: null, updatedAt: sql`now() - interval '5 minutes'` })
        .where(eq(jobs.id, id));
      const ctx = { rt: svc.rt, job: {} as never, log: svc.rt.log };
      // Measured from a clock past the job's end by more than the grace a row's final write may take.
      const later = finishedOn + 15_000;
      const first = await requeueStaleJobs(ctx, undefined, later);
      expect(first.jobs).toBeGreaterThanOrEqual(1);
      await until('the re-run to finish', async () => (await findJob(svc.rt.db, id))?.status === 'succeeded');
      await until(
        'its job to complete again',
        async () => (await queue.getJob(id))?.finishedOn !== finishedOn && (await queue.getJob(id).then((j) => j?.getState())) === 'completed',
      );
      const rerun = await findJob(svc.rt.db, id);
      expect(rerun!.attempts).toBe(2);
      // The finished row is not news: the next sweeps add nothing for it.
      const rerunFinishedOn = (await queue.getJob(id))!.finishedOn!;
      await requeueStaleJobs(ctx, undefined, rerunFinishedOn + 15_000);
      expect(await queue.getJob(id).then((j) => j?.getState())).toBe('completed');
      expect((await queue.getJob(id))!.finishedOn).toBe(rerunFinishedOn);
      expect((await findJob(svc.rt.db, id))!.attempts).toBe(2);
      // Billed once: the ledger's unique key stops the re-run's bill.
      expect(await ledgerFor(svc, id)).toHaveLength(1);
    } finally {
      await workers.close(5_000);
    }
  });
});

describe('bad input fails at once, without retries', () => {
  it('an invalid payload and an invalid request row each fail on the first attempt', async () => {
    const svc = await startTestService();
    const workers = await startWorkers(svc.rt, { queues: ['image'] });
    try {
      const queue = svc.rt.queues.get('image');
      await queue.add('image.generate', { wrong: true } as never, { jobId: 'bad-payload' });
      const { accountId } = await createTestAccount(svc.rt);
      const id = newId('img');
      await insertJob(svc.rt.db, { id, accountId, keyId: null, kind: 'image.generate', input: { prompt: '', size: '3x3' } });
      await svc.rt.queues.enqueue('image.generate', { id }, { jobId: id, account: accountId });
      for (const jobId of ['bad-payload', id]) {
        await until(`${jobId} to fail`, async () => (await (await queue.getJob(jobId))?.getState()) === 'failed');
        const job = await queue.getJob(jobId);
        expect(job!.attemptsMade).toBe(1);
      }
      const row = await findJob(svc.rt.db, id);
      expect(row!.status).toBe('failed');
      expect(row!.error).toMatchObject({ status: 400, code: 'invalid_parameter' });
      expect(await ledgerFor(svc, id)).toHaveLength(0);
    } finally {
      await workers.close(5_000);
      await svc.close();
    }
  });
});

describe('a worker that crashes after committing', () => {
  it('the stalled job is recovered by another worker and still bills once', async () => {
    const env = testEnv({ QUEUE_LOCK_DURATION_MS: '1500', QUEUE_STALLED_INTERVAL_MS: '500', WORKER_QUEUES: 'image' });
    const svc = await startTestService({}, testConfig(env));
    try {
      const { accountId } = await createTestAccount(svc.rt);
      const id = newId('img');
      await insertJob(svc.rt.db, {
        id,
        accountId,
        keyId: null,
        kind: 'image.generate',
        input: { prompt: 'crash test', style: 'abstract', size: '512x512', count: 2 },
      });
      await svc.rt.queues.enqueue('image.generate', { id }, { jobId: id, account: accountId });

      const doomed = spawnKiln('worker', { ...env, KILN_FAULT: 'crash-after-commit' });
      const exit = await doomed.exited;
      expect(exit.code).toBe(86);
      expect((await findJob(svc.rt.db, id))!.status).toBe('succeeded');
      const job = await svc.rt.queues.get('image').getJob(id);
      expect(await job!.getState()).toBe('active');

      const rescuer = await startWorkers(svc.rt, { queues: ['image'] });
      try {
        await until('the stalled job to complete', async () => (await (await svc.rt.queues.get('image').getJob(id))?.getState()) === 'completed');
      } finally {
        await rescuer.close(5_000);
      }
      const ledger = await ledgerFor(svc, id);
      expect(ledger).toHaveLength(1);
      const [total] = await svc.rt.db.select().from(usageTotals).where(eq(usageTotals.accountId, accountId));
      expect(total!.total).toBe(2);
    } finally {
      await svc.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM the process answers in-flight requests, finishes the running job and exits 0', async () => {
    // The job does its work, then holds until SIGTERM before committing: the signal surely arrives mid-job,
    // and what is left after it is a commit, however slow the engine is on a loaded machine.
    // A database of its own: an `all` process runs the maintenance sweeps, which would take other files'
    // unfinished rows over (and hold their jobs too) on the shared one.
    const db = await createOwnDatabase('kiln_graceful');
    const env = testEnv({ DATABASE_URL: db.url, LOG_LEVEL: 'info', KILN_FAULT: 'hold-before-commit-until-sigterm' });
    const svc = await startTestService({}, testConfig(env));
    const proc = spawnKiln('all', env);
    try {
      const line = await proc.waitForLine(/"API listening"/);
      const port = JSON.parse(line).port as number;
      const { auth } = await createTestAccount(svc.rt);
      const pending = fetch(`http://127.0.0.1:${port}/v1/image/generate`, jsonRequest({ prompt: 'shutdown', size: '512x512', count: 2 }, auth));
      const id = JSON.parse(await proc.waitForLine(/holding the finished job until SIGTERM/)).jobId as string;
      expect((await findJob(svc.rt.db, id))!.status).toBe('running');
      proc.child.kill('SIGTERM');
      const res = await pending;
      expect([200, 202]).toContain(res.status);
      const exit = await proc.exited;
      expect(exit.code, proc.output().slice(-3000)).toBe(0);
      expect(proc.output()).toContain('"stopped"');
      expect((await findJob(svc.rt.db, id))!.status).toBe('succeeded');
      expect(await ledgerFor(svc, id)).toHaveLength(1);
    } finally {
      proc.child.kill('SIGKILL');
      await proc.exited;
      await svc.close();
      await db.drop();
    }
  });
});
