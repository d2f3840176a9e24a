import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../src/net/address-bucket';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const bucket = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:0',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:a:b:1.2.3.4',
    ]) {
      expect(addressBucket(ip)).toBe(bucket);
    }
    expect(addressBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
