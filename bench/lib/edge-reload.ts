/**
 * An idle edge's routing-table reloads, measured in the calling process: a database of its own seeded with
 * 10,000 live sites and 1,000 verified domains with certificates, and the routing table ticking every 5 s
 * as the edge does, incremental (change sequence only) against a full reload forced every tick. Used by
 * bench/edge-reload-idle.ts, which `npm run bench` runs as a child (scenarios/edge-reload-idle.ts).
 */
import { createLocalCa, issueLocalCertificate } from '../../src/hosting/tls';
import { connectDatabase, type Database } from '../../src/db/client';
import { databaseUrlNamed, dropDatabase, ensureDatabase, runMigrations } from '../../src/db/migrate';
import { SiteRoutes } from '../../src/hosting/edge/site-routes';

export const SITES = 10_000;
export const CERTS = 1_000;
export const TICK_MS = 5_000;

export interface Routes {
  reload(): Promise<void>;
}

export interface IdleCpu {
  /** User + system CPU of this process per minute of ticking, after the first load. */
  cpuMsPerMinute: number;
  ticks: number;
}

export interface EdgeReloadIdle {
  sites: number;
  certificates: number;
  windowMs: number;
  tickMs: number;
  full: IdleCpu & { fullReloads: number };
  incremental: IdleCpu & { fullReloads: number; rowsRead: number };
}

async function seed(sql: Database['sql']) {
  await sql`INSERT INTO accounts (id, name, plan_id) SELECT 'acct_bench', 'bench', id FROM plans LIMIT 1`;
  await sql`INSERT INTO sites (id, account_id) SELECT 'site-' || i, 'acct_bench' FROM generate_series(1, ${SITES}) i`;
  await sql`INSERT INTO deployments (id, account_id, site_id, environment, status, published_at)
    SELECT 'dpl_' || i, 'acct_bench', 'site-' || i, 'production', 'published', now() FROM generate_series(1, ${SITES}) i`;
  await sql`INSERT INTO live_deployments (site_id, environment, deployment_id) SELECT 'site-' || i, 'production', 'dpl_' || i FROM generate_series(1, ${SITES}) i`;
  await sql`INSERT INTO domains (id, domain, account_id, site_id, status, ssl, token, verified_at)
    SELECT 'dom_' || i, 'www.bench-' || i || '.example', 'acct_bench', 'site-' || i, 'verified', 'active', 't', now() FROM generate_series(1, ${CERTS}) i`;
  // One real certificate per domain would take minutes to issue; parsing cost is per row either way.
  const issued = await issueLocalCertificate(await createLocalCa(), 'www.bench-1.example');
  await sql`INSERT INTO certificates (hostname, cert_pem, key_pem, issuer, not_before, not_after)
    SELECT 'www.bench-' || i || '.example', ${issued.certPem}, ${issued.keyPem}, 'local', ${issued.notBefore.toISOString()}::timestamptz, ${issued.notAfter.toISOString()}::timestamptz FROM generate_series(1, ${CERTS}) i`;
}

/** CPU (user + system) this process spends in `windowMs` of 5 s ticks, per minute, after the first load. */
export async function idleCpuPerMinute(routes: Routes, windowMs: number): Promise<IdleCpu> {
  await routes.reload();
  // The seeding's and the first load's garbage (and the other variant's) would be collected in the window
  // and counted as ticking: an edge collects it once after starting. Needs node --expose-gc.
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  const began = Date.now();
  let ticks = 0;
  while (Date.now() - began < windowMs) {
    await new Promise((r) => setTimeout(r, TICK_MS));
    await routes.reload();
    ticks++;
  }
  const used = process.cpuUsage(start);
  const elapsed = Date.now() - began;
  return { cpuMsPerMinute: ((used.user + used.system) / 1_000) * (60_000 / elapsed), ticks };
}

/**
 * Seeds a database named from `baseUrl` (dropped afterwards, also on failure), then runs `extra` (e.g. an
 * older routing table to compare) and both of this code's ways, one after the other, `windowMs` each.
 */
export async function measureEdgeReloadIdle(
  baseUrl: string,
  windowMs: number,
  say: (line: string) => void,
  extra?: (database: Database) => Promise<void>,
): Promise<EdgeReloadIdle> {
  const url = databaseUrlNamed(baseUrl, `kiln_bench_edge_reload_${process.pid}`);
  await ensureDatabase(url);
  await runMigrations(url);
  const database = connectDatabase(url);
  try {
    await seed(database.sql);
    say(`seeded ${SITES} live sites, ${CERTS} verified domains with certificates; window ${windowMs} ms, tick ${TICK_MS} ms`);
    await extra?.(database);
    const always = new SiteRoutes(database.db, 'bench.test', 1);
    const full = await idleCpuPerMinute(always, windowMs);
    say(`full reload forced every tick: ${full.cpuMsPerMinute.toFixed(0)} ms CPU/min (${always.stats.full} full reloads)`);
    const incremental = new SiteRoutes(database.db, 'bench.test');
    const after = await idleCpuPerMinute(incremental, windowMs);
    say(
      `incremental (full reload every 10 min): ${after.cpuMsPerMinute.toFixed(1)} ms CPU/min over ${after.ticks} ticks (${incremental.stats.full} full, ${incremental.stats.rowsRead} rows read in all)`,
    );
    return {
      sites: SITES,
      certificates: CERTS,
      windowMs,
      tickMs: TICK_MS,
      full: { ...full, fullReloads: always.stats.full },
      incremental: { ...after, fullReloads: incremental.stats.full, rowsRead: incremental.stats.rowsRead },
    };
  } finally {
    await database.close();
    await dropDatabase(url);
  }
}
