import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { queueOf } from '../../src/queue/registry';
import { startPgBouncer } from '../../test/support/pgbouncer-server';
import { archiveServer, benchSql, buildZip } from '../lib/hosting';
import { measure } from '../lib/measure';
import { freePort, stopChild, waitForHttp, type Child } from '../lib/processes';
import type { OutputRow, Result, Scenario, ScenarioOutput, Timing } from '../lib/types';

const SITES = 40;
const CONNECTIONS = 50;
/**
 * Rounds over the three set-ups, each round starting with the next one (the machine is shared, and the
 * deployments table grows as the loads run: one round, or one order, can mislead).
 */
const ROUNDS = 3;

interface Setup {
  key: 'off' | 'on' | 'bouncer';
  label: string;
  env: NodeJS.ProcessEnv;
}

/**
 * What turning prepared statements off (the default since PgBouncer lost writes with them on) costs, and
 * what running through PgBouncer in transaction pooling mode costs: `GET /v1/usage` and deployment creation
 * against three `web` processes started for this, each on its own pool of DATABASE_POOL_SIZE connections:
 * DATABASE_PREPARE=false and =true straight to Postgres, and =false through a PgBouncer (Debian's, started
 * here on loopback with pool_mode=transaction and as many server connections). The deploy queue is paused
 * meanwhile and the builds the loads queued are discarded afterwards.
 */
export const databasePrepare: Scenario = {
  name: 'database: prepared statements off vs on, and via PgBouncer',
  kind: 'group',
  description: 'GET /v1/usage and POST /v1/hosting/deployments with DATABASE_PREPARE off vs on, and off through PgBouncer (transaction pooling)',
  async run(ctx): Promise<ScenarioOutput> {
    const poolSize = Number(ctx.kilnEnv.DATABASE_POOL_SIZE ?? 10) || 10;
    const bouncer = await startPgBouncer(ctx.databaseUrl, { poolSize });
    ctx.onCleanup(() => bouncer.stop());
    const archives = await archiveServer(ctx);
    const html = Buffer.from('<!doctype html><meta charset="utf-8"><title>bench</title><h1>prepare</h1>\n');
    const sourceUrl = archives.add('prepare.zip', await buildZip([{ path: 'index.html', data: html }]));
    const setups: Setup[] = [
      { key: 'off', label: 'DATABASE_PREPARE=false (default)', env: { DATABASE_PREPARE: 'false' } },
      { key: 'on', label: 'DATABASE_PREPARE=true', env: { DATABASE_PREPARE: 'true' } },
      { key: 'bouncer', label: 'via PgBouncer, DATABASE_PREPARE=false', env: { DATABASE_PREPARE: 'false', DATABASE_URL: bouncer.url } },
    ];
    const redis = new Redis(String(ctx.kilnEnv.REDIS_URL), { maxRetriesPerRequest: 1 });
    const deployQueue = new Queue(queueOf('deployment.build'), { connection: redis, prefix: String(ctx.kilnEnv.REDIS_PREFIX) });
    const sql = benchSql(ctx);
    const webs: Child[] = [];
    try {
      const urls = new Map<Setup['key'], string>();
      for (const s of setups) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const web = ctx.startChild(`kiln web (${s.label})`, ['src/main.ts', 'web'], {
          ...ctx.kilnEnv,
          ...s.env,
          PORT: String(port),
          // The installation's PUBLIC_URL (every web and worker must share it); each web is loaded on its own port.
          PUBLIC_URL: ctx.apiUrl,
        });
        webs.push(web);
        await waitForHttp(web, `${url}/readyz`);
        urls.set(s.key, url);
      }
      await deployQueue.pause();
      const auth = { authorization: `Bearer ${ctx.apiKey}` };
      const bodies = Array.from({ length: SITES }, (_, i) => JSON.stringify({ site_id: `bench-prepare-${i}`, source_url: sourceUrl }));
      // Claim the sites first, so that no set-up's load pays for creating them.
      for (const body of bodies) {
        const res = await fetch(`${urls.get('off')}/v1/hosting/deployments`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body,
        });
        if (!res.ok) throw new Error(`creating a deployment answered ${res.status}: ${await res.text()}`);
      }
      const usageLoad = (url: string, name: string) =>
        measure({ name, url: `${url}/v1/usage`, headers: auth, connections: CONNECTIONS, durationS: ctx.durationS, warmupS: ctx.warmupS });
      const createLoad = (url: string, name: string) => {
        let n = 0;
        return measure({
          name,
          url: `${url}/v1/hosting/deployments`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: bodies[0],
          setupRequest: (req) => ({ ...req, body: bodies[n++ % SITES] }),
          connections: CONNECTIONS,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        });
      };
      const last = { usage: new Map<Setup['key'], Result>(), create: new Map<Setup['key'], Result>() };
      const ratios = { usageOffOn: [] as number[], createOffOn: [] as number[], usageBouncer: [] as number[], createBouncer: [] as number[] };
      for (let round = 1; round <= ROUNDS; round++) {
        const order = setups.map((_, i) => setups[(i + round - 1) % setups.length]!);
        for (const s of order) last.usage.set(s.key, await usageLoad(urls.get(s.key)!, `GET /v1/usage (${s.label})`));
        for (const s of order) last.create.set(s.key, await createLoad(urls.get(s.key)!, `POST /v1/hosting/deployments (${s.label})`));
        const rps = (m: Map<Setup['key'], Result>, k: Setup['key']) => m.get(k)!.rps;
        ratios.usageOffOn.push(rps(last.usage, 'off') / rps(last.usage, 'on'));
        ratios.createOffOn.push(rps(last.create, 'off') / rps(last.create, 'on'));
        ratios.usageBouncer.push(rps(last.usage, 'bouncer') / rps(last.usage, 'off'));
        ratios.createBouncer.push(rps(last.create, 'bouncer') / rps(last.create, 'off'));
        ctx.say(
          `round ${round}: usage off/on ${ratios.usageOffOn.at(-1)!.toFixed(2)}×, via PgBouncer/direct ${ratios.usageBouncer.at(-1)!.toFixed(2)}×; ` +
            `create off/on ${ratios.createOffOn.at(-1)!.toFixed(2)}×, via PgBouncer/direct ${ratios.createBouncer.at(-1)!.toFixed(2)}×`,
        );
      }
      const label = (what: string, s: Setup) => (s.key === 'off' ? `database: ${what}, ${s.label}` : `  ${what}, ${s.label}`);
      const rows: OutputRow[] = [];
      for (const [what, results] of [
        ['GET /v1/usage', last.usage],
        ['POST deployments', last.create],
      ] as const) {
        const [off, on, viaBouncer] = setups;
        rows.push(
          {
            label: label(what, off!),
            kind: 'diagnostic',
            description: `${what}, prepared statements off (the default)`,
            peer: label(what, on!),
            result: results.get('off')!,
          },
          { label: label(what, on!), kind: 'reference', description: `${what}, prepared statements on`, result: results.get('on')! },
          {
            label: label(what, viaBouncer!),
            kind: 'diagnostic',
            description: `${what} through PgBouncer (pool_mode=transaction, ${poolSize} server connections), prepared statements off`,
            peer: label(what, off!),
            result: results.get('bouncer')!,
          },
        );
      }
      const timing = (l: string, description: string, samples: number[]): Timing => ({ label: l, description, samplesS: samples, unit: '×', ok: true });
      const timings = [
        timing('database: usage, prepare off / on', 'req/s of GET /v1/usage with DATABASE_PREPARE=false over =true, each round', ratios.usageOffOn),
        timing('database: create, prepare off / on', 'req/s of deployment creation with DATABASE_PREPARE=false over =true, each round', ratios.createOffOn),
        timing(
          'database: usage, via PgBouncer / direct',
          'req/s of GET /v1/usage through PgBouncer over straight to Postgres (both prepare off), each round',
          ratios.usageBouncer,
        ),
        timing(
          'database: create, via PgBouncer / direct',
          'req/s of deployment creation through PgBouncer over straight to Postgres (both prepare off), each round',
          ratios.createBouncer,
        ),
      ];
      const marked =
        await sql`UPDATE deployments SET status = 'failed', error = 'bench: build discarded', finished_at = now() WHERE status = 'pending' AND site_id LIKE 'bench-prepare-%'`;
      await deployQueue.drain(true);
      ctx.say(`discarded the ${marked.count} builds the loads queued`);
      return { rows, timings };
    } finally {
      await Promise.all(webs.map((w) => stopChild(w)));
      await deployQueue.resume().catch(() => {});
      await deployQueue.close().catch(() => {});
      redis.disconnect();
      await sql.end({ timeout: 5 });
    }
  },
};
