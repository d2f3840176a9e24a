import type { Redis } from 'ioredis';
import { createRedis, type RedisClient, type RedisSettings } from '../redis';
import { connectToMasterOf, isCluster, masterOf } from '../redis-cluster';
import { hashTagOf } from '../redis-keys';
import { type JobStreamEvent, parseEntry } from './job-stream';

interface Watch {
  key: string;
  /** The last sequence number this watcher has been given. */
  after: number;
  deliver(events: JobStreamEvent[]): void;
}

/** The streams one XREAD can read together: all of one server's, or on a cluster those of one hash tag (one slot). */
interface Group {
  /** A key of the group, to find the master serving its slot. */
  sample: string;
  conn: Redis | null;
  connId: number | null;
  running: boolean;
  blocking: boolean;
  /** Watches changed since the current XREAD was sent. */
  dirty: boolean;
}

type XReadReply = [key: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * The web process's live reader of job streams: a dedicated connection blocks in `XREAD BLOCK` on every
 * stream someone is watching, whatever the number of clients (a blocked connection can run nothing else,
 * so the shared command connection is never used for it). A new watch interrupts the current block
 * (`CLIENT UNBLOCK` from the command connection) so it is included at once. Opened on the first watch.
 *
 * On one server that is ONE connection. On a cluster an XREAD may only name keys of one slot, so the
 * streams are hash-tagged in a few buckets (Keyspace.jobStream) and each bucket being watched has its own
 * reader: a plain connection to the master serving the bucket's slot, unblocked through the command
 * connection's link to that same master.
 */
export class JobStreamReader {
  private readonly watches = new Set<Watch>();
  private readonly groups = new Map<string, Group>();
  private closed = false;

  constructor(
    private readonly redisSettings: RedisSettings,
    private readonly control: RedisClient,
    private readonly blockMs = 10_000,
  ) {}

  /** Calls `deliver` with every event after `afterSeq` as it arrives; returns the function that stops watching. */
  watch(key: string, afterSeq: number, deliver: (events: JobStreamEvent[]) => void): () => void {
    const watch: Watch = { key, after: afterSeq, deliver };
    this.watches.add(watch);
    const name = this.groupOf(key);
    let group = this.groups.get(name);
    if (!group) this.groups.set(name, (group = { sample: key, conn: null, connId: null, running: false, blocking: false, dirty: false }));
    group.dirty = true;
    if (!group.running) void this.loop(name, group);
    else void this.interrupt(group);
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
    for (const group of this.groups.values()) group.conn?.disconnect();
  }

  private groupOf(key: string): string {
    return isCluster(this.control) ? hashTagOf(key) : '';
  }

  private watchesOf(name: string): Watch[] {
    return [...this.watches].filter((w) => this.groupOf(w.key) === name);
  }

  private connection(group: Group): Redis | null {
    if (!group.conn) {
      // Retries forever like a worker connection: a blocked read must survive a Redis restart.
      group.conn = isCluster(this.control) ? connectToMasterOf(this.control, group.sample, 'worker') : (createRedis(this.redisSettings, 'worker') as Redis);
      group.conn?.on('ready', () => {
        group.connId = null;
      });
    }
    return group.conn;
  }

  /** Where CLIENT UNBLOCK goes: the server the group's reader is connected to. */
  private controlFor(group: Group): RedisClient | undefined {
    return isCluster(this.control) ? masterOf(this.control, group.sample) : this.control;
  }

  /** The slot map names another master than the one the group's reader is connected to. */
  private movedAway(group: Group): boolean {
    if (!group.conn || !isCluster(this.control)) return false;
    const master = masterOf(this.control, group.sample);
    return master !== undefined && (master.options.host !== group.conn.options.host || master.options.port !== group.conn.options.port);
  }

  private async interrupt(group: Group): Promise<void> {
    // The XREAD may be on its way to Redis: try again briefly until it is the one blocked, then unblock it.
    for (let tries = 0; tries < 20 && group.blocking && group.dirty; tries++) {
      const control = this.controlFor(group);
      if (group.connId !== null && control) {
        const unblocked = await control.client('UNBLOCK', group.connId).catch(() => 0);
        if (unblocked === 1) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async loop(name: string, group: Group): Promise<void> {
    group.running = true;
    try {
      for (let watches = this.watchesOf(name); watches.length > 0 && !this.closed; watches = this.watchesOf(name)) {
        const conn = this.connection(group);
        let reply: XReadReply;
        try {
          // No slot map yet (a cluster still connecting): look again shortly.
          if (!conn) throw new Error('no connection yet');
          group.connId ??= Number(await conn.client('ID'));
          group.dirty = false;
          // One position per stream: the earliest any of its watchers needs.
          const from = new Map<string, number>();
          for (const w of watches) from.set(w.key, Math.min(from.get(w.key) ?? Number.POSITIVE_INFINITY, w.after));
          group.blocking = true;
          const ids = [...from.values()].map((seq) => `0-${seq}`);
          reply = (await conn.call('XREAD', 'COUNT', 1000, 'BLOCK', this.blockMs, 'STREAMS', ...from.keys(), ...ids)) as XReadReply;
        } catch (err) {
          // The slot moved to another master (resharding, a failover): read from there.
          if (isCluster(this.control) && (/^(MOVED|ASK)/.test((err as Error).message ?? '') || this.movedAway(group))) {
            group.conn?.disconnect();
            group.conn = null;
            group.connId = null;
          }
          // Redis away: the connection reconnects by itself; look again shortly.
          if (!this.closed) await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        } finally {
          group.blocking = false;
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
      group.running = false;
    }
    // A watch added while the loop was ending.
    if (this.watchesOf(name).length > 0 && !this.closed) void this.loop(name, group);
  }
}
