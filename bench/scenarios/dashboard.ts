import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/dashboard/passwords';
import { connectDatabase } from '../../src/db/client';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { createMember } from '../../src/db/queries/users';
import type { BenchContext, OutputRow, Result, Scenario, ScenarioOutput } from '../lib/types';

/** Deployments on the bench account, over a few sites: one with a long history, the others smaller. */
const SITES: { id: string; deployments: number }[] = [
  { id: 'bench-dash-big', deployments: 7_000 },
  { id: 'bench-dash-b', deployments: 1_500 },
  { id: 'bench-dash-c', deployments: 1_000 },
  { id: 'bench-dash-d', deployments: 500 },
];
const REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const P50_TARGET_MS = 50;

/**
 * 10,000 deployments in one statement per site: a minute apart, mostly published, one in twenty failed
 * with a reason, one in ten a preview; the newest published production deployment of each site is live.
 */
export async function seedDeployments(ctx: BenchContext): Promise<void> {
  const database = connectDatabase(ctx.databaseUrl, { max: 2 });
  try {
    for (const site of SITES) {
      await claimSiteOwner(database.db, ctx.accountId, site.id);
      await database.sql`
        INSERT INTO deployments (id, account_id, site_id, environment, status, source_url, error, file_count, total_bytes,
                                 created_at, started_at, published_at, finished_at)
        SELECT 'dep_bench' || ${site.id.replace(/[^a-z0-9]/g, '')} || lpad(n::text, 6, '0'), ${ctx.accountId}, ${site.id},
               CASE WHEN n % 10 = 0 THEN 'preview' ELSE 'production' END,
               CASE WHEN n % 20 = 7 THEN 'failed' ELSE 'published' END,
               'https://example.com/site-' || n || '.zip',
               CASE WHEN n % 20 = 7 THEN 'The archive was refused: it holds more than 20000 files.' END,
               CASE WHEN n % 20 = 7 THEN NULL ELSE 120 END,
               CASE WHEN n % 20 = 7 THEN NULL ELSE 1048576 END,
               now() - make_interval(mins => ${site.deployments} - n), now() - make_interval(mins => ${site.deployments} - n) + interval '1 second',
               CASE WHEN n % 20 = 7 THEN NULL ELSE now() - make_interval(mins => ${site.deployments} - n) + interval '3 seconds' END,
               now() - make_interval(mins => ${site.deployments} - n) + interval '4 seconds'
        FROM generate_series(1, ${site.deployments}) AS n`;
      await database.sql`
        INSERT INTO live_deployments (site_id, environment, deployment_id)
        SELECT site_id, environment, id FROM deployments
        WHERE site_id = ${site.id} AND environment = 'production' AND status = 'published'
        ORDER BY created_at DESC LIMIT 1
        ON CONFLICT (site_id, environment) DO UPDATE SET deployment_id = excluded.deployment_id`;
    }
    // A few build-log lines on the newest deployment of the big site, as a real build leaves.
    await database.sql`
      INSERT INTO deployment_logs (deployment_id, level, message)
      SELECT id, 'info', 'Bench log line ' || n FROM deployments, generate_series(1, 8) AS n
      WHERE site_id = ${SITES[0]!.id} ORDER BY created_at DESC LIMIT 8`;
    // What autovacuum does soon after a bulk load; without it the planner guesses row counts.
    await database.sql`ANALYZE deployments, sites, live_deployments`;
  } finally {
    await database.close();
  }
}

/** A dashboard user of the bench account, made in the database; then a real sign-in for its session cookie. */
async function signIn(ctx: BenchContext): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(12).toString('base64url')}`;
  const database = connectDatabase(ctx.databaseUrl, { max: 1 });
  try {
    await createMember(database.db, { email, passwordHash: await hashPassword(password), accountId: ctx.accountId, role: 'owner' });
  } finally {
    await database.close();
  }
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const page = await fetch(`${ctx.apiUrl}/dashboard/sign-in`);
  keep(page);
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('the sign-in page has no form token');
  const res = await fetch(`${ctx.apiUrl}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: header(), 'content-type': 'application/x-www-form-urlencoded', origin: ctx.apiUrl, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ _csrf: token, email, password }),
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  keep(res);
  return header();
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * `REQUESTS` GETs one after another (one connection, kept alive), each timed from send to the last byte
 * of the body: with nothing else in flight, that is the server's time plus a loopback round trip.
 */
async function sequential(name: string, url: string, headers: Record<string, string>, expect: (html: string) => boolean): Promise<Result> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    const body = await res.text();
    return { ms: performance.now() - t0, ok: res.status === 200 && expect(body), status: res.status, body };
  };
  for (let i = 0; i < WARMUP_REQUESTS; i++) await once();
  const samples: number[] = [];
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let probe: { status: number; body: string } | undefined;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const r = await once();
    samples.push(r.ms);
    statusCodes[r.status] = (statusCodes[r.status] ?? 0) + 1;
    if (!r.ok) {
      non2xx++;
      probe ??= { status: r.status, body: r.body.slice(0, 500) };
    }
  }
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    method: 'GET',
    url,
    connections: 1,
    durationS: elapsedS,
    rps: REQUESTS / elapsedS,
    latencyMs: {
      p50: round(quantile(sorted, 0.5)),
      p90: round(quantile(sorted, 0.9)),
      p95: round(quantile(sorted, 0.95)),
      p99: round(quantile(sorted, 0.99)),
      avg: round(samples.reduce((a, b) => a + b, 0) / samples.length),
      max: round(sorted[sorted.length - 1]!),
    },
    requests: REQUESTS,
    non2xx,
    errors: 0,
    timeouts: 0,
    statusCodes,
    ...(probe ? { errorProbe: probe } : {}),
  };
}

const REFERENCE = 'dashboard: hello-world, same method';

/**
 * The account holders' dashboard on an account with 10,000 deployments: the overview, the Sites list
 * (each site's latest deployment and count) and the first page of the biggest site's deployments, each
 * signed in with a real session cookie. Autocannon's load would measure queueing; a page is opened by
 * one person at a time, so each page gets 200 sequential requests and the bare hello-world the same,
 * as the reference ("vs peer" = req/s as a share of it, i.e. how many hello-worlds one page costs).
 */
export const dashboardPages: Scenario = {
  name: 'dashboard: pages with 10,000 deployments',
  kind: 'group',
  description: 'server time of dashboard pages, signed in, on an account with 10,000 deployments',
  async run(ctx): Promise<ScenarioOutput> {
    const seeded = performance.now();
    await seedDeployments(ctx);
    ctx.say(
      `seeded ${SITES.reduce((n, s) => n + s.deployments, 0)} deployments over ${SITES.length} sites in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const cookie = await signIn(ctx);
    const headers = { cookie };
    const big = SITES[0]!.id;
    const pages = [
      { label: 'dashboard: GET /dashboard (overview)', path: '/dashboard', expect: (h: string) => h.includes('<h1>Overview</h1>') },
      {
        label: 'dashboard: GET /dashboard/sites',
        path: '/dashboard/sites',
        expect: (h: string) => h.includes(`data-site-id="${big}"`) && h.includes('1,000+'),
      },
      {
        label: 'dashboard: GET /dashboard/sites/:site (page 1)',
        path: `/dashboard/sites/${big}`,
        expect: (h: string) => (h.match(/data-deployment-id=/g) ?? []).length === 25 && h.includes('Older →'),
      },
    ];
    const rows: OutputRow[] = [];
    const reference = await sequential(REFERENCE, `${ctx.baselineUrl}/`, {}, (b) => b === 'Hello');
    rows.push({
      label: REFERENCE,
      kind: 'reference',
      description: `the baseline hello-world, ${REQUESTS} sequential requests like the pages below`,
      result: reference,
    });
    ctx.say(`${REFERENCE}: p50 ${reference.latencyMs.p50} ms, p95 ${reference.latencyMs.p95} ms`);
    for (const p of pages) {
      const result = await sequential(p.label, `${ctx.apiUrl}${p.path}`, headers, p.expect);
      ctx.say(`${p.label}: p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms`);
      rows.push({
        label: p.label,
        kind: 'api',
        description: `${REQUESTS} sequential signed-in GETs (after ${WARMUP_REQUESTS} discarded), send → last byte; p95 in results JSON and the line above`,
        result,
        peer: REFERENCE,
        targets: [{ metric: 'p50', op: '<', value: P50_TARGET_MS }],
      });
    }
    return { rows };
  },
};
