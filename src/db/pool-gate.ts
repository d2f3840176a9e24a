/** The wait for a connection outlasted DATABASE_POOL_TIMEOUT_MS; nothing was sent. The API answers 503. */
export class ConnectionWaitTimeout extends Error {
  readonly code = 'POOL_WAIT_TIMEOUT';
  constructor(waitedMs: number, size: number) {
    super(`no database connection free after ${waitedMs} ms (pool of ${size}, all in use)`);
    this.name = 'ConnectionWaitTimeout';
  }
}

interface Waiter {
  enter(): void;
  timer: NodeJS.Timeout | null;
}

/**
 * `size` places, one per connection of the pool, taken by each statement or transaction for as long as it
 * runs; the rest wait in line, each until its deadline. postgres.js keeps a line of its own without one: a
 * query queued behind silent connections waited for the connection attempts that followed, one failed
 * attempt (DATABASE_CONNECT_TIMEOUT_MS) per queued query and connection, so a hundred requests queued on a
 * pool of two took about fifty attempts to answer. Handing the driver no more than `size` at a time keeps
 * its line empty: the wait, and its deadline, are here, and a query that gave up was never sent.
 *
 * The counts are what the pool metrics report (in use, waiting).
 */
export class PoolGate {
  private running = 0;
  /** In arrival order (a Set keeps insertion order and removes a timed-out waiter in O(1)). */
  private readonly line = new Set<Waiter>();

  constructor(readonly size: number) {}

  get inUse(): number {
    return this.running;
  }

  get waiting(): number {
    return this.line.size;
  }

  /** Runs `work` holding a place, after waiting for one until `deadline` (epoch ms). */
  async run<T>(deadline: number, work: () => Promise<T>): Promise<T> {
    await this.enter(deadline);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(deadline: number): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { enter: resolve, timer: null };
      waiter.timer = setTimeout(
        () => {
          this.line.delete(waiter);
          reject(new ConnectionWaitTimeout(Date.now() - started, this.size));
        },
        Math.max(0, deadline - started),
      );
      this.line.add(waiter);
    });
  }

  /** The place goes to the first in line, if any: `running` stays as it is. */
  private leave(): void {
    const next = this.line.values().next();
    if (next.done) {
      this.running--;
      return;
    }
    const waiter = next.value;
    this.line.delete(waiter);
    if (waiter.timer) clearTimeout(waiter.timer);
    waiter.enter();
  }
}
