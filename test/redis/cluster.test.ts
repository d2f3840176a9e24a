import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashApiKey } from '../../src/accounts/api-key';
import { announceRevocation } from '../../src/accounts/principal-cache';
import { createApiKey, revokeApiKey } from '../../src/db/queries/accounts';
import { startEdge, type EdgeServers } from '../../src/hosting/edge/edge-server';
import { announceRoutesChanged } from '../../src/hosting/routes-events';
import { JobStreamReader } from '../../src/queue/job-stream-reader';
import { QUEUE_NAMES } from '../../src/queue/registry';
import { deleteKeysWithPrefix } from '../../src/redis';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster';
import { spawnKiln } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/**
 * Kiln on a real Redis Cluster of three masters (started by the test tooling). REDIS_URL names one of its
 * nodes, as an operator who had no cluster setting would have done: without REDIS_CLUSTER_NODES that
 * gave MOVED on the web's commands and CROSSSLOT in the workers' scripts.
 */
let cluster: RedisCluster;
/** Two processes' worth of runtime (web + workers, and a second web) on the same cluster. */
let a: TestService;
let b: TestService;
let workers: WorkerSet;
let edge: EdgeServers | null = null;
/** A cluster client of the test's own, to look at where keys landed. */
let probe: Cluster;

const clusterEnv = () => ({
  REDIS_URL: `redis://${cluster.nodes.split(',')[0]}`,
  REDIS_CLUSTER_NODES: cluster.nodes,
  HOSTING_DOMAIN: 'kiln.test',
  EDGE_HEARTBEAT_MS: '200',
});

beforeAll(async () => {
  cluster = await startRedisCluster();
  const env = clusterEnv();
  a = await startTestService(env);
  b = await startTestService({ ...env, REDIS_PREFIX: a.rt.config.REDIS_PREFIX });
  workers = await startWorkers(a.rt, { queues: ['text'] });
  probe = new Cluster(cluster.masters.map((m) => ({ host: m.host, port: m.port })));
  probe.on('error', () => {});
});
afterAll(async () => {
  await edge?.close();
  await workers?.close(5_000);
  await a?.close();
  await b?.close();
  probe?.disconnect();
  await cluster?.stop();
});

/** Every key under `prefix:` on each master (SCAN sees one node's keys). */
async function keysPerMaster(prefix: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const m of cluster.masters) {
    const node = probe.nodes('master').find((n) => n.options.port === m.port)!;
    out.push(await node.keys(`${prefix}:*`));
  }
  return out;
}

describe('Kiln pointed at one cluster node as if it were a lone server (no REDIS_CLUSTER_NODES)', () => {
  it('is not ready: /readyz answers 503 rather than ready while its commands would fail', async () => {
    const lone = await startTestService({ REDIS_URL: `redis://${cluster.nodes.split(',')[0]}` });
    try {
      const res = await lone.app.request('/readyz');
      expect(res.status).toBe(503);
    } finally {
      await lone.close();
    }
  });
});

describe('Kiln on a Redis Cluster (REDIS_CLUSTER_NODES)', () => {
  it('answers /readyz with a real command on every master', async () => {
    const res = await a.app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ redis: 'ok' });
  });

  it('runs a text job end to end through the queue', async () => {
    const { auth } = await createTestAccount(a.rt, 'business');
    const res = await a.app.request('/v1/text/generate', jsonRequest({ prompt: 'volcanoes and earthquakes', max_tokens: 80 }, auth));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; id: string };
    expect(body.text.length).toBeGreaterThan(0);
  });

  it('streams a job’s events over SSE from the stream’s own master', async () => {
    const { auth } = await createTestAccount(b.rt, 'business');
    // Web `b` (no workers) reads the stream the worker on `a` writes.
    const res = await b.app.request('/v1/text/generate', jsonRequest({ prompt: 'rivers and lakes', max_tokens: 120, stream: true }, auth));
    expect(res.status).toBe(200);
    const text = await res.text();
    const events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events[0]).toBe('job');
    expect(events).toContain('delta');
    expect(events.at(-1)).toBe('done');
    const jobId = res.headers.get('kiln-job-id')!;
    expect(b.rt.keys.jobStream(jobId)).toMatch(/\{js\d\}/);
  });

  it('reads streams of several buckets, each from its master, and a new watch interrupts a blocked read there', async () => {
    // Blocks far longer than the wait below: only CLIENT UNBLOCK on the right master lets a later watch in.
    const reader = new JobStreamReader(a.rt.config, a.rt.redis, 3_600_000);
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `gen_bucket_${Date.now()}_${i}`);
      const byBucket = new Map<string, string[]>();
      for (const id of ids) {
        const key = a.rt.keys.jobStream(id);
        const tag = /\{(js\d)\}/.exec(key)![1]!;
        byBucket.set(tag, [...(byBucket.get(tag) ?? []), key]);
      }
      const buckets = [...byBucket.values()].filter((keys) => keys.length >= 2).slice(0, 3);
      expect(buckets.length).toBeGreaterThan(1);
      const got = new Map<string, string[]>();
      const watchAndWrite = async (key: string) => {
        reader.watch(key, 0, (events) => got.set(key, [...(got.get(key) ?? []), ...events.map((e) => e.event)]));
        await a.rt.redis.xadd(key, '0-1', 'event', 'delta', 'data', '{"text":"x"}');
        await until(`an event of ${key}`, async () => got.get(key)?.includes('delta'));
      };
      // The first of each bucket starts its reader; the second arrives while that reader is blocked.
      for (const [first] of buckets) await watchAndWrite(first!);
      for (const [, second] of buckets) await watchAndWrite(second!);
    } finally {
      await reader.close();
    }
  });

  it('holds an account’s rate limit across processes, and a key’s own lower limit within it (one slot per account)', async () => {
    const { accountId, auth } = await createTestAccount(a.rt, 'business', 4);
    const usage = (svc: TestService, headers: Record<string, string>) => svc.app.request('/v1/usage', { headers });
    const statuses = [];
    for (const svc of [a, b, a, b, a]) statuses.push((await usage(svc, auth)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    const { accountId: other } = await createTestAccount(a.rt, 'business');
    const limited = await createApiKey(a.rt.db, { accountId: other, label: 'two a minute', rateLimitPerMinute: 2 });
    const limitedAuth = { Authorization: `Bearer ${limited.key}` };
    const second = [];
    for (const svc of [b, a, b]) second.push((await usage(svc, limitedAuth)).status);
    expect(second).toEqual([200, 200, 429]);
    expect(accountId).not.toBe(other);
  });

  it('carries a key revocation to the other process’s principal cache', async () => {
    const { keyId, key, auth } = await createTestAccount(a.rt);
    expect((await b.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    // Heard by `b`'s subscriber, whichever node it is connected to: PUBLISH reaches the whole cluster.
    const heard = new Promise<void>((resolve) =>
      b.rt.subscriber.on('message', (channel: string, message: string) => {
        if (channel === b.rt.channels.keyRevoked && message === hashApiKey(key)) resolve();
      }),
    );
    const revoked = await revokeApiKey(a.rt.db, keyId);
    await announceRevocation(a.rt.redis, a.rt.channels.keyRevoked, revoked!.hash);
    await heard;
    // Not a cache TTL later: at once.
    expect((await b.app.request('/v1/usage', { headers: auth })).status).toBe(401);
  });

  it('has an edge acknowledge a routes change (deployments publish)', async () => {
    edge = await startEdge(b.rt, { http: 0, https: 0 });
    expect(await announceRoutesChanged(a.rt)).toEqual({ edges: 1, acknowledged: 1 });
  });

  it('spreads the queues over more than one master', async () => {
    const prefix = a.rt.config.REDIS_PREFIX;
    // Every queue gets a key (its meta hash) from a Queue object's first command.
    for (const q of a.rt.queues.all()) await q.getJobCounts();
    const { accountId } = await createTestAccount(a.rt);
    for (const name of QUEUE_NAMES) await a.rt.queues.fairOrder.tag(name, [accountId]);
    const perMaster = await keysPerMaster(prefix);
    const queuesOn = perMaster.map((keys) => new Set(keys.map((k) => /\{([a-z-]+)\}/.exec(k)?.[1]).filter((q) => q && (QUEUE_NAMES as string[]).includes(q))));
    expect(queuesOn.filter((s) => s.size > 0).length).toBeGreaterThan(1);
  });

  it('deletes a prefix’s keys from every master', async () => {
    const prefix = `${a.rt.config.REDIS_PREFIX}_sweep`;
    for (let i = 0; i < 60; i++) await probe.set(`${prefix}:k${i}`, '1');
    const before = await keysPerMaster(prefix);
    expect(before.filter((keys) => keys.length > 0).length).toBe(3);
    expect(await deleteKeysWithPrefix(a.rt.redis, prefix)).toBe(60);
    expect((await keysPerMaster(prefix)).flat()).toEqual([]);
  });

  it('runs as a real all-in-one process: ready, answers, works a job, stays up', async () => {
    const proc = spawnKiln('all', testEnv({ ...clusterEnv(), WORKER_QUEUES: 'text', REDIS_PREFIX: a.rt.config.REDIS_PREFIX }));
    try {
      await proc.waitForLine(/API docs/, 120_000);
      const base = new URL(proc.output().match(/API docs\s+(\S+)/)![1]!).origin;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const { auth } = await createTestAccount(a.rt, 'business');
      const res = await fetch(`${base}/v1/text/generate`, jsonRequest({ prompt: 'glaciers', max_tokens: 60 }, auth));
      expect(res.status).toBe(200);
      expect(proc.child.exitCode).toBeNull();
      expect(proc.output()).not.toMatch(/CROSSSLOT|MOVED/);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  });

  // Last: it takes a master away.
  it('answers /readyz 503 when the cluster lost a master', async () => {
    await cluster.masters[2]!.kill();
    await until('/readyz to answer 503', async () => (await a.app.request('/readyz')).status === 503);
  });
});
