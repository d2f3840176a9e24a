import type { RedisClient } from '../redis';
import type { Db } from '../db/client';
import { accountTrafficThisPeriod, type SiteTrafficTotals } from '../db/queries/site-traffic';
import { getStoredBytes, type StoredBytes } from '../db/queries/storage';
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
  private readonly entries = new Map<string, { totals: Promise<UsageTotals | StoredBytes | SiteTrafficTotals>; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly channel: string,
  ) {}

  async listen(subscriber: RedisClient): Promise<void> {
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
    return this.read(`${accountId}|${periodKey}`, () => getUsageTotals(this.db, accountId, periodKey));
  }

  /** The bytes the account stores now; whoever changes them announces it like a bill (announceUsageChange). */
  storage(accountId: string): Promise<StoredBytes> {
    return this.read(`${accountId}|storage`, () => getStoredBytes(this.db, accountId));
  }

  /** Bytes proxied for the account's sites in the period; an edge announces each account it recorded some for. */
  traffic(accountId: string, periodKey: string): Promise<SiteTrafficTotals> {
    return this.read(`${accountId}|traffic|${periodKey}`, () => accountTrafficThisPeriod(this.db, accountId, { key: periodKey }));
  }

  private read<T extends UsageTotals | StoredBytes | SiteTrafficTotals>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.totals as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const totals = load();
    this.entries.set(key, { totals, expiresAt: now + TTL_MS });
    // A failed read must not be served from the cache.
    totals.catch(() => this.entries.delete(key));
    return totals;
  }
}

/** Tells every API process that an account's usage changed. */
export async function announceUsageChange(publisher: RedisClient, channel: string, accountId: string): Promise<void> {
  await publisher.publish(channel, accountId);
}

/**
 * After storage was charged or freed: this process forgets at once (its caller may read usage next), the
 * others on the message. A lost message only leaves a report stale for the cache's TTL; the allowance
 * itself is enforced in Postgres, not from this cache.
 */
export async function announceStorageChange(
  deps: { usage: UsageCache; redis: RedisClient; channels: { usageChanged: string } },
  accountId: string,
): Promise<void> {
  deps.usage.forget(accountId);
  await announceUsageChange(deps.redis, deps.channels.usageChanged, accountId).catch(() => undefined);
}
