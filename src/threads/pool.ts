import { Worker } from 'node:worker_threads';
import { reviveError, serializeError } from './errors';
import type { FromThread, ToThread } from './messages';
import type { TaskEvent, TaskInput, TaskName, TaskOutput } from './tasks';

/** The thread's entry (plain JS: it registers tsx, then loads the TypeScript entry). */
const BOOT = new URL('./boot.mjs', import.meta.url);
const ENTRY = new URL('./thread-main.ts', import.meta.url).href;

/** A thread died (or was terminated) while running a task: the job should be retried, the process lives on. */
export class EngineThreadCrashedError extends Error {
  override readonly name = 'EngineThreadCrashedError';
}

export interface RunOptions<N extends TaskName> {
  /**
   * Called for each event the task emits, in order. The thread waits (when it asks to) until the
   * returned promise settles, so a slow consumer holds the producer back; a throw here fails the task
   * with that very error.
   */
  onEvent?: (event: TaskEvent<N>) => void | Promise<void>;
  signal?: AbortSignal;
}

interface Pending {
  id: number;
  task: TaskName;
  input: unknown;
  opts: RunOptions<TaskName>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  /** The consumer's own failure, rethrown as it is once the thread has unwound. */
  consumerError?: unknown;
  /** Events are handled one after another, in the order they came. */
  chain: Promise<void>;
  unlistenAbort?: () => void;
}

interface Slot {
  worker: Worker;
  running?: Pending;
}

/**
 * A small pool of worker threads for the engines' CPU-heavy work (speech, image rendering, document
 * parsing), so a long job never holds the event loop that answers HTTP and renews BullMQ's locks.
 * Threads start on first use, at most `size` of them; each runs one task at a time (the engines are
 * synchronous inside), and further tasks wait in order. An idle thread does not keep the process alive.
 */
export class EngineThreads {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`engine thread pool size must be a whole number ≥ 1, got ${size}`);
  }

  /** Threads currently started (for tests and diagnostics). */
  get started(): number {
    return this.slots.length;
  }

  run<N extends TaskName>(task: N, input: TaskInput<N>, opts: RunOptions<N> = {}): Promise<TaskOutput<N>> {
    if (this.closed) return Promise.reject(new EngineThreadCrashedError('the engine threads are shut down'));
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
    return new Promise<TaskOutput<N>>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        task,
        input,
        opts: opts as RunOptions<TaskName>,
        resolve: resolve as (value: unknown) => void,
        reject,
        chain: Promise.resolve(),
      };
      if (opts.signal) {
        const signal = opts.signal;
        const onAbort = () => this.cancel(pending, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.unlistenAbort = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Ends every thread; running and waiting tasks fail with EngineThreadCrashedError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.settle(p, new EngineThreadCrashedError('the engine threads were shut down before the task started'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.running);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.startThread();
      }
      const pending = this.queue.shift()!;
      slot.running = pending;
      slot.worker.ref();
      this.post(slot, { type: 'run', id: pending.id, task: pending.task, input: pending.input });
    }
  }

  private startThread(): Slot {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, execArgv: [] });
    const slot: Slot = { worker };
    worker.on('message', (msg: FromThread) => this.receive(slot, msg));
    worker.on('error', (err) => this.lose(slot, `an engine thread failed: ${err.message}`));
    worker.on('exit', (code) => this.lose(slot, `an engine thread exited (code ${code})`));
    this.slots.push(slot);
    return slot;
  }

  private receive(slot: Slot, msg: FromThread): void {
    const pending = slot.running;
    if (!pending || pending.id !== msg.id) return;
    if (msg.type === 'event') {
      pending.chain = pending.chain.then(async () => {
        if (pending.consumerError !== undefined) return;
        try {
          await pending.opts.onEvent?.(msg.event as never);
          this.post(slot, { type: 'ack', id: msg.id, seq: msg.seq });
        } catch (err) {
          pending.consumerError = err;
          this.post(slot, { type: 'ack', id: msg.id, seq: msg.seq, error: serializeError(err) });
        }
      });
      return;
    }
    // Events already received are handled before the task's outcome is reported.
    void pending.chain.then(() => {
      this.release(slot);
      if (msg.type === 'done') this.settle(pending, undefined, msg.value);
      else this.settle(pending, pending.consumerError ?? (pending.opts.signal?.aborted ? pending.opts.signal.reason : reviveError(msg.error)));
    });
  }

  /** A thread that errored or exited is gone: its task fails (retryably) and a new thread takes the next one. */
  private lose(slot: Slot, why: string): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    const pending = slot.running;
    slot.running = undefined;
    if (pending) this.settle(pending, pending.opts.signal?.aborted ? pending.opts.signal.reason : new EngineThreadCrashedError(why));
    if (!this.closed) this.dispatch();
  }

  private release(slot: Slot): void {
    slot.running = undefined;
    slot.worker.unref();
    this.dispatch();
  }

  private cancel(pending: Pending, reason: unknown): void {
    const waiting = this.queue.indexOf(pending);
    if (waiting !== -1) {
      this.queue.splice(waiting, 1);
      this.settle(pending, reason);
      return;
    }
    const slot = this.slots.find((s) => s.running === pending);
    if (slot) this.post(slot, { type: 'cancel', id: pending.id });
  }

  private settle(pending: Pending, err: unknown, value?: unknown): void {
    pending.unlistenAbort?.();
    if (err === undefined) pending.resolve(value);
    else pending.reject(err);
  }

  private post(slot: Slot, msg: ToThread): void {
    slot.worker.postMessage(msg);
  }
}
