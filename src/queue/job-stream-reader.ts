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
  private conn: Redis | null = null;
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
    this.conn?.disconnect();
  }

  private connection(): Redis {
    if (!this.conn) {
      // Retries forever like a worker connection: a blocked read must survive a Redis restart.
      this.conn = createRedis(this.redisSettings, 'worker');
      // A connection's id is its server's: after a reconnect (a failover: another server) the old id may
      // be another client's there, which `CLIENT UNBLOCK` must not wake. It is read again before the next block.
      const forget = () => {
        this.connId = null;
      };
      this.conn.on('close', forget);
      this.conn.on('ready', forget);
    }
    return this.conn;
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
        const conn = this.connection();
        this.connId ??= Number(await conn.client('ID'));
        this.dirty = false;
        // One position per stream: the earliest any of its watchers needs.
        const from = new Map<string, number>();
        for (const w of this.watches) from.set(w.key, Math.min(from.get(w.key) ?? Number.POSITIVE_INFINITY, w.after));
        let reply: XReadReply;
        this.blocking = true;
        try {
          const ids = [...from.values()].map((seq) => `0-${seq}`);
          reply = (await conn.call('XREAD', 'COUNT', 1000, 'BLOCK', this.blockMs, 'STREAMS', ...from.keys(), ...ids)) as XReadReply;
        } catch {
          // Redis away: the connection reconnects by itself; look again shortly.
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
