import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { makeScannedPdf } from '../../test/support/document-fixtures';
import { webhookEventsChannel } from '../../src/webhooks/outbox';
import { makeBook, uploadFile } from '../lib/documents';
import { loadVocabulary } from '../lib/english';
import { createBenchAccount } from '../lib/environment';
import { archiveServer, benchSql, buildZip, createDeployment, type Deployment, getDeployment, waitForPublished } from '../lib/hosting';
import { stopChild } from '../lib/processes';
import { stats } from '../lib/report';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

/**
 * One account floods a shared queue; another account's small job of the same kind is timed against
 * the same job on the idle queue (src/queue/fair-order.ts, issue 24 item 7). The target: under the
 * flood it finishes within 2 × its idle time plus one flood job's duration (it may wait for a job
 * already running, never for the whole flood).
 *
 * - deploy: 6 builds from archive sources that drip a byte a second (each fails as too slow after
 *   FETCH_MIN_RATE_WINDOW_MS) against a 1-file site from a source that answers at once;
 * - files: two scanned PDFs (text recognition of every page) against a 21-byte CSV, on a files worker of
 *   concurrency 1;
 * - webhooks: 20 endpoints (the cap) at receivers that never answer, 50 events (1,000 deliveries, each held
 *   for WEBHOOK_TIMEOUT_MS), against one event to an endpoint that answers at once.
 */

const IDLE_SAMPLES = 3;
const DRIP_BUILDS = 6;
const SCAN_PAGES = 5;
const FLOOD_ENDPOINTS = 20;
const FLOOD_EVENTS = 50;
const CSV = Buffer.from('city,people\nOslo,700\n');

type As = BenchContext;

function as(ctx: BenchContext, account: { accountId: string; apiKey: string }): As {
  return { ...ctx, accountId: account.accountId, apiKey: account.apiKey };
}

const median = (xs: number[]) => stats(xs).median;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function listen(ctx: BenchContext, handler: (res: ServerResponse, headers: Record<string, string | string[] | undefined>) => void): Promise<string> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(res, req.headers));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ctx.onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The small job's idle and flooded times, the ratio, and the bound it must stay under. */
function fairnessTimings(kind: string, what: string, idle: number[], flooded: number, jobS: number, note?: string): Timing[] {
  const idleS = median(idle);
  const bound = 2 * idleS + jobS;
  const ok = Number.isFinite(flooded);
  return [
    {
      label: `fairness: ${kind}, small job under a flood`,
      description: `${what}: seconds while the other account floods the queue; must stay under 2 × idle (${idleS.toFixed(2)} s) + one flood job (${jobS.toFixed(1)} s) = ${bound.toFixed(1)} s`,
      samplesS: ok ? [flooded] : [],
      ok,
      note,
      targets: [{ stat: 'max', op: '<', value: Math.round(bound * 100) / 100 }],
    },
    {
      label: `fairness: ${kind}, flooded / idle`,
      description: `the same job's time under the flood over its median idle time (${idle.map((s) => s.toFixed(2)).join(', ')} s)`,
      samplesS: ok ? [flooded / idleS] : [],
      unit: '×',
      ok,
    },
  ];
}

async function deployFairness(ctx: BenchContext, flooder: As, small: As): Promise<Timing[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const archives = await archiveServer(ctx);
  const smallUrl = archives.add(`fair-${tag}.zip`, await buildZip([{ path: 'index.html', data: Buffer.from('<p>small</p>') }]));
  let dripping = 0;
  const drips: ServerResponse[] = [];
  const dripBase = await listen(ctx, (res) => {
    dripping++;
    drips.push(res);
    res.writeHead(200, { 'Content-Type': 'application/zip' });
    const timer = setInterval(() => res.write('P'), 1_000);
    res.on('close', () => {
      clearInterval(timer);
      dripping--;
    });
  });
  const idle: number[] = [];
  for (let i = 0; i < IDLE_SAMPLES; i++) {
    const t = performance.now();
    const d = await createDeployment(small, `fair-small-${tag}`, smallUrl);
    await waitForPublished(small, d.id);
    idle.push((performance.now() - t) / 1000);
  }
  const flood: Deployment[] = [];
  for (let i = 0; i < DRIP_BUILDS; i++) flood.push(await createDeployment(flooder, `fair-drip-${tag}`, `${dripBase}/drip-${i}.zip`));
  // Both deploy slots are held by drip-fed downloads before the small deploy is asked for.
  await until('two drip downloads', () => dripping >= 2);
  const t = performance.now();
  const d = await createDeployment(small, `fair-small-${tag}`, smallUrl);
  await waitForPublished(small, d.id, 20, 600_000);
  const flooded = (performance.now() - t) / 1000;
  const windowS = Number(ctx.kilnEnv.FETCH_MIN_RATE_WINDOW_MS ?? 10_000) / 1000;
  // The flood drains (each drip fails as too slow) before the next queue is measured.
  let failed = 0;
  await until(
    'the drip builds to fail',
    async () => {
      const states = await Promise.all(flood.map((f) => getDeployment(flooder, f.id)));
      failed = states.filter((s) => s.status === 'failed').length;
      return states.every((s) => s.status === 'failed' || s.status === 'published');
    },
    900_000,
  );
  const error = (await getDeployment(flooder, flood[0]!.id)).error ?? '';
  ctx.say(
    `deploy: small deploy idle ${idle.map((s) => s.toFixed(2)).join(', ')} s; under ${DRIP_BUILDS} drip builds ${flooded.toFixed(2)} s; ${failed}/${DRIP_BUILDS} drip builds failed (${error})`,
  );
  return fairnessTimings(
    'deploy',
    `a 1-file deploy of another account while ${DRIP_BUILDS} builds drip a byte a second (deploy concurrency 2)`,
    idle,
    flooded,
    windowS,
    `a drip build holds its slot for FETCH_MIN_RATE_WINDOW_MS = ${windowS} s; ${failed}/${DRIP_BUILDS} failed: ${error}`,
  );
}

async function filesFairness(ctx: BenchContext, flooder: As, small: As): Promise<Timing[]> {
  loadVocabulary();
  const scan = await makeScannedPdf(
    makeBook(SCAN_PAGES, 24_007).pages.map((p) => p.text),
    { dpi: 150 },
  );
  const worker = ctx.startChild('kiln worker (files, fairness)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'files' });
  const sql = benchSql(ctx);
  try {
    const csv = { bytes: CSV, filename: 'small.csv', type: 'text/csv' };
    await uploadFile(small, csv, { timeoutMs: 300_000, worker });
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) idle.push((await uploadFile(small, csv, { timeoutMs: 300_000, worker })).wallS);
    const scans = [0, 1].map((i) => uploadFile(flooder, { bytes: scan, filename: `scan-${i}.pdf`, type: 'application/pdf' }, { timeoutMs: 1_800_000, worker }));
    for (const s of scans) s.catch(() => undefined);
    // Both scans are in: the first is being read, the second waits.
    await until('both scans to be queued, one running', async () => {
      const [row] = await sql<{ running: number; all: number }[]>`
        SELECT count(*) FILTER (WHERE status = 'running')::int AS running, count(*)::int AS all
        FROM jobs WHERE account_id = ${flooder.accountId} AND kind = 'file.ingest'`;
      return row!.running >= 1 && row!.all >= 2;
    });
    const flooded = (await uploadFile(small, csv, { timeoutMs: 1_800_000, worker })).wallS;
    const [first, second] = await Promise.all(scans);
    ctx.say(
      `files: 21-byte CSV idle ${idle.map((s) => s.toFixed(2)).join(', ')} s; behind two ${SCAN_PAGES}-page scans ${flooded.toFixed(2)} s (the scans took ${first!.wallS.toFixed(1)} s and ${second!.wallS.toFixed(1)} s)`,
    );
    return fairnessTimings(
      'files',
      `a 21-byte CSV upload of another account while two ${SCAN_PAGES}-page scanned PDFs are read (files concurrency 1)`,
      idle,
      flooded,
      first!.wallS,
      `one flood job = the first scan's upload, ${first!.wallS.toFixed(1)} s`,
    );
  } finally {
    await stopChild(worker, 5_000);
    await sql.end();
  }
}

async function createEndpoint(account: As, url: string): Promise<Response> {
  return fetch(`${account.apiUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, event_types: ['job.completed'] }),
  });
}

async function webhookFairness(ctx: BenchContext, flooder: As, small: As): Promise<Timing[]> {
  const arrived = new Map<string, number>();
  const fast = await listen(ctx, (res, headers) => {
    const id = String(headers['webhook-id']);
    if (!arrived.has(id)) arrived.set(id, performance.now());
    res.writeHead(204).end();
  });
  let held = 0;
  // Receivers that never answer: each delivery holds its slot until WEBHOOK_TIMEOUT_MS. One server per
  // endpoint, so the per-origin socket cap does not hide the flood.
  const slow: string[] = [];
  for (let i = 0; i < FLOOD_ENDPOINTS; i++) slow.push(await listen(ctx, () => held++));
  for (const base of slow) {
    const res = await createEndpoint(flooder, `${base}/hook`);
    if (res.status !== 201) throw new Error(`POST /v1/webhooks answered ${res.status}: ${await res.text()}`);
  }
  const over = await createEndpoint(flooder, `${slow[0]}/one-more`);
  const refusal = `${over.status} ${((await over.json()) as { error?: { code?: string } }).error?.code}`;
  const mine = await createEndpoint(small, `${fast}/hook`);
  if (mine.status !== 201) throw new Error(`POST /v1/webhooks answered ${mine.status}: ${await mine.text()}`);

  const sql = benchSql(ctx);
  const redis = new Redis(String(ctx.kilnEnv.REDIS_URL), { maxRetriesPerRequest: 1 });
  const channel = webhookEventsChannel(String(ctx.kilnEnv.REDIS_PREFIX), String(ctx.kilnEnv.REDIS_URL));
  const tag = Math.random().toString(36).slice(2, 8);
  const send = async (id: string) => {
    const t = performance.now();
    await sql`INSERT INTO webhook_events (id, account_id, type, data) VALUES (${id}, ${small.accountId}, 'job.completed', ${sql.json({ id })})`;
    await redis.publish(channel, '1');
    await until(`event ${id}`, () => arrived.has(id), 600_000);
    return (arrived.get(id)! - t) / 1000;
  };
  try {
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES + 2; i++) idle.push(await send(`msg_fairidle${tag}${i}`));
    await sql`
      INSERT INTO webhook_events (id, account_id, type, data)
      SELECT 'msg_fairflood' || ${tag} || i, ${flooder.accountId}, 'job.completed', jsonb_build_object('i', i)
      FROM generate_series(1, ${FLOOD_EVENTS}::int) AS i`;
    await redis.publish(channel, '1');
    // The flood holds delivery slots before the small event is written.
    await until('the flood to hold 150 deliveries', () => held >= 150);
    const flooded = await send(`msg_fairflooded${tag}`);
    const timeoutS = Number(ctx.kilnEnv.WEBHOOK_TIMEOUT_MS ?? 10_000) / 1000;
    ctx.say(
      `webhooks: ${FLOOD_ENDPOINTS + 1}st endpoint answered ${refusal}; small event idle ${idle.map((s) => (s * 1000).toFixed(0)).join(', ')} ms; under ${FLOOD_EVENTS * FLOOD_ENDPOINTS} held deliveries ${(flooded * 1000).toFixed(0)} ms (${held} requests held so far)`,
    );
    return fairnessTimings(
      'webhooks',
      `one event to another account's endpoint while ${FLOOD_EVENTS} events fan out to ${FLOOD_ENDPOINTS} endpoints that never answer`,
      idle,
      flooded,
      timeoutS,
      `one flood job = a delivery held to WEBHOOK_TIMEOUT_MS, ${timeoutS} s; endpoint ${FLOOD_ENDPOINTS + 1} of the flooder: ${refusal}`,
    );
  } finally {
    await sql.end();
    redis.disconnect();
  }
}

export const fairnessScenario: Scenario = {
  name: 'fairness: one account floods deploy, files and webhooks',
  kind: 'group',
  description: "another account's small job of the same kind, under the flood and idle",
  async run(ctx): Promise<ScenarioOutput> {
    const flooder = as(ctx, await createBenchAccount(ctx.root, ctx.kilnEnv, 'bench-flooder'));
    const small = as(ctx, await createBenchAccount(ctx.root, ctx.kilnEnv, 'bench-small'));
    const timings: Timing[] = [];
    const parts = [deployFairness, filesFairness, webhookFairness];
    for (const part of parts) {
      try {
        timings.push(...(await part(ctx, flooder, small)));
      } catch (err) {
        ctx.say(`${part.name} failed: ${(err as Error).message}`);
        timings.push({ label: `fairness: ${part.name}`, description: 'did not finish', samplesS: [], ok: false, note: (err as Error).message });
      }
    }
    return { rows: [], timings };
  },
};
