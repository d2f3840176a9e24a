import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port the OS just handed out and released; good enough for a child that binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const TAIL_LINES = 60;

export interface Child {
  name: string;
  proc: ChildProcess;
  /** The last lines of stdout and stderr, for error messages. */
  tail(): string;
  /** Lines the child printed to stdout/stderr in total (with LOG_LEVEL=warn, any line is worth a look). */
  lineCount(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
}

/** Starts `node --import tsx <script> ...args` in `cwd`, keeping the tail of its output. */
export function startNode(name: string, cwd: string, args: string[], env: NodeJS.ProcessEnv): Child {
  // BENCH_CPU_PROF=<dir>: each child writes V8 CPU profiles (one per thread) to <dir>/<name> when it exits;
  // NODE_OPTIONS may not carry --cpu-prof.
  const profDir = process.env.BENCH_CPU_PROF;
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}/${name.replace(/[^\w.-]+/g, '_')}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let count = 0;
  let done = false;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      count++;
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
    }
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
    proc.once('error', (err) => {
      done = true;
      lines.push(`spawn error: ${err.message}`);
      resolve({ code: null, signal: null });
    });
  });
  return { name, proc, tail: () => lines.join('\n'), lineCount: () => count, exited, hasExited: () => done };
}

/** Polls `url` until it answers 200 (or what `accept` takes); fails early if the child dies, or after `timeoutMs`. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000, accept: (status: number) => boolean = (s) => s === 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.hasExited()) throw new Error(`${child.name} exited before ${url} answered 200. Its output:\n${child.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (accept(res.status)) {
        await res.arrayBuffer();
        return;
      }
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`${child.name}: ${url} did not answer as expected within ${timeoutMs} ms (last: ${last}). Its output:\n${child.tail()}`);
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stopChild(child: Child, graceMs = 5_000): Promise<void> {
  if (child.hasExited()) return;
  child.proc.kill('SIGTERM');
  const timedOut = await Promise.race([child.exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (!timedOut) return;
  process.stderr.write(`bench: ${child.name} still running ${graceMs} ms after SIGTERM; sending SIGKILL\n`);
  child.proc.kill('SIGKILL');
  await Promise.race([child.exited, sleep(2_000)]);
}

/** Runs `node --import tsx <args>` to completion; returns stdout, or throws with stderr. */
export function runNode(cwd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', ...args], { cwd, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`\`node --import tsx ${args.join(' ')}\` failed: ${err.message}\n${stderr}${stdout}`));
      else resolve(stdout);
    });
  });
}

async function procStatusMiB(child: Child, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${child.proc.pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The child's peak resident memory since it started (VmHWM), in MiB. */
export const peakRssMiB = (child: Child) => procStatusMiB(child, 'VmHWM');

/** The child's resident memory now (VmRSS), in MiB. */
export const currentRssMiB = (child: Child) => procStatusMiB(child, 'VmRSS');

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s on Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Process ids of `pid`'s children, grandchildren and so on (from /proc/<pid>/task/<tid>/children). */
export async function descendantPids(pid: number): Promise<number[]> {
  const out: number[] = [];
  const visit = async (p: number) => {
    let tids: string[];
    try {
      tids = await readdir(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const tid of tids) {
      const text = await readFile(`/proc/${p}/task/${tid}/children`, 'utf8').catch(() => '');
      for (const c of text.split(/\s+/).filter(Boolean).map(Number)) {
        out.push(c);
        await visit(c);
      }
    }
  };
  await visit(pid);
  return out;
}

/** Resident memory now (VmRSS) of a process and all its descendants together, in MiB. */
export async function treeRssMiB(pid: number): Promise<number> {
  let kb = 0;
  for (const p of [pid, ...(await descendantPids(pid))]) {
    const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    kb += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

/**
 * Samples treeRssMiB every `everyMs` until stopped and keeps the largest: the peak of a process tree
 * whose children come and go (no single VmHWM covers it).
 */
export function sampleTreePeak(pid: number, everyMs = 200): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRssMiB(pid));
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}
