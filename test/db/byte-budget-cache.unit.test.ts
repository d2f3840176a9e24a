import { describe, expect, it } from 'vitest';
import { ByteBudgetCache } from '../../src/db/queries/byte-budget-cache';

const sized = (n: number) => new Uint8Array(n);

describe('ByteBudgetCache', () => {
  it('keeps entries under the byte budget, the least recently used leaving first', () => {
    const cache = new ByteBudgetCache<Uint8Array>(10, (v) => v.byteLength);
    cache.set('a', sized(4));
    cache.set('b', sized(4));
    expect(cache.get('a')?.byteLength).toBe(4); // a is now the most recently used
    cache.set('c', sized(4)); // 12 bytes: b leaves
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps the newest entry even when it alone is over the budget, and counts a replaced value once', () => {
    const cache = new ByteBudgetCache<Uint8Array>(10, (v) => v.byteLength);
    cache.set('a', sized(4));
    cache.set('big', sized(30));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('big')?.byteLength).toBe(30);
    cache.set('big', sized(2));
    cache.set('b', sized(8)); // 10 bytes: both fit, so the replaced 30 was not counted twice
    expect(cache.get('big')?.byteLength).toBe(2);
    expect(cache.get('b')).toBeDefined();
  });
});
