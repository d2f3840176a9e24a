/**
 * An idle edge's CPU per minute with 10,000 live sites and 1,000 verified domains with certificates:
 * main's routing table (every tick reloads every table) against the incremental one (every tick reads
 * the change sequence only). Both run in this process against a database of their own, ticking every
 * 5 s as the edge does, for the same window. Run with `node --import tsx bench/edge-reload-idle.ts`
 * (DATABASE_URL as for the service; `BENCH_WINDOW_MS` to change the 60 s window). The "before" class is
 * read from git (`BENCH_BEFORE_REF`, default main) when that ref still has the old one.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLocalCa, issueLocalCertificate } from '../src/hosting/tls';
import { connectDatabase } from '../src/db/client';
import { databaseUrlNamed, dropDatabase, ensureDatabase, runMigrations } from '../src/db/migrate';
import { SiteRoutes } from '../src/hosting/edge/site-routes';

const SITES = 10_000;
const CERTS = 1_000;
const TICK_MS = 5_000;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 60_000);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kiln';
const url = databaseUrlNamed(base, `kiln_bench_edge_reload_${process.pid}`);

interface Routes {
  reload(): Promise<void>;
}

async function seed(sql: ReturnType<typeof connectDatabase>['sql']) {
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

/** CPU (user + system) this process spends in `WINDOW_MS` of 5 s ticks, per minute, after the first load. */
async function idleCpuPerMinute(routes: Routes): Promise<{ cpuMsPerMinute: number; ticks: number }> {
  await routes.reload();
  const start = process.cpuUsage();
  const began = Date.now();
  let ticks = 0;
  while (Date.now() - began < WINDOW_MS) {
    await new Promise((r) => setTimeout(r, TICK_MS));
    await routes.reload();
    ticks++;
  }
  const used = process.cpuUsage(start);
  const elapsed = Date.now() - began;
  return { cpuMsPerMinute: ((used.user + used.system) / 1_000) * (60_000 / elapsed), ticks };
}

async function beforeClass(): Promise<(new (db: any, domain: string) => Routes) | null> {
  const ref = process.env.BENCH_BEFORE_REF ?? 'main';
  let source: string;
  try {
    source = execFileSync('git', ['show', `${ref}:src/hosting/edge/site-routes.ts`], { encoding: 'utf8' });
  } catch {
    return null;
  }
  if (source.includes('routingChangesAfter')) return null;
  // Beside the current one, so its relative imports resolve.
  const file = path.resolve('src/hosting/edge/.site-routes-before.bench.ts');
  writeFileSync(file, source);
  try {
    return (await import(file)).SiteRoutes;
  } finally {
    rmSync(file, { force: true });
  }
}

async function main() {
  await ensureDatabase(url);
  await runMigrations(url);
  const database = connectDatabase(url);
  try {
    await seed(database.sql);
    process.stdout.write(`seeded ${SITES} live sites, ${CERTS} verified domains with certificates; window ${WINDOW_MS} ms, tick ${TICK_MS} ms\n`);
    const Before = await beforeClass();
    if (Before) {
      const before = await idleCpuPerMinute(new Before(database.db, 'bench.test'));
      process.stdout.write(`before (full reload every tick): ${before.cpuMsPerMinute.toFixed(0)} ms CPU/min over ${before.ticks} ticks\n`);
    }
    const always = new SiteRoutes(database.db, 'bench.test', 1);
    const full = await idleCpuPerMinute(always);
    process.stdout.write(`this code, full reload forced every tick: ${full.cpuMsPerMinute.toFixed(0)} ms CPU/min (${always.stats.full} full reloads)\n`);
    const incremental = new SiteRoutes(database.db, 'bench.test');
    const after = await idleCpuPerMinute(incremental);
    process.stdout.write(
      `after (incremental, full reload every 10 min): ${after.cpuMsPerMinute.toFixed(1)} ms CPU/min over ${after.ticks} ticks (${incremental.stats.full} full, ${incremental.stats.rowsRead} rows read in all)\n`,
    );
    process.stdout.write(`ratio full/incremental: ${(full.cpuMsPerMinute / Math.max(after.cpuMsPerMinute, 0.1)).toFixed(0)}x\n`);
  } finally {
    await database.close();
    await dropDatabase(url);
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
