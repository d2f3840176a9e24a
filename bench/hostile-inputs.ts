/**
 * `node --import tsx bench/hostile-inputs.ts`: CPU seconds each hostile upload under 1 MB costs the
 * parser that takes it (site archive extraction for archives, readDocx/readCsv for documents), from
 * process.cpuUsage() around the parse alone. Every input runs in its own child process, so one that
 * hangs is stopped at HOSTILE_TIMEOUT seconds (default 120) and reported as such without holding up
 * the others. The rule these figures check: no input under 1 MB costs more than a second of CPU.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv, readDocx } from '../src/engines/documents';
import { extractSiteArchive } from '../src/hosting/archive';
import { HOSTILE_DOCUMENTS } from '../test/engines/documents/hostile-documents';
import { HOSTILE_ARCHIVES } from '../test/hosting/archive-hostile';

interface Input {
  name: string;
  shape: string;
  build(): Promise<Buffer>;
  parse(path: string): Promise<unknown>;
}

const INPUTS: Input[] = [
  ...HOSTILE_ARCHIVES.map((a) => ({ ...a, parse: (path: string) => extractSiteArchive(path) })),
  ...HOSTILE_DOCUMENTS.map((d) => ({
    ...d,
    parse: (path: string) => (d.kind === 'docx' ? readDocx(path) : readCsv(createReadStream(path), async () => undefined)),
  })),
];

interface Measured {
  name: string;
  bytes: number;
  cpuS: number;
  outcome: string;
}

/** Child: build one input, then parse it with the CPU clock around the parse only. */
async function measureOne(name: string): Promise<Measured> {
  const input = INPUTS.find((i) => i.name === name);
  if (!input) throw new Error(`no hostile input named ${name}`);
  const dir = await mkdtemp(join(tmpdir(), 'kiln-hostile-'));
  try {
    const data = await input.build();
    const path = join(dir, input.name);
    await writeFile(path, data);
    const start = process.cpuUsage();
    const outcome = await input.parse(path).then(
      () => 'accepted',
      (err: Error) => `${err.name}: ${err.message.length > 140 ? `${err.message.slice(0, 140)}…` : err.message}`,
    );
    const used = process.cpuUsage(start);
    return { name, bytes: data.length, cpuS: (used.user + used.system) / 1e6, outcome };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(name: string, timeoutS: number): Promise<Measured> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', self, name], { timeout: timeoutS * 1000, maxBuffer: 1 << 20 }, (err, stdout) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (!err && line.startsWith('{')) return resolve(JSON.parse(line) as Measured);
      resolve({ name, bytes: NaN, cpuS: NaN, outcome: err?.killed ? `stopped after ${timeoutS} s` : `failed: ${err?.message ?? line}` });
    });
  });
}

async function main(): Promise<void> {
  const [only] = process.argv.slice(2);
  if (only) {
    process.stdout.write(`${JSON.stringify(await measureOne(only))}\n`);
    return;
  }
  const timeoutS = Number(process.env.HOSTILE_TIMEOUT ?? 120);
  const rows: Measured[] = [];
  for (const input of INPUTS) {
    const row = await runChild(input.name, timeoutS);
    rows.push(row);
    const cpu = Number.isNaN(row.cpuS) ? '—' : `${row.cpuS.toFixed(2)} s`;
    process.stdout.write(`| ${input.name} | ${input.shape} | ${Number.isNaN(row.bytes) ? '—' : row.bytes} | ${cpu} | ${row.outcome} |\n`);
  }
  if (rows.some((r) => !(r.cpuS <= 1))) process.exitCode = 1;
}

await main();
