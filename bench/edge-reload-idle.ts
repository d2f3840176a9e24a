/**
 * An idle edge's CPU per minute with 10,000 live sites and 1,000 verified domains with certificates: the
 * incremental routing table (every tick reads the change sequence only) against a full reload forced
 * every tick. Both run in this process against a database of their own, ticking every 5 s as the edge
 * does, for the same window (bench/lib/edge-reload.ts).
 *
 * Run with `node --import tsx --expose-gc bench/edge-reload-idle.ts` (DATABASE_URL as for the service; BENCH_WINDOW_MS
 * to change the 60 s window). `npm run bench` runs it as its `edge reload` scenario with `--json`: the
 * figures as one line `EDGE_RELOAD_RESULT {…}`. When `BENCH_BEFORE_REF` (default main) still has the
 * routing table that reloaded everything, it is read from git and measured first, as "before".
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { idleCpuPerMinute, measureEdgeReloadIdle, type Routes } from './lib/edge-reload';
import type { Database } from '../src/db/client';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 60_000);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kiln';
const json = process.argv.includes('--json');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function beforeClass(): Promise<(new (db: Database['db'], domain: string) => Routes) | null> {
  const ref = process.env.BENCH_BEFORE_REF ?? 'main';
  let source: string;
  try {
    source = execFileSync('git', ['show', `${ref}:src/hosting/edge/site-routes.ts`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
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
  const result = await measureEdgeReloadIdle(base, WINDOW_MS, say, async (database) => {
    const Before = json ? null : await beforeClass();
    if (!Before) return;
    const before = await idleCpuPerMinute(new Before(database.db, 'bench.test'), WINDOW_MS);
    say(
      `before (${process.env.BENCH_BEFORE_REF ?? 'main'}, full reload every tick): ${before.cpuMsPerMinute.toFixed(0)} ms CPU/min over ${before.ticks} ticks`,
    );
  });
  say(`ratio full/incremental: ${(result.full.cpuMsPerMinute / Math.max(result.incremental.cpuMsPerMinute, 0.1)).toFixed(0)}x`);
  if (json) say(`EDGE_RELOAD_RESULT ${JSON.stringify(result)}`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
