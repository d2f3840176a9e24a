import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { webhookEventsChannel } from '../../src/webhooks/outbox';
import { benchSql } from '../lib/hosting';
import { cpuSeconds } from '../lib/processes';
import { stats } from '../lib/report';
import type { BenchContext, Scenario, ScenarioOutput } from '../lib/types';

const LATENCY_SAMPLES = 200;
const THROUGHPUT_EVENTS = 10_000;
const INSERT_BATCH = 500;
const WAIT_LIMIT_MS = 120_000;

/** A loopback receiver that answers 204 at once and notes when each `webhook-id` first arrived. */
async function startReceiver(ctx: BenchContext) {
  const arrived = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  let count = 0;
  let onCount: (() => void) | null = null;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (!arrived.has(id)) {
        arrived.set(id, performance.now());
        count++;
        waiters.get(id)?.();
        onCount?.();
      }
      res.writeHead(204).end();
    });
  });
  // Node's default (5 s), as most receivers keep connections: announced in Keep-Alive, and a sender
  // that reuses them stops 1 s short of it (with 1 s, Node's client would reuse nothing).
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const within = <T>(what: string, p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} not received within ${WAIT_LIMIT_MS / 1000} s`)), WAIT_LIMIT_MS).unref()),
    ]);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** When `id` arrived (performance.now()), waiting for it if needed. */
    arrival: (id: string) =>
      within(
        `event ${id}`,
        new Promise<number>((resolve) => {
          const at = arrived.get(id);
          if (at !== undefined) return resolve(at);
          waiters.set(id, () => resolve(arrived.get(id)!));
        }),
      ),
    /** Resolves once `n` distinct events have arrived in all. */
    total: (n: number) =>
      within(
        `${n} events`,
        new Promise<number>((resolve) => {
          const check = () => count >= n && (resolve(performance.now()), (onCount = null));
          onCount = check;
          check();
        }),
      ),
    get count() {
      return count;
    },
  };
}

/** CPU seconds used so far by each Postgres backend connected to the bench database (backends that ended are missed). */
async function postgresCpu(sql: ReturnType<typeof benchSql>): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const s = await cpuSeconds(pid).catch(() => null);
    if (s !== null) out.set(pid, s);
  }
  return out;
}

/** CPU seconds the Redis server has used (its own count; other runs share it, so an upper bound). */
async function redisCpu(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return field('used_cpu_sys') + field('used_cpu_user');
}

/**
 * Webhooks end to end against the Kiln under test (its relay and `webhooks` workers in the one `all`
 * process): events are written to the outbox as writers do (one committed statement, then the Redis
 * notice), and delivered, signed, to a receiver in this process over loopback (FETCH_ALLOW_PRIVATE=true).
 */
export const webhooksScenario: Scenario = {
  name: 'webhooks: status change → delivery',
  kind: 'group',
  description: 'outbox commit + notice → relay → webhooks queue → signed POST to a loopback receiver',
  async run(ctx): Promise<ScenarioOutput> {
    const receiver = await startReceiver(ctx);
    const created = await fetch(`${ctx.apiUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, event_types: ['job.completed'] }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/webhooks answered ${created.status}: ${await created.text()}`);
    const sql = benchSql(ctx);
    const redis = new Redis(String(ctx.kilnEnv.REDIS_URL), { maxRetriesPerRequest: 1 });
    ctx.onCleanup(async () => {
      await sql.end();
      redis.disconnect();
    });
    const channel = webhookEventsChannel(String(ctx.kilnEnv.REDIS_PREFIX), String(ctx.kilnEnv.REDIS_URL));
    const tag = Math.random().toString(36).slice(2, 8);
    let failure: string | undefined;

    // Latency: one event at a time, from just before its commit to its arrival.
    const latencies: number[] = [];
    try {
      for (let i = 0; i < LATENCY_SAMPLES; i++) {
        const id = `msg_lat${tag}${i}`;
        const started = performance.now();
        await sql`INSERT INTO webhook_events (id, account_id, type, data) VALUES (${id}, ${ctx.accountId}, 'job.completed', ${sql.json({ id: `gen_${i}`, status: 'succeeded' })})`;
        await redis.publish(channel, '1');
        latencies.push((await receiver.arrival(id)) - started);
      }
    } catch (err) {
      failure = (err as Error).message;
    }
    const lat = stats(latencies);
    ctx.say(`latency over ${latencies.length} events: p50 ${lat.median.toFixed(1)} ms, max ${lat.max.toFixed(1)} ms`);

    // Throughput: a burst of events committed in batches of 500, each batch announced.
    const before = receiver.count;
    // CPU per delivered event, whatever else the shared machine runs: Kiln's (relay, workers, Postgres
    // and Redis clients) and this process's (the receiver, and the inserts).
    const kilnCpuBefore = await cpuSeconds(ctx.kilnPid);
    const benchCpuBefore = process.cpuUsage();
    const pgCpuBefore = await postgresCpu(sql);
    const redisCpuBefore = await redisCpu(redis);
    const started = performance.now();
    let rate = NaN;
    let kilnCpuMsPerEvent = NaN;
    try {
      for (let from = 0; from < THROUGHPUT_EVENTS; from += INSERT_BATCH) {
        await sql`
          INSERT INTO webhook_events (id, account_id, type, data)
          SELECT 'msg_tp' || ${tag} || i, ${ctx.accountId}, 'job.completed', jsonb_build_object('id', 'gen_' || i, 'status', 'succeeded')
          FROM generate_series(${from}::int, ${from + INSERT_BATCH - 1}::int) AS i`;
        await redis.publish(channel, '1');
      }
      const done = await receiver.total(before + THROUGHPUT_EVENTS);
      rate = THROUGHPUT_EVENTS / ((done - started) / 1000);
    } catch (err) {
      failure ??= `${(err as Error).message} (${receiver.count - before} of ${THROUGHPUT_EVENTS} arrived)`;
    }
    ctx.say(`throughput: ${THROUGHPUT_EVENTS} events in ${((performance.now() - started) / 1000).toFixed(2)} s = ${rate.toFixed(0)} events/s`);
    kilnCpuMsPerEvent = (((await cpuSeconds(ctx.kilnPid)) - kilnCpuBefore) * 1000) / THROUGHPUT_EVENTS;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCpuMsPerEvent = (benchCpu.user + benchCpu.system) / 1000 / THROUGHPUT_EVENTS;
    const pgCpuAfter = await postgresCpu(sql);
    const pgCpuMsPerEvent = ([...pgCpuAfter].reduce((sum, [pid, s]) => sum + s - (pgCpuBefore.get(pid) ?? 0), 0) * 1000) / THROUGHPUT_EVENTS;
    const redisCpuMsPerEvent = (((await redisCpu(redis)) - redisCpuBefore) * 1000) / THROUGHPUT_EVENTS;
    ctx.say(
      `CPU per event: Kiln ${kilnCpuMsPerEvent.toFixed(3)} ms (one core's ceiling ${(1000 / kilnCpuMsPerEvent).toFixed(0)}/s), receiver and inserts ${benchCpuMsPerEvent.toFixed(3)} ms, Postgres (this database's backends) ${pgCpuMsPerEvent.toFixed(3)} ms, Redis (the whole server, shared with other runs) ${redisCpuMsPerEvent.toFixed(3)} ms; load average ${loadavg()[0]!.toFixed(1)}`,
    );

    return {
      rows: [],
      timings: [
        {
          label: 'webhooks: status change → delivery latency',
          description: `${LATENCY_SAMPLES} events one at a time: from before the outbox commit to the signed POST's arrival at a loopback receiver`,
          samplesS: latencies,
          unit: 'ms',
          ok: failure === undefined && latencies.length === LATENCY_SAMPLES,
          note: failure,
          targets: [{ stat: 'median', op: '<', value: 200 }],
        },
        {
          label: 'webhooks: delivery throughput',
          description: `${THROUGHPUT_EVENTS} events committed in batches of ${INSERT_BATCH}: delivered events/s from the first commit to the last arrival`,
          samplesS: Number.isFinite(rate) ? [rate] : [],
          unit: 'events/s',
          ok: failure === undefined && Number.isFinite(rate),
          note: failure,
          targets: [{ stat: 'min', op: '>=', value: 1_000 }],
        },
        {
          label: 'webhooks: Kiln CPU per delivered event',
          description: 'CPU time (user + system) of the Kiln process over the throughput burst, divided by the events',
          samplesS: Number.isFinite(rate) ? [kilnCpuMsPerEvent] : [],
          unit: 'ms',
          ok: Number.isFinite(rate),
        },
      ],
    };
  },
};
