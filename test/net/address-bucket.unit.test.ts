import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../src/net/address-bucket';

describe('addressBucket', () => {
  it('is the IPv4 address itself, also when it arrives IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however the address is spelled", () => {
    const bucket = '2001:0db8:0001:0002::/64';
    expect(addressBucket('2001:db8:1:2::1')).toBe(bucket);
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(bucket);
    expect(addressBucket('2001:0DB8:0001:0002:0:0:0:9')).toBe(bucket);
    expect(addressBucket('[2001:db8:1:2::9]')).toBe(bucket);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(bucket);
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressBucket('::1')).toBe('0000:0000:0000:0000::/64');
  });

  it('puts requests without an address in one bucket, and keeps anything else apart', () => {
    expect(addressBucket(null)).toBe('unknown');
    expect(addressBucket('not-an-ip')).toBe('other:not-an-ip');
  });
});
