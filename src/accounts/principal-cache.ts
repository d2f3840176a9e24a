import type { RedisClient } from '../redis';
import type { Db } from '../db/client';
import { findPrincipalByKeyHash, type Principal } from '../db/queries/accounts';
import { hashApiKey } from './api-key';

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

export interface PrincipalChannels {
  /** Carries the hash of a revoked key. */
  keyRevoked: string;
  /** Carries the id of an account whose plan or limits changed. */
  accountChanged: string;
}

/**
 * Resolves key hashes to principals with a short in-process cache, so an authenticated request costs no
 * database round trip. Revocation and plan changes must take effect at once on every process, so they
 * are published (a key's hash, an account's id) and every process evicts what they concern; the TTL
 * only bounds the staleness left by a message missed in a reconnect.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  /** Key → hash, so a repeat caller is not hashed on every request. */
  private readonly hashes = new Map<string, string>();
  /** Account id → hashes of its cached keys, so an account's change evicts its keys without a scan. */
  private readonly byAccount = new Map<string, Set<string>>();
  /**
   * Counts evictions. A lookup that started before an eviction may have read the row as it was before
   * the change, so its result is returned but not cached.
   */
  private evictions = 0;

  constructor(
    private readonly db: Db,
    private readonly channels: PrincipalChannels,
  ) {}

  /**
   * Starts listening for revocations and account changes on a subscriber connection. A revocation
   * published while the connection was down is never delivered, so every reconnect forgets everything:
   * the next request of each key reads its row again, rather than a revoked key working up to a TTL.
   */
  async listen(subscriber: RedisClient): Promise<void> {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channels.keyRevoked) this.evictKey(message);
      else if (channel === this.channels.accountChanged) this.evictAccount(message);
    });
    subscriber.on('ready', () => this.clear());
    await subscriber.subscribe(this.channels.keyRevoked, this.channels.accountChanged);
  }

  /**
   * The principal of a cached entry, without a promise: the path of almost every request. Neither a
   * stale entry nor a key past its own expiry is served: the key expires on time, not up to a TTL late,
   * and the caller's lookup reads the row again (and answers the 401 that says when it expired).
   */
  peek(key: string): Principal | undefined {
    const hash = this.hashes.get(key);
    const hit = hash === undefined ? undefined : this.entries.get(hash);
    if (!hit) return undefined;
    const now = Date.now();
    const keyExpiresAt = hit.principal.expiresAt;
    return hit.expiresAt > now && (keyExpiresAt === null || keyExpiresAt > now) ? hit.principal : undefined;
  }

  async resolve(key: string): Promise<Principal | null> {
    const hash = hashApiKey(key);
    const evictionsBefore = this.evictions;
    const principal = await findPrincipalByKeyHash(this.db, hash);
    if (!principal) {
      this.forget(hash);
    } else if (this.evictions === evictionsBefore) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear();
        this.hashes.clear();
        this.byAccount.clear();
      }
      this.hashes.set(key, hash);
      this.entries.set(hash, { principal, expiresAt: Date.now() + TTL_MS });
      let accountHashes = this.byAccount.get(principal.accountId);
      if (!accountHashes) this.byAccount.set(principal.accountId, (accountHashes = new Set()));
      accountHashes.add(hash);
    }
    return principal;
  }

  /** Forgets a revoked key (called directly by the process that revoked it, so it applies there at once). */
  evictKey(hash: string): void {
    this.evictions++;
    this.forget(hash);
  }

  /** Forgets every key of an account, so its next request reads the plan and limits afresh. */
  evictAccount(accountId: string): void {
    this.evictions++;
    const accountHashes = this.byAccount.get(accountId);
    if (!accountHashes) return;
    for (const hash of accountHashes) this.entries.delete(hash);
    this.byAccount.delete(accountId);
  }

  /** Forgets every cached principal (after a reconnect, when evictions may have been missed). */
  clear(): void {
    this.evictions++;
    this.entries.clear();
    this.hashes.clear();
    this.byAccount.clear();
  }

  private forget(hash: string): void {
    const entry = this.entries.get(hash);
    if (!entry) return;
    this.entries.delete(hash);
    const accountHashes = this.byAccount.get(entry.principal.accountId);
    accountHashes?.delete(hash);
    if (accountHashes?.size === 0) this.byAccount.delete(entry.principal.accountId);
  }
}

/** Tells every API process to forget a revoked key. */
export async function announceRevocation(publisher: RedisClient, channel: string, hash: string): Promise<void> {
  await publisher.publish(channel, hash);
}

/** Tells every API process to forget the cached principals of an account whose plan or limits changed. */
export async function announceAccountChange(publisher: RedisClient, channel: string, accountId: string): Promise<void> {
  await publisher.publish(channel, accountId);
}
