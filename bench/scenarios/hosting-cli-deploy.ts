import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payload } from '../lib/payloads';
import { stats } from '../lib/report';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const FILES = 10_000;
const REDEPLOYS = 3;

/** 10,000 small distinct files (~0.5–2.5 KB) in 100 folders, as a documentation site's build would emit them. */
function writeSite(dir: string): number {
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const folder = join(dir, `section-${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(folder, { recursive: true });
    const body = `<!doctype html><meta charset="utf-8"><title>Page ${i}</title><p>${payload(`cli:${i}`, 256 + ((i * 389) % 1024)).toString('hex')}</p>\n`;
    writeFileSync(join(folder, `page-${i}.html`), body);
    bytes += body.length;
  }
  writeFileSync(join(dir, 'index.html'), '<!doctype html><h1>CLI bench</h1>\n');
  return bytes;
}

interface CliRun {
  wallS: number;
  out: { uploaded: number; files: number; deployment: { status: string }; timings_ms: Record<string, number> };
}

/** `kiln deploy DIR --site SITE --json` as a user runs it (node + tsx start-up included), timed from spawn to exit. */
function deploy(ctx: BenchContext, dir: string, site: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['bin/kiln.mjs', 'deploy', dir, '--site', site, '--json'], {
      cwd: ctx.root,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), KILN_API_URL: ctx.apiUrl, KILN_API_KEY: ctx.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallS = (performance.now() - t0) / 1000;
      if (code !== 0) return reject(new Error(`kiln deploy exited ${code}: ${stdout.trim()} ${stderr.trim().split('\n').slice(-3).join(' ')}`));
      resolve({ wallS, out: JSON.parse(stdout) });
    });
  });
}

/**
 * The client CLI's deploy of a 10,000-file site: once whole (every file uploaded), then again after one
 * file changed (the manifest is sent, one file uploaded, the build reuses the stored blobs), timed as the
 * user waits for it: from starting `kiln deploy` to its exit once the deployment is published.
 */
export const hostingCliDeploy: Scenario = {
  name: 'hosting: kiln deploy, 10,000 files, one changed',
  kind: 'group',
  description: 'wall time of `kiln deploy DIR` (hash, manifest, uploads, build followed to published)',
  async run(ctx): Promise<ScenarioOutput> {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-cli-'));
    ctx.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    const bytes = writeSite(dir);
    ctx.say(`${FILES + 1} files, ${Math.round(bytes / 1024)} KiB`);
    const site = `bench-cli-${Date.now().toString(36)}`;
    let failure: string | undefined;
    let first: CliRun | undefined;
    const again: CliRun[] = [];
    try {
      first = await deploy(ctx, dir, site);
      ctx.say(`first deploy: ${first.wallS.toFixed(2)} s, ${first.out.uploaded} uploaded ${JSON.stringify(first.out.timings_ms)}`);
      for (let run = 1; run <= REDEPLOYS; run++) {
        writeFileSync(join(dir, 'index.html'), `<!doctype html><h1>CLI bench, change ${run}</h1>\n`);
        const r = await deploy(ctx, dir, site);
        again.push(r);
        ctx.say(`one changed, run ${run}: ${r.wallS.toFixed(2)} s, ${r.out.uploaded} uploaded ${JSON.stringify(r.out.timings_ms)}`);
        if (r.out.uploaded !== 1) failure = `run ${run} uploaded ${r.out.uploaded} files, not 1`;
      }
    } catch (err) {
      failure = (err as Error).message.split('\n')[0];
      ctx.say(`FAILED: ${failure}`);
    }
    const phase = (k: string) => again.map((r) => (r.out.timings_ms[k] ?? NaN) / 1000).filter(Number.isFinite);
    const timings: Timing[] = [
      {
        label: 'kiln deploy: 10,001 files, first',
        description: 'every file uploaded (8 PUTs at a time)',
        samplesS: first ? [first.wallS] : [],
        ok: first?.out.deployment.status === 'published',
        note: failure,
      },
      {
        label: 'kiln deploy: 10,001 files, one changed',
        description: `${REDEPLOYS} redeploys after changing index.html: one upload, the build reuses every stored blob`,
        samplesS: again.map((r) => r.wallS),
        ok: failure === undefined && again.length === REDEPLOYS,
        note: failure,
      },
      { label: '  hash the folder', description: 'read and SHA-256 every file', samplesS: phase('hash'), ok: true },
      { label: '  create (manifest)', description: 'POST with the 10,001-entry manifest', samplesS: phase('create'), ok: true },
      { label: '  upload', description: 'the one changed file', samplesS: phase('upload'), ok: true },
      { label: '  build, followed', description: 'from the last upload to the done event', samplesS: phase('build'), ok: true },
    ];
    if (again.length) ctx.say(`median ${stats(again.map((r) => r.wallS)).median.toFixed(2)} s with one file changed`);
    return { rows: [], timings };
  },
};
