import { afterAll, describe, expect, inject, it } from 'vitest';
import { PrincipalCache } from '../../src/accounts/principal-cache';
import { connectDatabase } from '../../src/db/client';
import { createApiKey } from '../../src/accounts/create-api-key';
import { createTestAccount } from '../support/runtime';

// The cache's own bookkeeping, driven directly; the pub/sub path is covered in test/api/keys-and-limits.test.ts.
const database = connectDatabase(inject('databaseUrl'), { max: 2 });
const rt = { db: database.db };
const newCache = () => new PrincipalCache(database.db, { keyRevoked: 'unused:key-revoked', accountChanged: 'unused:account-changed' });
afterAll(() => database.close());

describe('PrincipalCache eviction', () => {
  it('evicting an account forgets all of its keys and only them', async () => {
    const cache = newCache();
    const changed = await createTestAccount(rt, 'free');
    const second = await createApiKey(database.db, { accountId: changed.accountId, label: 'second' });
    const other = await createTestAccount(rt, 'free');
    for (const key of [changed.key, second.key, other.key]) await cache.resolve(key);
    expect(cache.peek(second.key)?.accountId).toBe(changed.accountId);

    cache.evictAccount(changed.accountId);
    expect(cache.peek(changed.key)).toBeUndefined();
    expect(cache.peek(second.key)).toBeUndefined();
    expect(cache.peek(other.key)?.accountId).toBe(other.accountId);
    // Resolved again, the keys are cached and evicted together again.
    await cache.resolve(changed.key);
    expect(cache.peek(changed.key)).toBeDefined();
    cache.evictAccount(changed.accountId);
    expect(cache.peek(changed.key)).toBeUndefined();
  });

  it('a lookup in flight while an account is evicted is answered but not cached: it may have read the old plan', async () => {
    const cache = newCache();
    const { key, accountId } = await createTestAccount(rt, 'free');
    const lookup = cache.resolve(key);
    cache.evictAccount(accountId);
    expect((await lookup)?.accountId).toBe(accountId);
    expect(cache.peek(key)).toBeUndefined();
    // The next lookup, started after the eviction, is cached as usual.
    await cache.resolve(key);
    expect(cache.peek(key)?.accountId).toBe(accountId);
  });
});
