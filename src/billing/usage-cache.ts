import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { getUsageTotals, type UsageTotals } from '../db/queries/usage';

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * Usage totals per account and period, read from Postgres once and then served from memory until a
 * worker bills the account: it publishes the account id after its transaction commits (and before it
 * announces the job done), and every API process drops that entry. So a caller who has just received a
 * result always sees it counted, while reading usage and checking quota cost no query in between.
 * The short TTL bounds staleness should a message be lost in a reconnect.
 */
export class UsageCache {
  private readonly entries = new Map<string, { totals: Promise<UsageTotals>; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly channel: string,
  ) {}

  async listen(subscriber: Redis): Promise<void> {
    subscriber.on('message', (channel: string, accountId: string) => {
      if (channel === this.channel) this.forget(accountId);
    });
    await subscriber.subscribe(this.channel);
  }

  /**
   * Drops an account's cached totals. The API calls it whenever it hands out a finished job: a waiter
   * may learn of the finish by reading the row (its poll) before this process hears the worker's
   * usage message, and the caller who then reads usage must see the job counted.
   */
  forget(accountId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${accountId}|`)) this.entries.delete(key);
  }

  totals(accountId: string, periodKey: string): Promise<UsageTotals> {
    const key = `${accountId}|${periodKey}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.totals;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const totals = getUsageTotals(this.db, accountId, periodKey);
    this.entries.set(key, { totals, expiresAt: now + TTL_MS });
    // A failed read must not be served from the cache.
    totals.catch(() => this.entries.delete(key));
    return totals;
  }
}

/** Tells every API process that an account's usage changed. */
export async function announceUsageChange(publisher: Redis, channel: string, accountId: string): Promise<void> {
  await publisher.publish(channel, accountId);
}
