/**
 * `node --import tsx bench/hostile-inputs.ts [name…]`: what each hostile upload costs the code that takes
 * it. Two groups:
 *  - inputs under 1 MB for the parsers (site archive extraction, readDocx/readCsv): CPU seconds of the
 *    parse alone; the rule is at most a second of CPU each;
 *  - small uploads that cost far more to ingest than their size (an image bomb PDF, a 20 MB document.xml,
 *    half a million tiny CSV rows, too many pages, 101 noise scans): the whole ingestion task of the files
 *    worker's engine thread (src/threads/tasks.ts: parsing, text recognition, passages; storing excluded),
 *    with its CPU seconds (every thread of the process, tesseract's included) and peak RSS over the
 *    process's RSS before it; the rule is at most a minute of CPU and 600 MiB.
 * Every input is built here and read in its own child process, so one that hangs is stopped at
 * HOSTILE_TIMEOUT seconds (default 120) and reported as such without holding up the others.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv, readDocx } from '../src/engines/documents';
import { extractSiteArchive } from '../src/hosting/archive';
import { TASKS } from '../src/threads/tasks';
import { COSTLY_DOCUMENTS, makeNoisePdf } from '../test/engines/documents/costly-documents';
import { HOSTILE_DOCUMENTS } from '../test/engines/documents/hostile-documents';
import { HOSTILE_ARCHIVES } from '../test/hosting/archive-hostile';
import { noisePng } from './lib/documents';

interface Input {
  name: string;
  shape: string;
  /** Measured as a whole ingestion (CPU and memory) rather than a parse (CPU). */
  ingest?: boolean;
  build(): Promise<Buffer>;
  parse(path: string): Promise<unknown>;
}

const MIB = 1024 * 1024;
const PARSE_MAX_CPU_S = 1;
const INGEST_MAX_CPU_S = 60;
const INGEST_MAX_GROWTH_MIB = 600;

/** The files worker's engine-thread task for a document kind, run here with events dropped (nothing is stored). */
function ingest(kind: 'pdf' | 'docx' | 'csv', path: string): Promise<unknown> {
  const ctx = { emit: async () => undefined, signal: new AbortController().signal };
  if (kind === 'pdf') return TASKS['document.pdf']({ path }, ctx);
  if (kind === 'docx') return TASKS['document.docx']({ path });
  return TASKS['document.csv']({ path }, ctx);
}

const INPUTS: Input[] = [
  ...HOSTILE_ARCHIVES.map((a) => ({ ...a, parse: (path: string) => extractSiteArchive(path) })),
  ...HOSTILE_DOCUMENTS.map((d) => ({
    ...d,
    parse: (path: string) => (d.kind === 'docx' ? readDocx(path) : readCsv(createReadStream(path), async () => undefined)),
  })),
  ...COSTLY_DOCUMENTS.map((d) => ({ ...d, ingest: true, parse: (path: string) => ingest(d.kind, path) })),
  {
    name: 'noise-scan.pdf',
    shape: '101 pages each showing one 100×100 noise picture (one image object)',
    ingest: true,
    build: () => makeNoisePdf(101, noisePng('hostile-noise', 100)),
    parse: (path: string) => ingest('pdf', path),
  },
];

interface Measured {
  name: string;
  bytes: number;
  cpuS: number;
  /** Ingestions: the process's RSS before, and its peak (VmHWM) after. */
  rssBeforeMiB?: number;
  peakMiB?: number;
  outcome: string;
}

/** Child: parse one input the parent built, with the CPU clock around the parse only. */
async function measureOne(name: string, path: string, bytes: number): Promise<Measured> {
  const input = INPUTS.find((i) => i.name === name);
  if (!input) throw new Error(`no hostile input named ${name}`);
  const rssBefore = process.memoryUsage().rss;
  const start = process.cpuUsage();
  const outcome = await input.parse(path).then(
    () => 'accepted',
    (err: Error) => `${err.name}: ${err.message.length > 140 ? `${err.message.slice(0, 140)}…` : err.message}`,
  );
  const used = process.cpuUsage(start);
  const memory = input.ingest ? { rssBeforeMiB: rssBefore / MIB, peakMiB: (process.resourceUsage().maxRSS * 1024) / MIB } : {};
  return { name, bytes, cpuS: (used.user + used.system) / 1e6, ...memory, outcome };
}

/**
 * The child's CPU seconds and peak RSS from /proc (Linux), read before it is stopped for running too long,
 * so an input that never finishes still shows what it had cost by then.
 */
async function procUsage(pid: number): Promise<{ cpuS: number; peakMiB: number } | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    const ticks = Number(stat[11]) + Number(stat[12]); // utime, stime (fields 14 and 15)
    const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return { cpuS: ticks / 100, peakMiB: hwm / 1024 };
  } catch {
    return undefined;
  }
}

function runChild(name: string, path: string, bytes: number, timeoutS: number): Promise<Measured> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve) => {
    let stopped: Measured | undefined;
    const child = execFile(process.execPath, ['--import', 'tsx', self, '--child', name, path, String(bytes)], { maxBuffer: 1 << 20 }, (err, stdout) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      if (stopped) return resolve(stopped);
      if (!err && line.startsWith('{')) return resolve(JSON.parse(line) as Measured);
      resolve({ name, bytes, cpuS: NaN, outcome: `failed: ${err?.message ?? line}` });
    });
    const timer = setTimeout(async () => {
      const usage = child.pid === undefined ? undefined : await procUsage(child.pid);
      stopped = { name, bytes, cpuS: usage?.cpuS ?? NaN, ...(usage ? { peakMiB: usage.peakMiB } : {}), outcome: `stopped after ${timeoutS} s` };
      child.kill('SIGKILL');
    }, timeoutS * 1000);
  });
}

function withinRule(input: Input, row: Measured): boolean {
  if (row.outcome.startsWith('stopped')) return false;
  if (!input.ingest) return row.cpuS <= PARSE_MAX_CPU_S;
  return row.cpuS <= INGEST_MAX_CPU_S && (row.peakMiB ?? Infinity) - (row.rssBeforeMiB ?? 0) <= INGEST_MAX_GROWTH_MIB;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const [, name, path, bytes] = args as [string, string, string, string];
    process.stdout.write(`${JSON.stringify(await measureOne(name, path, Number(bytes)))}\n`);
    return;
  }
  const timeoutS = Number(process.env.HOSTILE_TIMEOUT ?? 120);
  const inputs = args.length > 0 ? INPUTS.filter((i) => args.includes(i.name)) : INPUTS;
  const dir = await mkdtemp(join(tmpdir(), 'kiln-hostile-'));
  let failed = false;
  try {
    process.stdout.write('| input | shape | bytes | CPU | RSS before → peak | outcome |\n|---|---|---|---|---|---|\n');
    for (const input of inputs) {
      const data = await input.build();
      const path = join(dir, input.name);
      await writeFile(path, data);
      const row = await runChild(input.name, path, data.length, timeoutS);
      await rm(path, { force: true });
      if (!withinRule(input, row)) failed = true;
      const cpu = Number.isNaN(row.cpuS) ? '—' : `${row.cpuS.toFixed(2)} s`;
      const rss = row.peakMiB === undefined ? '' : `${row.rssBeforeMiB?.toFixed(0) ?? '?'} → ${row.peakMiB.toFixed(0)} MiB`;
      process.stdout.write(`| ${input.name} | ${input.shape} | ${row.bytes} | ${cpu} | ${rss} | ${row.outcome} |\n`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
