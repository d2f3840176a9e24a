import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { findPrincipalByKeyHash, type Principal } from '../db/queries/accounts';
import { hashApiKey } from './api-key';

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Resolves key hashes to principals with a short in-process cache, so an authenticated request costs no
 * database round trip. Revocation must take effect at once on every process, so revoking publishes the
 * hash and every process evicts it; the TTL bounds staleness of plan changes and of a missed message.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  /** Key → hash, so a repeat caller is not hashed on every request. */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly revocationChannel: string,
  ) {}

  /** Starts listening for revocations on a subscriber connection. */
  async listen(subscriber: Redis): Promise<void> {
    subscriber.on('message', (channel: string, hash: string) => {
      if (channel === this.revocationChannel) this.entries.delete(hash);
    });
    await subscriber.subscribe(this.revocationChannel);
  }

  /** Drops a key at once in this process (the revocation message then reaches the others). */
  forget(hash: string): void {
    this.entries.delete(hash);
  }

  /** The principal of a cached, unexpired key, without a promise: the path of almost every request. */
  peek(key: string): Principal | undefined {
    const hash = this.hashes.get(key);
    const hit = hash === undefined ? undefined : this.entries.get(hash);
    return hit && hit.expiresAt > Date.now() ? hit.principal : undefined;
  }

  async resolve(key: string): Promise<Principal | null> {
    const hash = hashApiKey(key);
    const principal = await findPrincipalByKeyHash(this.db, hash);
    if (principal) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear();
        this.hashes.clear();
      }
      this.hashes.set(key, hash);
      this.entries.set(hash, { principal, expiresAt: Date.now() + TTL_MS });
    } else {
      this.entries.delete(hash);
    }
    return principal;
  }
}

/** Tells every API process to forget a revoked key. */
export async function announceRevocation(publisher: Redis, channel: string, hash: string): Promise<void> {
  await publisher.publish(channel, hash);
}
