import type { DbOrTx } from '../db/client';
import { recordKeyUses } from '../db/queries/accounts';
import type { Logger } from '../logger';

/**
 * Keeps api_keys.last_used_at without a database write on the request's path. A request only notes
 * "key K was used at T" in a Map; a timer writes every key noted since the last write in one statement.
 * So a key costs at most one row write per interval per process, however many requests it makes, and a
 * slow or absent database never slows or fails a request: a failed write is logged and its entries are
 * kept for the next one. The Map holds one entry per key in use, so it is bounded by the number of keys.
 */
export class KeyUseRecorder {
  /** Key id → latest use (epoch ms) not yet written. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  /** Statements that succeeded; at most one per interval from the timer (tests and diagnostics read it). */
  flushes = 0;
  /** Statements that failed; their entries went back to `pending`. */
  failures = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Key `keyId` was used at `at` (epoch ms). No promise, no I/O: one or two Map operations. */
  record(keyId: string, at: number): void {
    const noted = this.pending.get(keyId);
    if (noted === undefined || at > noted) this.pending.set(keyId, at);
    // Started on first use, so processes that serve no API requests (workers, the CLI) run no timer.
    if (this.timer === undefined && !this.closed) {
      this.timer = setInterval(() => {
        // A write still running (slow database) makes this tick wait for the next: one statement at a time.
        if (this.writing === undefined && this.pending.size > 0) void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Uses noted and not yet written (one per key). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Writes everything noted so far, after any write already running. Never rejects. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    this.writing = this.write();
    try {
      await this.writing;
    } finally {
      this.writing = undefined;
    }
  }

  /** Stops the timer and writes what is pending; the runtime calls it before closing the database. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      await recordKeyUses(this.db, batch);
      this.flushes++;
    } catch (err) {
      this.failures++;
      // Back into pending for the next tick; a newer use noted while the write ran wins.
      for (const [keyId, at] of batch) {
        const noted = this.pending.get(keyId);
        if (noted === undefined || at > noted) this.pending.set(keyId, at);
      }
      this.log.warn({ err, keys: this.pending.size }, 'could not record when API keys were last used; keeping them for the next write');
    }
  }
}
