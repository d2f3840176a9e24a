import { describe, expect, it } from 'vitest';
import { quotaCrossings } from '../../src/billing/bill-usage';

describe('quotaCrossings', () => {
  it('owes each threshold the total crossed, once: before < threshold ≤ after', () => {
    expect(quotaCrossings(0, 79, 100)).toEqual([]);
    expect(quotaCrossings(79, 80, 100)).toEqual(['usage.quota_warning']);
    expect(quotaCrossings(80, 99, 100)).toEqual([]);
    expect(quotaCrossings(99, 100, 100)).toEqual(['usage.quota_exceeded']);
    expect(quotaCrossings(10, 150, 100)).toEqual(['usage.quota_warning', 'usage.quota_exceeded']);
    expect(quotaCrossings(100, 130, 100)).toEqual([]);
  });

  it('owes nothing without a quota (unlimited, or zero: the plan has no such product)', () => {
    expect(quotaCrossings(0, 1_000, null)).toEqual([]);
    expect(quotaCrossings(0, 1_000, 0)).toEqual([]);
  });
});
