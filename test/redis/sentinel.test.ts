import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { startWeb, type WebServer } from '../../src/roles/web';
import { createRuntime, type Runtime } from '../../src/runtime';
import { cli } from '../support/cli';
import { spawnKiln, type Spawned } from '../support/processes';
import { startRedisSentinels, type SentinelSetup } from '../support/redis-sentinel';
import { jsonRequest, testEnv } from '../support/runtime';
import { until } from '../support/until';

/**
 * Kiln on a Redis behind Sentinel (a master, a replica, three sentinels of the test's own), through a
 * `SENTINEL FAILOVER`: a web (this process, so its subscriber can be watched) and a text worker (a child
 * process) keep working on the new master. The recovery deadline is the requirement (a minute after the
 * switch); how long it took is printed.
 */
const RECOVERY_MS = 60_000;

let sentinel: SentinelSetup;
let env: Record<string, string>;
let rt: Runtime;
let web: WebServer;
let worker: Spawned;
let base: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  sentinel = await startRedisSentinels('kiln-main');
  cleanups.push(() => sentinel.stop());
  env = testEnv({
    REDIS_SENTINELS: sentinel.sentinels,
    REDIS_SENTINEL_MASTER: sentinel.masterName,
    // Under Sentinel REDIS_URL gives the database (and password, TLS), never the address: nothing listens here.
    REDIS_URL: 'redis://127.0.0.1:1/3',
    WORKER_QUEUES: 'text',
  });
  rt = createRuntime(loadConfig(env), 'web', createLogger({ level: 'silent', role: 'web' }));
  cleanups.push(() => rt.close());
  web = await startWeb(rt, 0);
  cleanups.push(() => web.close());
  base = `http://127.0.0.1:${web.port}`;
  worker = spawnKiln('worker', { ...env, LOG_LEVEL: 'info' });
  cleanups.push(async () => {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await worker.exited;
  });
  await worker.waitForLine(/"workers started"/, 120_000);
}, 180_000);

afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

async function account(rateLimit?: number) {
  const created = await cli(
    ['accounts', 'create', '--name', 'sentinel', '--plan', 'business', ...(rateLimit ? ['--rate-limit', String(rateLimit)] : []), '--json'],
    env,
  );
  if (created.code !== 0) throw new Error(`accounts create: ${created.stderr}`);
  const acct = JSON.parse(created.stdout) as { id: string };
  const key = JSON.parse((await cli(['keys', 'create', '--account', acct.id, '--label', 'k', '--json'], env)).stdout) as { id: string; key: string };
  return { keyId: key.id, auth: { Authorization: `Bearer ${key.key}` } };
}

/** A text generation, answered once the worker has done it (the web hears of it by pub/sub). */
async function generate(auth: Record<string, string>) {
  const res = await fetch(`${base}/v1/text/generate`, jsonRequest({ prompt: 'lighthouses and the sea', max_tokens: 60 }, auth));
  const body = (await res.json()) as { id?: string; text?: string };
  return { status: res.status, body };
}

/** A streamed generation, read to its end: the event names in order. */
async function streamed(auth: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${base}/v1/text/generate`, jsonRequest({ prompt: 'bridges and rivers', max_tokens: 80, stream: true }, auth));
  expect(res.status).toBe(200);
  const text = await res.text();
  return [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]!);
}

/** Requests until one is refused; the statuses. */
async function untilRateLimited(auth: Record<string, string>, limit: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= limit; i++) statuses.push((await fetch(`${base}/v1/usage`, { headers: auth })).status);
  return statuses;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('Kiln on Redis Sentinel', () => {
  it('runs jobs, streams and rate limits, and keeps doing so through a SENTINEL FAILOVER', async () => {
    const { auth } = await account();
    const before = await generate(auth);
    expect(before.status).toBe(200);
    expect(before.body.text).toMatch(/\w/);
    expect(await streamed(auth)).toEqual(expect.arrayContaining(['job', 'delta', 'done']));
    expect(await untilRateLimited((await account(3)).auth, 3)).toEqual([200, 200, 200, 429]);
    // The database of REDIS_URL is the one written to (and the pub/sub channels are named after it).
    const firstMaster = await sentinel.masterPort();
    expect(await sentinel.node(firstMaster).dbsize()).toBe(0);
    await sentinel.node(firstMaster).select(3);
    expect(await sentinel.node(firstMaster).dbsize()).toBeGreaterThan(0);
    await sentinel.node(firstMaster).select(0);

    // An API request every 50 ms throughout, each status noted with when it was answered.
    const probes: { at: number; status: number }[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const status = await fetch(`${base}/v1/usage`, { headers: auth })
          .then((r) => r.status)
          .catch(() => 0);
        probes.push({ at: Date.now(), status });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const subscriberMoves: number[] = [];
    rt.subscriber.on('ready', () => subscriberMoves.push(Date.now()));
    const { from, to, switchedAt } = await sentinel.failover();
    const overAt = Date.now();
    expect(to).not.toBe(from);

    // A job created after the switch runs to completion on the new master's queue, by the same worker.
    const after = await until(
      'a text job to complete after the failover',
      async () => {
        const r = await generate(auth);
        return r.status === 200 ? r : null;
      },
      RECOVERY_MS,
    );
    expect(after.body.text).toMatch(/\w/);
    const jobDoneAt = Date.now();
    expect(await streamed(auth)).toEqual(expect.arrayContaining(['job', 'delta', 'done']));
    expect(await untilRateLimited((await account(3)).auth, 3)).toEqual([200, 200, 200, 429]);

    // The subscriber moved to the new master: a revocation published there reaches this web while the
    // key's cache entry is fresh (not a TTL or a reconnect later).
    expect(subscriberMoves.length).toBeGreaterThan(0);
    const victim = await account();
    expect((await fetch(`${base}/v1/usage`, { headers: victim.auth })).status).toBe(200);
    const heard = new Promise<void>((resolve) =>
      rt.subscriber.on('message', (channel: string) => {
        if (channel === rt.channels.keyRevoked) resolve();
      }),
    );
    const revoked = await cli(['keys', 'revoke', victim.keyId], env);
    expect(revoked.code).toBe(0);
    await heard;
    expect((await fetch(`${base}/v1/usage`, { headers: victim.auth })).status).toBe(401);

    // Once the switch settled, every API request was answered.
    probing = false;
    await prober;
    const failures = probes.filter((p) => p.status === 0 || p.status >= 500);
    const lastFailure = failures.at(-1)?.at;
    console.log(
      `[sentinel] failover ${from} → ${to}: sentinels agreed ${seconds(overAt - switchedAt)} after +switch-master; ` +
        `${failures.length} of ${probes.length} API requests failed (${[...new Set(failures.map((f) => f.status))].join(', ') || 'none'}), ` +
        `the last ${lastFailure ? seconds(lastFailure - switchedAt) : '-'} after the switch; a new job completed ${seconds(jobDoneAt - switchedAt)} after it; ` +
        `subscriber reconnected ${subscriberMoves.map((t) => seconds(t - switchedAt)).join(', ')} after it`,
    );
    expect(probes.filter((p) => p.at > overAt && (p.status === 0 || p.status >= 500))).toEqual([]);
    expect(probes.filter((p) => p.at > overAt).length).toBeGreaterThan(0);
  }, 300_000);
});
