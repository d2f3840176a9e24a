/**
 * `npm run bench`: the API's throughput and latency, each figure also as a share of a bare Hono
 * hello-world measured in the same run (the machine is shared and noisy, absolute numbers drift).
 *
 * One run: throwaway database + Redis prefix + storage dir → migrations → an account and key via the
 * CLI → the baseline server and Kiln (`src/main.ts all`) as child processes → baseline, every other
 * scenario, baseline again → table, target checks, bench/results/latest.json → cleanup (always,
 * also on Ctrl-C).
 *
 * Knobs: BENCH_DURATION (measured seconds per scenario, default 10), BENCH_WARMUP (default 2),
 * BENCH_ONLY (comma-separated name fragments: run only matching non-baseline scenarios, e.g.
 * BENCH_ONLY=hosting for the three hosting scenarios), BENCH_STRICT=1 (exit 1 when a target is missed;
 * failed requests always exit 1), BENCH_CREATE_ROUNDS (alternating rounds of the deployment-create
 * scenario against its durable reference, default 3), BENCH_HOSTING_DRAIN=1 (build everything the
 * create load queued and time it; otherwise those builds are discarded), BENCH_DRAIN_TIMEOUT (seconds
 * to wait for that drain, default 900), BENCH_HOSTING_DIAG=1 (a create row with a new site per request),
 * BENCH_CPU_PROF=<dir> (the create scenario's Kiln web process writes a CPU profile there),
 * BENCH_SYNTH_CHARS (characters of the long synthesis the responsiveness scenario runs, default 200000),
 * BENCH_EDGE_RELOAD_WINDOW (seconds the idle edge's routing table ticks each way, default 30).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_HOSTING_DOMAIN, BENCH_LOG_LEVEL, createEnvironment, disposeEnvironment, provision, type BenchEnvironment } from './lib/environment';
import { freePort, startNode, stopChild, waitForHttp, type Child } from './lib/processes';
import { checkTargets, isClean, pct, renderChecks, renderFailures, renderTable, renderTimings, stats, type Row } from './lib/report';
import type { BenchContext, Result, Scenario, ScenarioOutput, Timing } from './lib/types';
import { SCENARIOS } from './scenarios';
import { QUEUE_NAMES } from '../src/queue/registry';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '..');
const RESULTS_FILE = join(BENCH_DIR, 'results', 'latest.json');

/** Queues the main Kiln process does not serve: the scenario that uses each starts a worker process for it. */
const OWN_WORKER_QUEUES: readonly string[] = ['voice', 'files', 'meaning'];

const say = (line = '') => process.stdout.write(`${line}\n`);

function seconds(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`bench: ${name} must be a whole number of seconds, at least ${min} (got "${raw}")\n`);
    process.exit(2);
  }
  return n;
}

const durationS = seconds('BENCH_DURATION', 10, 1);
const warmupS = seconds('BENCH_WARMUP', 2, 0);
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const strict = process.env.BENCH_STRICT === '1';

const machine = {
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
};
const command = [
  'npm run bench',
  ...[
    'BENCH_DURATION',
    'BENCH_WARMUP',
    'BENCH_ONLY',
    'BENCH_STRICT',
    'BENCH_DRAIN_TIMEOUT',
    'BENCH_CREATE_ROUNDS',
    'BENCH_HOSTING_DRAIN',
    'BENCH_HOSTING_DIAG',
    'BENCH_EDGE_RELOAD_WINDOW',
  ]
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]}`),
].join('  ');

// ---- cleanup: once, whatever happens ---------------------------------------------------------------
const children: Child[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
let benv: BenchEnvironment | undefined;
let cleaning: Promise<boolean> | undefined;

function cleanup(): Promise<boolean> {
  cleaning ??= (async () => {
    say('\nCleaning up');
    for (const fn of cleanups.splice(0)) {
      try {
        await fn();
      } catch (err) {
        say(`  cleanup step failed: ${(err as Error).message}`);
      }
    }
    await Promise.all(
      children.map(async (c) => {
        await stopChild(c, 5_000);
        const { code, signal } = await c.exited;
        say(`  stopped ${c.name} (pid ${c.proc.pid}): ${signal ?? `exit ${code}`}`);
      }),
    );
    return benv ? disposeEnvironment(benv, say) : true;
  })();
  return cleaning;
}

let signals = 0;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (++signals > 1) {
      process.stderr.write(`bench: second ${sig}; exiting without finishing cleanup (database ${benv?.databaseName ?? '?'} may remain)\n`);
      process.exit(130);
    }
    process.stderr.write(`\nbench: ${sig}; cleaning up (send it again to exit at once)\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---- the run -------------------------------------------------------------------------------------
const isOutput = (out: Result | ScenarioOutput): out is ScenarioOutput => 'rows' in out;

function summary(result: Result): string {
  return `${Math.round(result.rps)} req/s, p50 ${result.latencyMs.p50} ms${isClean(result) ? '' : `, ${result.non2xx} non-2xx, ${result.errors} errors`}`;
}

/** Runs one scenario; a `group` prints its progress lines under its name and may give several rows and timings. */
async function runScenario(s: Scenario, ctx: BenchContext, label: string): Promise<{ rows: Row[]; timings: Timing[] }> {
  const started = Date.now();
  const took = () => `(${Math.round((Date.now() - started) / 1000)} s)`;
  if (s.kind === 'group') {
    say(`  ${label}`);
    const out = await s.run(ctx);
    const { rows = [], timings = [] } = isOutput(out)
      ? out
      : { rows: [{ label, kind: 'api' as const, description: s.description, result: out, targets: s.targets }] };
    for (const r of rows) say(`    ${r.label.trim()}: ${summary(r.result)}`);
    for (const t of timings) {
      const st = stats(t.samplesS);
      say(`    ${t.label.trim()}: median ${st.median.toFixed(2)} ${t.unit ?? 's'} (n=${st.n})${t.ok ? '' : ' FAILED'}`);
    }
    say(`    done ${took()}`);
    return { rows, timings };
  }
  process.stdout.write(`  ${label.padEnd(32)} … `);
  const out = await s.run(ctx);
  if (isOutput(out)) throw new Error(`scenario ${s.name} returned several rows; declare it kind: 'group'`);
  say(`${summary(out)} ${took()}`);
  return { rows: [{ label, kind: s.kind === 'baseline' ? 'baseline' : s.kind, description: s.description, result: out, targets: s.targets }], timings: [] };
}

async function main(): Promise<number> {
  say('Kiln benchmark');
  say(
    `  machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}, node ${machine.node}, load avg (1 min) ${machine.loadAverage1m}`,
  );
  say(`  command: ${command}  (node --import tsx bench/run.ts)`);
  say(`  each scenario: ${warmupS} s warm-up (discarded) + ${durationS} s measured, autocannon in this process`);
  say(
    `  Kiln runs as \`node --import tsx src/main.ts all\` (API + workers in one process; the voice and files queues in worker processes their scenarios start), NODE_ENV=test,`,
  );
  say(`  LOG_LEVEL=${BENCH_LOG_LEVEL}: per-request logging (info) is OFF during the bench, so its cost is not measured.`);
  say();

  benv = await createEnvironment();
  say(`Setup: database ${benv.databaseName}, Redis prefix ${benv.redisPrefix}:, storage ${benv.storageDir}`);
  const { accountId, apiKey } = await provision(ROOT, benv);
  say(`  migrated; account ${accountId} (business, rate limit 100000000/min) with one key`);

  const [helloPort, apiPort, edgeHttpPort, edgeHttpsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const hello = startNode('hello-server', ROOT, ['bench/hello-server.ts'], { ...process.env, PORT: String(helloPort) });
  children.push(hello);
  // The voice and files scenarios run their own worker process for their queue, so its peak memory is its own.
  const kilnQueues = QUEUE_NAMES.filter((q) => !OWN_WORKER_QUEUES.includes(q)).join(',');
  const kiln = startNode('kiln (all)', ROOT, ['src/main.ts', 'all'], {
    ...benv.env,
    WORKER_QUEUES: kilnQueues,
    PORT: String(apiPort),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    EDGE_HTTP_PORT: String(edgeHttpPort),
    EDGE_HTTPS_PORT: String(edgeHttpsPort),
  });
  children.push(kiln);
  const ctx: BenchContext = {
    baselineUrl: `http://127.0.0.1:${helloPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    apiKey,
    accountId,
    durationS,
    warmupS,
    edgeUrl: `http://127.0.0.1:${edgeHttpPort}`,
    hostingDomain: BENCH_HOSTING_DOMAIN,
    databaseUrl: benv.databaseUrl,
    kilnEnv: benv.env,
    kilnPid: kiln.proc.pid ?? 0,
    root: ROOT,
    startChild(name, args, env) {
      const child = startNode(name, ROOT, args, env);
      children.push(child);
      return child;
    },
    onCleanup: (fn) => void cleanups.push(fn),
    say: (line) => say(`    ${line}`),
  };
  await Promise.all([waitForHttp(hello, `${ctx.baselineUrl}/`), waitForHttp(kiln, `${ctx.apiUrl}/readyz`)]);
  // The edge starts after the API (it first makes the wildcard certificate); any answer means it listens.
  await waitForHttp(kiln, `${ctx.edgeUrl}/`, 60_000, () => true);
  say(
    `  baseline on :${helloPort} (pid ${hello.proc.pid}), Kiln on :${apiPort} (pid ${kiln.proc.pid}), /readyz 200; edge http :${edgeHttpPort}, https :${edgeHttpsPort}, HOSTING_DOMAIN=${BENCH_HOSTING_DOMAIN}`,
  );
  say();

  const baselines = SCENARIOS.filter((s) => s.kind === 'baseline');
  const others = SCENARIOS.filter((s) => s.kind !== 'baseline' && (only.length === 0 || only.some((o) => s.name.toLowerCase().includes(o))));
  if (others.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no scenario (have: ${SCENARIOS.map((s) => s.name).join('; ')})`);

  say('Measuring');
  const first: Row[] = [];
  for (const s of baselines) first.push(...(await runScenario(s, ctx, `${s.name} [first]`)).rows);
  const measured: Row[] = [];
  const timings: Timing[] = [];
  for (const s of others) {
    const out = await runScenario(s, ctx, s.name);
    measured.push(...out.rows);
    timings.push(...out.timings);
  }
  const last: Row[] = [];
  for (const s of baselines) last.push(...(await runScenario(s, ctx, `${s.name} [last]`)).rows);

  const baselineRps = [...first, ...last].map((r) => r.result.rps);
  const referenceRps = baselineRps.reduce((a, b) => a + b, 0) / baselineRps.length;
  const drift = first.length && last.length ? last[0]!.result.rps / first[0]!.result.rps - 1 : 0;
  const rows = [...first, ...last, ...measured];

  say();
  say(`Results (${durationS} s each, after ${warmupS} s warm-up; "vs base" = req/s as a share of the baseline reference)`);
  say(renderTable(rows, referenceRps));
  if (timings.length) {
    say();
    say('Timings and other measured quantities');
    say(renderTimings(timings));
  }
  say();
  say(
    `Baseline reference: ${Math.round(referenceRps)} req/s = mean of first ${baselineRps.map((r) => Math.round(r)).join(' and last ')} (drift ${drift >= 0 ? '+' : ''}${pct(drift)} first → last)`,
  );
  for (const { label, kind, description } of rows) if (kind !== 'baseline') say(`  ${label.trim()}: ${description}`);
  for (const { label, description } of timings) say(`  ${label.trim()}: ${description}`);

  const failures = renderFailures(rows);
  if (failures) {
    say();
    say('Failed requests (the measurements above are not valid while this is non-zero)');
    say(failures);
  }
  const checks = checkTargets(rows, referenceRps, timings);
  say();
  say('Target checks');
  say(checks.length ? renderChecks(checks) : '  (no targets among the scenarios run)');
  const serviceLines = kiln.lineCount();
  if (serviceLines > 0) {
    say();
    say(`Kiln printed ${serviceLines} line(s) at ${BENCH_LOG_LEVEL} or above during the run; the last ones:`);
    say(
      kiln
        .tail()
        .split('\n')
        .slice(-10)
        .map((l) => `  ${l.length > 300 ? `${l.slice(0, 300)}…` : l}`)
        .join('\n'),
    );
  }

  await mkdir(dirname(RESULTS_FILE), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        finishedAt: new Date().toISOString(),
        machine,
        command,
        settings: { durationS, warmupS, logLevel: BENCH_LOG_LEVEL, nodeEnv: 'test', kilnRole: 'all', hostingDomain: BENCH_HOSTING_DOMAIN },
        baseline: { firstRps: baselineRps[0], lastRps: baselineRps[baselineRps.length - 1], referenceRps },
        rows: rows.map((row) => {
          const peer = row.peer === undefined ? undefined : rows.find((r) => r.label === row.peer);
          return {
            label: row.label.trim(),
            kind: row.kind,
            description: row.description,
            ...row.result,
            rpsRatio: row.kind === 'baseline' ? undefined : row.result.rps / referenceRps,
            peer: peer?.label.trim(),
            peerRatio: peer ? row.result.rps / peer.result.rps : undefined,
          };
        }),
        timings: timings.map((t) => ({
          label: t.label.trim(),
          description: t.description,
          unit: t.unit ?? 's',
          ok: t.ok,
          note: t.note,
          samples: t.samplesS,
          ...stats(t.samplesS),
        })),
        targets: checks.map((c) => ({ ...c, row: c.row.trim() })),
      },
      null,
      2,
    )}\n`,
  );
  say();
  say(`Wrote ${relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

  if (rows.some((r) => !isClean(r.result)) || timings.some((t) => !t.ok)) return 1;
  if (strict && checks.some((c) => c.status !== 'PASS')) return 1;
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  process.stderr.write(`\nbench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  exitCode = 1;
} finally {
  const cleaned = await cleanup();
  if (!cleaned) exitCode = 1;
}
process.exit(exitCode);
