import { setTimeout as sleep } from 'node:timers/promises';
import type postgres from 'postgres';
import { archiveServer, benchSql, buildCounts, buildZip, createDeployment, waitForPublished } from '../lib/hosting';
import { measure } from '../lib/measure';
import type { BenchContext, OutputRow, Scenario, ScenarioOutput, Timing } from '../lib/types';

const SITE = 'bench-create';
const DRAIN_POLL_MS = 250;

function drainTimeoutS(): number {
  const raw = process.env.BENCH_DRAIN_TIMEOUT;
  const n = raw ? Number(raw) : 900;
  return Number.isFinite(n) && n > 0 ? n : 900;
}

/** BENCH_HOSTING_DIAG=1 adds a create row with a new site per request (and its drain). */
const diagnostics = process.env.BENCH_HOSTING_DIAG === '1';

/** Waits until no deployment is pending or building; the Timing says how long that took. */
async function drain(ctx: BenchContext, sql: postgres.Sql, totalBefore: number, label: string): Promise<Timing> {
  const started = Date.now();
  const deadline = started + drainTimeoutS() * 1000;
  let counts = await buildCounts(sql);
  const queued = counts.pending + counts.building;
  let lastSaid = started;
  ctx.say(`created ${counts.total - totalBefore} deployments (warm-up included); ${queued} builds queued or running when the load stopped`);
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
    `${counts.total - totalBefore} deployments created; ${queued} builds were waiting when the load stopped; ` +
    `${drained ? 'drained' : `NOT drained after ${drainTimeoutS()} s (${counts.pending} pending, ${counts.building} building)`} ` +
    `at ${(drainS > 0 ? queued / drainS : 0).toFixed(1)} builds/s; ${counts.failed} failed in total`;
  ctx.say(note);
  return {
    label,
    description: `from the end of the load until no deployment is pending/building (${note})`,
    samplesS: [drainS],
    ok: drained && counts.failed === 0,
    note: drained ? (counts.failed ? `${counts.failed} builds failed` : undefined) : 'the queue did not drain in time',
  };
}

/**
 * Deployment creation under load: site claim (upsert), deployment row insert, BullMQ enqueue, 201.
 * Every request queues a real build of a one-file archive, which the workers (same process) run in
 * the background; the scenario then waits until that backlog is gone so no later row pays for it, and
 * reports how long that took. A GET of one deployment (same auth, one indexed select) is measured
 * after the drain, as the read-path reference of the hosting routes.
 */
export const hostingCreate: Scenario = {
  name: 'hosting: POST /v1/hosting/deployments',
  kind: 'group',
  description: 'deployment creation (claim site, insert, enqueue) + draining the builds it queued',
  async run(ctx): Promise<ScenarioOutput> {
    const archives = await archiveServer(ctx);
    const html = Buffer.from('<!doctype html><meta charset="utf-8"><title>bench</title><h1>Hello from Kiln bench</h1>\n');
    const sourceUrl = archives.add('small.zip', await buildZip([{ path: 'index.html', data: html }]));
    // One build end to end first: if builds cannot work (fetch rules, storage), say so now, not after the load.
    const first = await createDeployment(ctx, SITE, sourceUrl);
    await waitForPublished(ctx, first.id);

    const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
    const rows: OutputRow[] = [];
    const timings: Timing[] = [];
    const sql = benchSql(ctx);
    try {
      let before = await buildCounts(sql);
      const result = await measure({
        name: 'POST /v1/hosting/deployments',
        url: `${ctx.apiUrl}/v1/hosting/deployments`,
        method: 'POST',
        headers,
        body: JSON.stringify({ site_id: SITE, source_url: sourceUrl }),
        connections: 50,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
      });
      rows.push({
        label: 'hosting: POST /v1/hosting/deployments',
        kind: 'api',
        description: `claim site + insert deployment + enqueue build (one-file zip), all on one site "${SITE}"`,
        targets: [{ metric: 'rpsRatio', op: '>=', value: 0.2 }],
        result,
      });
      timings.push(await drain(ctx, sql, before.total, 'hosting: drain builds queued by the create load'));

      rows.push({
        label: '  GET /v1/hosting/deployments/{id}',
        kind: 'diagnostic',
        description: 'the same auth + plan check and one indexed select: the floor of a hosting API call',
        result: await measure({
          name: 'GET /v1/hosting/deployments/{id}',
          url: `${ctx.apiUrl}/v1/hosting/deployments/${first.id}`,
          headers: { authorization: headers.authorization },
          connections: 50,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        }),
      });

      if (diagnostics) {
        before = await buildCounts(sql);
        let n = 0;
        const prefix = `bc-${Date.now().toString(36)}`;
        rows.push({
          label: '  POST deployments, new site each',
          kind: 'diagnostic',
          description: 'as the create row, but every request claims a new site (no shared sites row)',
          result: await measure({
            name: 'POST /v1/hosting/deployments (new site each)',
            url: `${ctx.apiUrl}/v1/hosting/deployments`,
            method: 'POST',
            headers,
            body: JSON.stringify({ site_id: SITE, source_url: sourceUrl }),
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ site_id: `${prefix}-${n++}`, source_url: sourceUrl }) }),
            connections: 50,
            durationS: ctx.durationS,
            warmupS: ctx.warmupS,
          }),
        });
        timings.push(await drain(ctx, sql, before.total, '  drain after the new-site-each load'));
      }
      return { rows, timings };
    } finally {
      await sql.end({ timeout: 5 });
    }
  },
};
