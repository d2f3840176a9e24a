import { currentBillingPeriod } from '../../billing/period';
import type { SiteTraffic } from './site-traffic';

/** Records one drain of proxied bytes by site id in the period keyed `periodKey`; throws if nothing was written. */
export type RecordTraffic = (periodKey: string, proxied: ReadonlyMap<string, number>) => Promise<void>;

/**
 * Moves an edge's in-memory traffic counts to the database: every interval and once more when the edge
 * stops. A flush that fails puts its counts back in the tally, so they go out with the next one (the edge
 * keeps serving while Postgres is down; the counts wait, one number per site). One flush at a time: two
 * in flight could both fail and restore, or overlap the final flush.
 */
export class TrafficFlusher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly traffic: SiteTraffic,
    private readonly record: RecordTraffic,
    private readonly warn: (err: Error, sites: number) => void,
    private readonly periodKey: () => string = () => currentBillingPeriod().key,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Records what was counted since the last flush; resolves either way (a failure is logged and kept). */
  flush(): Promise<void> {
    // A flush asked for while one runs waits for it, then goes out with what came in meanwhile.
    const next = (this.running ?? Promise.resolve()).then(() => this.flushOnce());
    this.running = next;
    void next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  /** Stops the timer and flushes what is left (the last chance before the process exits). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async flushOnce(): Promise<void> {
    const counts = this.traffic.drain();
    if (counts.size === 0) return;
    try {
      // The period of the write, not of each byte: counts held over a month's end go to the new month.
      await this.record(this.periodKey(), counts);
    } catch (err) {
      this.traffic.restore(counts);
      this.warn(err instanceof Error ? err : new Error(String(err)), counts.size);
    }
  }
}
