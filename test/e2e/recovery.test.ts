import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentLogLines } from '../../src/db/queries/deployments';
import { deployments, jobs, voices } from '../../src/db/schema';
import { startFileHost } from '../support/file-host';
import { createOwnDatabase } from '../support/own-database';
import { spawnKiln, type Spawned } from '../support/processes';
import { startRedisServer, type RedisServer } from '../support/redis-server';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv } from '../support/runtime';
import { until } from '../support/until';
import { upload } from '../files/helpers';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { freePort } from '../hosting/support/hosting-harness';

/**
 * Recovery against real processes, with the production lock and stall settings (no overrides): the
 * deadlines only catch hangs; how long recovery took is printed, not asserted.
 */
const HANG_MS = 3 * 60_000;

const site = () =>
  zipBuffer([
    { name: 'index.html', data: '<h1>recovered</h1>' },
    { name: 'about.html', data: 'about' },
  ]);

/** Things to stop after each test, newest first, whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

function stopProcess(p: Spawned) {
  return async () => {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exited;
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('a build worker killed mid-download', () => {
  it(
    'a fresh worker takes the deployment over and publishes it',
    async () => {
      const archive = await site();
      // The first download gets half the archive and then nothing, until the worker doing it is dead.
      let requests = 0;
      let stalled!: () => void;
      const downloadStalled = new Promise<void>((resolve) => (stalled = resolve));
      const host: Server = createServer((_req, res) => {
        requests++;
        res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': archive.length });
        if (requests === 1) {
          res.write(archive.subarray(0, archive.length >> 1));
          stalled();
          return;
        }
        res.end(archive);
      });
      await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
      cleanups.push(async () => {
        host.closeAllConnections();
        await new Promise((r) => host.close(r));
      });
      const sourceUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/site.zip`;

      // A Redis of its own: the suite's shared one is swept of every test prefix whenever any test run ends.
      const redis = await startRedisServer(await freePort());
      cleanups.push(() => redis.kill());
      // A database of its own too: the workers run the maintenance sweeps, which take over any unfinished row
      // whose job their Redis lacks, and would take other files' rows on the shared one.
      const db = await createOwnDatabase('kiln_killed_build');
      cleanups.push(() => db.drop());
      const env = testEnv({ DATABASE_URL: db.url, REDIS_URL: redis.url, FETCH_ALLOW_PRIVATE: 'true', WORKER_QUEUES: 'deploy,maintenance', LOG_LEVEL: 'info' });
      const svc = await startTestService({}, testConfig(env));
      cleanups.push(() => svc.close());
      const { auth } = await createTestAccount(svc.rt);
      const created = await svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'crash-site', source_url: sourceUrl }, auth));
      expect(created.status).toBe(201);
      const { id } = await created.json();

      const doomed = spawnKiln('worker', env);
      cleanups.push(stopProcess(doomed));
      await downloadStalled;
      const row = async () => (await svc.rt.db.select().from(deployments).where(eq(deployments.id, id)))[0]!;
      expect((await row()).status).toBe('building');
      doomed.child.kill('SIGKILL');
      const killedAt = Date.now();
      expect((await doomed.exited).signal).toBe('SIGKILL');
      expect((await row()).status).toBe('building');

      const rescuer = spawnKiln('worker', env);
      cleanups.push(stopProcess(rescuer));
      await rescuer.waitForLine(/"workers started"/, 60_000);
      const startedAt = Date.now();
      const final = await until(
        `deployment ${id} to finish`,
        async () => {
          const d = await row();
          return d.status === 'published' || d.status === 'failed' ? d : null;
        },
        HANG_MS,
        200,
      ).catch(async (err: Error) => {
        const job = await svc.rt.queues.get('deploy').getJob(id);
        throw new Error(`${err.message}; job ${await job?.getState()}, ${requests} downloads; the fresh worker said:\n${rescuer.output().slice(-3_000)}`);
      });
      const doneAt = Date.now();
      console.log(
        `[recovery] killed build taken over and published ${seconds(doneAt - killedAt)} after the kill, ${seconds(doneAt - startedAt)} after the fresh worker started`,
      );

      expect(final.status).toBe('published');
      expect(final.fileCount).toBe(2);
      expect(requests).toBe(2);
      const log = (await deploymentLogLines(svc.rt.db, id)).map((l) => l.message);
      expect(log.filter((m) => m.startsWith('Build started'))).toHaveLength(2);
    },
    HANG_MS + 60_000,
  );
});

describe('Redis restarted with an empty dataset', () => {
  it(
    'every accepted deployment, clone, upload and generation request still reaches a final status',
    async () => {
      const port = await freePort();
      let redis: RedisServer = await startRedisServer(port);
      cleanups.push(() => redis.kill());
      const files = await startFileHost();
      cleanups.push(() => files.close());
      files.put('/site.zip', await site());
      // Not audio: the clone fails, which is a final status all the same.
      files.put('/sample.wav', Buffer.from('not a sound at all'));

      // A database of its own: another test file's stale-job sweeper (one database for the whole run) could
      // otherwise take this test's rows into its own Redis while this Redis is away, and leave them claimed.
      const own = await createOwnDatabase('kiln_recovery');
      cleanups.push(() => own.drop());
      const env = testEnv({
        DATABASE_URL: own.url,
        REDIS_URL: redis.url,
        FETCH_ALLOW_PRIVATE: 'true',
        SYNC_TIMEOUT_MS: '500',
        WORKER_QUEUES: 'image,files,voice,deploy,maintenance',
        LOG_LEVEL: 'info',
      });
      const svc = await startTestService({}, testConfig(env));
      cleanups.push(() => svc.close());
      const worker = spawnKiln('worker', env);
      cleanups.push(stopProcess(worker));
      await worker.waitForLine(/"workers started"/, 60_000);
      const { auth } = await createTestAccount(svc.rt);

      // Paused queues hold the accepted requests' jobs in Redis only, as a backlog would when Redis dies.
      const paused = ['image', 'files', 'voice', 'deploy'] as const;
      for (const q of paused) await svc.rt.queues.get(q).pause();
      const accepted = { deployments: [] as string[], voices: [] as string[], jobs: [] as string[] };
      const deploy = () => svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'redis-site', source_url: files.url('/site.zip') }, auth));
      const clone = () => svc.app.request('/v1/voice/clone', jsonRequest({ name: 'lost voice', sample_url: files.url('/sample.wav') }, auth));

      const dep = await deploy();
      expect(dep.status).toBe(201);
      accepted.deployments.push((await dep.json()).id);
      const voice = await clone();
      expect(voice.status).toBe(201);
      accepted.voices.push((await voice.json()).voice_id);
      const uploaded = await upload(svc, auth, Buffer.from('city,people\nOslo,700000\nBergen,290000\n'), 'cities.csv');
      expect(uploaded.status).toBe(202);
      accepted.jobs.push((await uploaded.json()).id);
      const image = await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'a lighthouse', size: '512x512', count: 1 }, auth));
      expect(image.status).toBe(202);
      accepted.jobs.push((await image.json()).id);
      // The suite's files share one database, so this worker's sweeper may queue other files' stale rows too.
      const ids = new Set([...accepted.deployments, ...accepted.voices, ...accepted.jobs]);
      for (const q of paused) {
        const held = await svc.rt.queues.get(q).getJobs(['wait', 'prioritized']);
        expect(held.filter((j) => ids.has(j.id!))).toHaveLength(1);
      }

      await redis.kill();
      // Requests while Redis is away: whatever is accepted must be finished too.
      const during: number[] = [];
      for (const request of [deploy, clone]) {
        const res = await request();
        during.push(res.status);
        if (res.status !== 201) continue;
        const body = await res.json();
        if (body.voice_id) accepted.voices.push(body.voice_id);
        else accepted.deployments.push(body.id);
      }

      redis = await startRedisServer(port);
      const returnedAt = Date.now();
      const unfinished = async () => {
        const d = await svc.rt.db
          .select({ id: deployments.id, status: deployments.status })
          .from(deployments)
          .where(inArray(deployments.id, accepted.deployments));
        const v = await svc.rt.db.select({ id: voices.id, status: voices.status }).from(voices).where(inArray(voices.id, accepted.voices));
        const j = await svc.rt.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, accepted.jobs));
        return [
          ...d.filter((r) => r.status !== 'published' && r.status !== 'failed'),
          ...v.filter((r) => r.status !== 'ready' && r.status !== 'failed'),
          ...j.filter((r) => r.status !== 'succeeded' && r.status !== 'failed'),
        ];
      };
      await until('every accepted request to reach a final status', async () => (await unfinished()).length === 0, HANG_MS, 250).catch(async (err) => {
        // Say which ones, and what the worker last said, so a hang can be told from a slow backlog.
        console.error('[recovery] still unfinished:', JSON.stringify(await unfinished()), '\nworker output tail:\n', worker.output().slice(-4000));
        throw err;
      });
      console.log(
        `[recovery] answers while Redis was down: ${during.join(', ')}; every accepted request final ${seconds(Date.now() - returnedAt)} after Redis came back empty`,
      );

      const depRows = await svc.rt.db.select().from(deployments).where(inArray(deployments.id, accepted.deployments));
      for (const d of depRows) expect(d.status).toBe('published');
      const jobRows = await svc.rt.db.select().from(jobs).where(inArray(jobs.id, accepted.jobs));
      for (const j of jobRows) expect(j.status).toBe('succeeded');
      const voiceRows = await svc.rt.db.select().from(voices).where(inArray(voices.id, accepted.voices));
      for (const v of voiceRows) expect(v.status).toBe('failed');
      expect(worker.output()).toContain('recurring jobs registered again after a Redis reconnect');
    },
    HANG_MS + 60_000,
  );
});

describe('Redis restarted empty while a build runs', () => {
  it(
    'the deployment left `building` (its job gone from Redis) is taken over and published',
    async () => {
      const archive = await site();
      // The first download gets half the archive, then hangs until Redis is back; then its connection drops,
      // so the attempt that began before the loss fails and BullMQ cannot even record that (its key is gone).
      let requests = 0;
      let first: import('node:http').ServerResponse | undefined;
      let stalled!: () => void;
      const downloadStalled = new Promise<void>((resolve) => (stalled = resolve));
      const host: Server = createServer((_req, res) => {
        requests++;
        res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': archive.length });
        if (requests === 1) {
          first = res;
          res.write(archive.subarray(0, archive.length >> 1));
          stalled();
          return;
        }
        res.end(archive);
      });
      await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
      cleanups.push(async () => {
        host.closeAllConnections();
        await new Promise((r) => host.close(r));
      });
      const sourceUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/site.zip`;

      const port = await freePort();
      let redis: RedisServer = await startRedisServer(port);
      cleanups.push(() => redis.kill());
      // A database of its own, so no other test file's sweeper (another Redis) takes this build over.
      const own = await createOwnDatabase('kiln_redisloss');
      cleanups.push(() => own.drop());
      const env = testEnv({
        DATABASE_URL: own.url,
        REDIS_URL: redis.url,
        FETCH_ALLOW_PRIVATE: 'true',
        WORKER_QUEUES: 'deploy,maintenance',
        LOG_LEVEL: 'info',
      });
      const svc = await startTestService({}, testConfig(env));
      cleanups.push(() => svc.close());
      const worker = spawnKiln('worker', env);
      cleanups.push(stopProcess(worker));
      await worker.waitForLine(/"workers started"/, 60_000);
      const { auth } = await createTestAccount(svc.rt);
      const created = await svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'lost-site', source_url: sourceUrl }, auth));
      expect(created.status).toBe(201);
      const { id } = await created.json();
      const row = async () => (await svc.rt.db.select().from(deployments).where(eq(deployments.id, id)))[0]!;

      await downloadStalled;
      expect((await row()).status).toBe('building');
      await redis.kill();
      redis = await startRedisServer(port);
      const returnedAt = Date.now();
      first!.destroy();

      const final = await until(
        `deployment ${id} to finish`,
        async () => {
          const d = await row();
          return d.status === 'published' || d.status === 'failed' ? d : null;
        },
        HANG_MS,
        200,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; ${requests} downloads; the worker said:\n${worker.output().slice(-3_000)}`);
      });
      console.log(`[recovery] build caught by the Redis loss published ${seconds(Date.now() - returnedAt)} after Redis came back empty`);
      expect(final.status).toBe('published');
      expect(final.fileCount).toBe(2);
      expect(requests).toBe(2);
      expect(worker.output()).toContain('re-enqueued stale work');
    },
    HANG_MS + 60_000,
  );
});
