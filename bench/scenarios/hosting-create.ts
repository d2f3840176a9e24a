import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type postgres from 'postgres';
import { queueOf } from '../../src/queue/registry';
import { archiveServer, benchSql, buildCounts, buildZip, createDeployment, waitForPublished } from '../lib/hosting';
import { measure } from '../lib/measure';
import { cpuSeconds, freePort, stopChild, waitForHttp, type Child } from '../lib/processes';
import type { BenchContext, OutputRow, Result, Scenario, ScenarioOutput, Timing } from '../lib/types';

const SITES = 40;
const CONNECTIONS = 50;
const DRAIN_POLL_MS = 250;
const REFERENCE_LABEL = '  durable reference: Hono + 1 INSERT + 1 Queue.add';

function drainTimeoutS(): number {
  const raw = process.env.BENCH_DRAIN_TIMEOUT;
  const n = raw ? Number(raw) : 900;
  return Number.isFinite(n) && n > 0 ? n : 900;
}

/** BENCH_HOSTING_DIAG=1 adds a create row with a new site per request. */
const diagnostics = process.env.BENCH_HOSTING_DIAG === '1';
/** BENCH_HOSTING_DRAIN=1 builds everything the load queued and times it (minutes); otherwise those builds are discarded. */
const buildAfterwards = process.env.BENCH_HOSTING_DRAIN === '1';
/**
 * BENCH_CREATE_ROUNDS=n (default 3): measure reference and Kiln n times, alternately; the rows are the
 * last round's and a timing lists every round's ratio (the machine is shared: one round can mislead).
 */
const rounds = Math.max(1, Number(process.env.BENCH_CREATE_ROUNDS) || 3);
/** BENCH_CPU_PROF=<dir>: the Kiln web process writes a V8 CPU profile there when it stops (node --cpu-prof). */
const cpuProfDir = process.env.BENCH_CPU_PROF;

/** CPU time (user + system, all threads) the process has used so far, in ms. */
async function cpuMs(child: Child): Promise<number> {
  const stat = await readFile(`/proc/${child.proc.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU seconds used so far by each Postgres backend connected to the bench database. The loads run one at a
 * time, so the growth over a load is that server's Postgres work (and the idle `all` process's, little);
 * backends that ended meanwhile are missed.
 */
async function postgresCpu(sql: postgres.Sql): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const s = await cpuSeconds(pid).catch(() => null);
    if (s !== null) out.set(pid, s);
  }
  return out;
}

function cpuGrowthMs(before: Map<number, number>, after: Map<number, number>): number {
  let s = 0;
  for (const [pid, v] of after) s += v - (before.get(pid) ?? 0);
  return s * 1000;
}

/** CPU seconds the Redis server has used (its own count; other runs share it, so an upper bound). */
async function redisCpu(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return field('used_cpu_sys') + field('used_cpu_user');
}

/** Waits until no deployment is pending or building; the Timing says how long that took. */
async function drain(ctx: BenchContext, sql: postgres.Sql, totalBefore: number, label: string): Promise<Timing> {
  const started = Date.now();
  const deadline = started + drainTimeoutS() * 1000;
  let counts = await buildCounts(sql);
  const queued = counts.pending + counts.building;
  let lastSaid = started;
  ctx.say(`created ${counts.total - totalBefore} deployments (warm-up included); ${queued} builds queued when the builds were let run`);
  while (counts.pending + counts.building > 0 && Date.now() < deadline) {
    await sleep(DRAIN_POLL_MS);
    counts = await buildCounts(sql);
    if (Date.now() - lastSaid >= 15_000) {
      lastSaid = Date.now();
      ctx.say(
        `draining: ${counts.pending} pending, ${counts.building} building, ${counts.published} published, ${counts.failed} failed (${Math.round((lastSaid - started) / 1000)} s)`,
      );
    }
  }
  const drainS = (Date.now() - started) / 1000;
  const drained = counts.pending + counts.building === 0;
  const note =
    `${counts.total - totalBefore} deployments created; ${queued} builds were waiting; ` +
    `${drained ? 'drained' : `NOT drained after ${drainTimeoutS()} s (${counts.pending} pending, ${counts.building} building)`} ` +
    `at ${(drainS > 0 ? queued / drainS : 0).toFixed(1)} builds/s; ${counts.failed} failed in total`;
  ctx.say(note);
  return {
    label,
    description: `the builds queued by the create loads, run by Kiln's worker (\`all\` process) after the loads: until no deployment is pending/building (${note})`,
    samplesS: [drainS],
    ok: drained && counts.failed === 0,
    note: drained ? (counts.failed ? `${counts.failed} builds failed` : undefined) : 'the queue did not drain in time',
  };
}

/**
 * The builds the loads queued are not the subject here, and thousands of them would weigh on the
 * scenarios after this one: in the bench's throwaway database they are marked failed first (so the
 * stale-job sweeper does not queue them again), then their jobs are removed.
 */
async function discardBuilds(ctx: BenchContext, sql: postgres.Sql, deployQueue: Queue): Promise<void> {
  const marked = await sql`UPDATE deployments SET status = 'failed', error = 'bench: build discarded', finished_at = now() WHERE status = 'pending'`;
  await deployQueue.drain(true);
  ctx.say(`discarded the ${marked.count} builds the loads queued (BENCH_HOSTING_DRAIN=1 runs and times them instead)`);
}

/**
 * Deployment creation against the durable reference, in the same run. Both servers are processes of
 * their own started for this scenario, and get the same load: 50 connections, the same JSON bodies,
 * redeploying 40 sites in turn. Kiln runs as the Procfile's `web` process (no worker: builds run
 * elsewhere in production); the reference is Hono with one postgres.js INSERT and one BullMQ add per
 * request (bench/durable-reference-server.ts). While both are measured the deploy queue is paused, so
 * the `all` process of the bench builds nothing meanwhile.
 */
export const hostingCreate: Scenario = {
  name: 'hosting: POST /v1/hosting/deployments',
  kind: 'group',
  description: 'deployment creation (auth, rate limit, validation, site ownership, insert, enqueue) against a durable reference',
  async run(ctx): Promise<ScenarioOutput> {
    const archives = await archiveServer(ctx);
    const html = Buffer.from('<!doctype html><meta charset="utf-8"><title>bench</title><h1>Hello from Kiln bench</h1>\n');
    const sourceUrl = archives.add('small.zip', await buildZip([{ path: 'index.html', data: html }]));
    // One build end to end first (by the `all` process's worker): if builds cannot work, say so now.
    const first = await createDeployment(ctx, 'bench-create-0', sourceUrl);
    await waitForPublished(ctx, first.id);

    const [webPort, referencePort] = [await freePort(), await freePort()];
    const reference = ctx.startChild('durable reference', ['bench/durable-reference-server.ts'], {
      ...process.env,
      PORT: String(referencePort),
      DATABASE_URL: ctx.databaseUrl,
      REDIS_URL: String(ctx.kilnEnv.REDIS_URL),
      REDIS_PREFIX: String(ctx.kilnEnv.REDIS_PREFIX),
    });
    const webUrl = `http://127.0.0.1:${webPort}`;
    const web = ctx.startChild('kiln web (hosting create)', [...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []), 'src/main.ts', 'web'], {
      ...ctx.kilnEnv,
      PORT: String(webPort),
      PUBLIC_URL: webUrl,
    });
    const referenceUrl = `http://127.0.0.1:${referencePort}`;
    const redis = new Redis(String(ctx.kilnEnv.REDIS_URL), { maxRetriesPerRequest: 1 });
    const deployQueue = new Queue(queueOf('deployment.build'), { connection: redis, prefix: String(ctx.kilnEnv.REDIS_PREFIX) });
    const sql = benchSql(ctx);
    const stopAll = async (children: Child[]) => Promise.all(children.map((c) => stopChild(c)));
    try {
      await Promise.all([waitForHttp(reference, `${referenceUrl}/`, 60_000, () => true), waitForHttp(web, `${webUrl}/readyz`)]);
      ctx.say(`Kiln web on :${webPort} (pid ${web.proc.pid}), durable reference on :${referencePort} (pid ${reference.proc.pid})`);
      await deployQueue.pause();

      // The same bodies, in the same order, for both: 40 sites redeployed in turn.
      const bodies = Array.from({ length: SITES }, (_, i) => JSON.stringify({ site_id: `bench-create-${i}`, source_url: sourceUrl }));
      /** The load, and the server's CPU time per request over the whole of it (warm-up included). */
      const load = async (name: string, url: string, headers: Record<string, string>, server: Child) => {
        let n = 0;
        const [cpuBefore, pgBefore, redisBefore] = [await cpuMs(server), await postgresCpu(sql), await redisCpu(redis)];
        const result = await measure({
          name,
          url,
          method: 'POST',
          headers,
          body: bodies[0],
          setupRequest: (req) => ({ ...req, body: bodies[n++ % SITES] }),
          connections: CONNECTIONS,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        });
        const [cpuAfter, pgAfter, redisAfter] = [await cpuMs(server), await postgresCpu(sql), await redisCpu(redis)];
        const perRequest = (ms: number) => (ms * 1000) / Math.max(1, n);
        return {
          result,
          cpuUsPerRequest: perRequest(cpuAfter - cpuBefore),
          postgresUsPerRequest: perRequest(cpuGrowthMs(pgBefore, pgAfter)),
          redisUsPerRequest: perRequest((redisAfter - redisBefore) * 1000),
        };
      };
      const jsonHeaders = { 'content-type': 'application/json' };
      const kilnHeaders = { ...jsonHeaders, authorization: `Bearer ${ctx.apiKey}` };
      const before = await buildCounts(sql);
      const ratios: number[] = [];
      const cpu = {
        kiln: [] as number[],
        reference: [] as number[],
        kilnPg: [] as number[],
        referencePg: [] as number[],
        kilnRedis: [] as number[],
        referenceRedis: [] as number[],
      };
      let referenceResult: Result | undefined;
      let kilnResult: Result | undefined;
      for (let round = 0; round < rounds; round++) {
        const ref = await load('durable reference POST /deployments', `${referenceUrl}/deployments`, jsonHeaders, reference);
        const kiln = await load('POST /v1/hosting/deployments (web process)', `${webUrl}/v1/hosting/deployments`, kilnHeaders, web);
        referenceResult = ref.result;
        kilnResult = kiln.result;
        cpu.reference.push(ref.cpuUsPerRequest);
        cpu.kiln.push(kiln.cpuUsPerRequest);
        cpu.referencePg.push(ref.postgresUsPerRequest);
        cpu.kilnPg.push(kiln.postgresUsPerRequest);
        cpu.referenceRedis.push(ref.redisUsPerRequest);
        cpu.kilnRedis.push(kiln.redisUsPerRequest);
        ratios.push(kilnResult.rps / referenceResult.rps);
        ctx.say(
          `round ${round + 1}: Kiln ${Math.round(kilnResult.rps)} req/s (${Math.round(kiln.cpuUsPerRequest)} µs CPU each), ` +
            `reference ${Math.round(referenceResult.rps)} req/s (${Math.round(ref.cpuUsPerRequest)} µs CPU each): ${ratios.at(-1)!.toFixed(2)}×; ` +
            `Postgres CPU each: Kiln's ${Math.round(kiln.postgresUsPerRequest)} µs, reference's ${Math.round(ref.postgresUsPerRequest)} µs; ` +
            `Redis (whole server): ${Math.round(kiln.redisUsPerRequest)} µs, ${Math.round(ref.redisUsPerRequest)} µs`,
        );
      }
      const rows: OutputRow[] = [
        {
          label: 'hosting: POST /v1/hosting/deployments',
          kind: 'api',
          description: `Kiln's \`web\` process (no worker): auth, rate limit, validation, site ownership, insert, enqueue; ${SITES} sites redeployed in turn`,
          targets: [{ metric: 'peerRatio', op: '>=', value: 1.0 }],
          peer: REFERENCE_LABEL,
          result: kilnResult!,
        },
        {
          label: REFERENCE_LABEL,
          kind: 'reference',
          description: 'bench/durable-reference-server.ts: Hono, one postgres.js INSERT and one BullMQ Queue.add per request, no auth, same bodies',
          result: referenceResult!,
        },
      ];
      rows.push({
        label: '  GET /v1/hosting/deployments/{id}',
        kind: 'diagnostic',
        description: 'the same auth + plan check and one indexed select: the floor of a hosting API call',
        result: await measure({
          name: 'GET /v1/hosting/deployments/{id}',
          url: `${webUrl}/v1/hosting/deployments/${first.id}`,
          headers: { authorization: kilnHeaders.authorization },
          connections: CONNECTIONS,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        }),
      });
      if (diagnostics) {
        let n = 0;
        const prefix = `bc-${Date.now().toString(36)}`;
        rows.push({
          label: '  POST deployments, new site each',
          kind: 'diagnostic',
          description: 'as the create row, but every request claims a new site',
          peer: REFERENCE_LABEL,
          result: await measure({
            name: 'POST /v1/hosting/deployments (new site each)',
            url: `${webUrl}/v1/hosting/deployments`,
            method: 'POST',
            headers: kilnHeaders,
            body: bodies[0],
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ site_id: `${prefix}-${n++}`, source_url: sourceUrl }) }),
            connections: CONNECTIONS,
            durationS: ctx.durationS,
            warmupS: ctx.warmupS,
          }),
        });
      }
      await stopAll([web, reference]);

      const timings: Timing[] = [
        {
          label: 'hosting: create, Kiln web process CPU per request',
          description:
            "user + system CPU of Kiln's web process over the create load (warm-up included) / requests sent: what a create costs it, whatever else the machine runs",
          samplesS: cpu.kiln,
          unit: 'µs',
          ok: true,
        },
        {
          label: '  durable reference CPU per request',
          description: 'the same for the durable reference server',
          samplesS: cpu.reference,
          unit: 'µs',
          ok: true,
        },
        {
          label: 'hosting: create, Postgres CPU per Kiln request',
          description: "CPU of the bench database's Postgres backends over Kiln's create load / requests sent (loads run one at a time)",
          samplesS: cpu.kilnPg,
          unit: 'µs',
          ok: true,
        },
        {
          label: '  Postgres CPU per reference request',
          description: "the same over the durable reference's load",
          samplesS: cpu.referencePg,
          unit: 'µs',
          ok: true,
        },
        {
          label: 'hosting: create, Redis CPU per Kiln request',
          description: "the Redis server's CPU over Kiln's create load / requests sent (the whole server: other runs share it)",
          samplesS: cpu.kilnRedis,
          unit: 'µs',
          ok: true,
        },
        {
          label: '  Redis CPU per reference request',
          description: "the same over the durable reference's load",
          samplesS: cpu.referenceRedis,
          unit: 'µs',
          ok: true,
        },
      ];
      if (rounds > 1) {
        timings.push({
          label: 'hosting: create, Kiln / durable reference per round',
          description: `req/s of Kiln's create over the durable reference's, each of ${rounds} alternating rounds (the rows above are the last round)`,
          samplesS: ratios,
          unit: '×',
          ok: true,
        });
      }
      if (buildAfterwards) {
        await deployQueue.resume();
        timings.push(await drain(ctx, sql, before.total, 'hosting: build everything the create loads queued'));
      } else {
        await discardBuilds(ctx, sql, deployQueue);
      }
      return { rows, timings };
    } finally {
      await stopAll([web, reference]);
      await deployQueue.resume().catch(() => {});
      await deployQueue.close().catch(() => {});
      redis.disconnect();
      await sql.end({ timeout: 5 });
    }
  },
};
