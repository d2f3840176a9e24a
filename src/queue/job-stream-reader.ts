import type { Redis } from 'ioredis';
import { createRedis, type RedisSettings } from '../redis';
import { type JobStreamEvent, parseEntry } from './job-stream';

interface Watch {
  key: string;
  /** The last sequence number this watcher has been given. */
  after: number;
  deliver(events: JobStreamEvent[]): void;
}

type XReadReply = [key: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * The web process's live reader of job streams: ONE dedicated connection blocks in `XREAD BLOCK` on every
 * stream someone is watching, whatever the number of clients (a blocked connection can run nothing else,
 * so the shared command connection is never used for it). A new watch interrupts the current block
 * (`CLIENT UNBLOCK` from the command connection) so it is included at once. Opened on the first watch.
 */
export class JobStreamReader {
  private current: { conn: Redis; lost: Promise<never> } | null = null;
  /** The current connection's id on its server, for `CLIENT UNBLOCK`; null until read. */
  private connId: number | null = null;
  private readonly watches = new Set<Watch>();
  private running = false;
  private blocking = false;
  /** Watches changed since the current XREAD was sent. */
  private dirty = false;
  private closed = false;

  constructor(
    private readonly redisSettings: RedisSettings,
    private readonly control: Redis,
    private readonly blockMs = 10_000,
  ) {}

  /** Calls `deliver` with every event after `afterSeq` as it arrives; returns the function that stops watching. */
  watch(key: string, afterSeq: number, deliver: (events: JobStreamEvent[]) => void): () => void {
    const watch: Watch = { key, after: afterSeq, deliver };
    this.watches.add(watch);
    this.dirty = true;
    if (!this.running) void this.loop();
    else void this.interrupt();
    return () => {
      this.watches.delete(watch);
    };
  }

  /** How many streams are watched now (tests check that a closed client stops its watch). */
  get watching(): number {
    return this.watches.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watches.clear();
    this.current?.conn.disconnect();
  }

  /**
   * The blocking connection, and a promise that fails when it is lost. ioredis would send a blocked
   * read again on its next connection, where this reader does not know its id (after a failover, on
   * another server, where the old id may be another client's): a new watch could not interrupt it for up
   * to `blockMs`. So a connection lost after it was up is given up, and the loop starts over on a new one.
   * One that never came up keeps retrying by itself (a Redis restart), its commands waiting.
   */
  private connection(): { conn: Redis; lost: Promise<never> } {
    if (!this.current) {
      // Retries forever like a worker connection: a blocked read must survive a Redis restart.
      const conn = createRedis(this.redisSettings, 'worker');
      let up = false;
      const lost = new Promise<never>((_, reject) => {
        conn.on('ready', () => {
          up = true;
        });
        conn.on('close', () => {
          if (!up) return;
          if (this.current?.conn === conn) {
            this.current = null;
            this.connId = null;
          }
          conn.disconnect();
          reject(new Error('the job stream connection was lost'));
        });
      });
      lost.catch(() => {});
      this.current = { conn, lost };
    }
    return this.current;
  }

  private async interrupt(): Promise<void> {
    // The XREAD may be on its way to Redis: try again briefly until it is the one blocked, then unblock it.
    for (let tries = 0; tries < 20 && this.blocking && this.dirty; tries++) {
      if (this.connId !== null) {
        const unblocked = await this.control.client('UNBLOCK', this.connId).catch(() => 0);
        if (unblocked === 1) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.watches.size > 0 && !this.closed) {
        const { conn, lost } = this.connection();
        let reply: XReadReply;
        try {
          this.connId ??= Number(await Promise.race([conn.client('ID'), lost]));
          this.dirty = false;
          // One position per stream: the earliest any of its watchers needs.
          const from = new Map<string, number>();
          for (const w of this.watches) from.set(w.key, Math.min(from.get(w.key) ?? Number.POSITIVE_INFINITY, w.after));
          const ids = [...from.values()].map((seq) => `0-${seq}`);
          this.blocking = true;
          reply = (await Promise.race([conn.call('XREAD', 'COUNT', 1000, 'BLOCK', this.blockMs, 'STREAMS', ...from.keys(), ...ids), lost])) as XReadReply;
        } catch {
          // Redis away (the connection reconnects by itself) or the connection lost (a new one is made):
          // look again shortly.
          if (!this.closed) await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        } finally {
          this.blocking = false;
        }
        for (const [key, entries] of reply ?? []) {
          const events = entries.map(parseEntry);
          for (const w of [...this.watches]) {
            if (w.key !== key) continue;
            const fresh = events.filter((e) => e.seq > w.after);
            if (fresh.length === 0) continue;
            w.after = fresh.at(-1)!.seq;
            w.deliver(fresh);
          }
        }
      }
    } finally {
      this.running = false;
    }
    // A watch added while the loop was ending.
    if (this.watches.size > 0 && !this.closed) void this.loop();
  }
}
