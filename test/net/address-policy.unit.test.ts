import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeAddress, isPublicAddress, nonPublicLiteralHost } from '../../src/net/address-policy';

const refused: [string, string][] = [
  // IPv4
  ['0.0.0.0', 'unspecified ("this network")'],
  ['0.255.255.255', 'unspecified ("this network")'],
  ['10.0.0.1', 'private (RFC 1918)'],
  ['10.255.255.255', 'private (RFC 1918)'],
  ['100.64.0.1', 'shared address space (CGNAT)'],
  ['100.127.255.255', 'shared address space (CGNAT)'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['172.16.0.1', 'private (RFC 1918)'],
  ['172.31.255.255', 'private (RFC 1918)'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.2.10', 'documentation (TEST-NET-1)'],
  ['192.88.99.1', '6to4 relay anycast (deprecated)'],
  ['192.168.1.1', 'private (RFC 1918)'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation (TEST-NET-2)'],
  ['203.0.113.200', 'documentation (TEST-NET-3)'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['254.1.2.3', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6 basics
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fc00::1', 'unique local (ULA)'],
  ['fd12:3456:789a::1', 'unique local (ULA)'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:0db8:85a3::8a2e:370:7334', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'IETF protocol assignments'],
  ['4000::1', 'reserved'],
  ['::ffff:0:0:1', 'reserved'],
  // IPv4-mapped, dotted and hex spellings
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback'],
  ['::FFFF:7F00:0001', 'IPv4-mapped loopback'],
  ['0:0:0:0:0:ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.1.2.3', 'IPv4-mapped private (RFC 1918)'],
  ['::ffff:a01:203', 'IPv4-mapped private (RFC 1918)'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['::ffff:0.0.0.0', 'IPv4-mapped unspecified ("this network")'],
  ['[::ffff:192.168.0.1]', 'IPv4-mapped private (RFC 1918)'],
  // IPv4-compatible (deprecated) is refused whatever it embeds
  ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
  ['::7f00:1', 'IPv4-compatible (deprecated)'],
  // NAT64 and 6to4 are judged by the embedded IPv4
  ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
  ['64:ff9b::a00:1', 'NAT64 private (RFC 1918)'],
  ['64:ff9b:1::8.8.8.8', 'NAT64 local-use'],
  ['2002:7f00:1::', '6to4 loopback'],
  ['2002:c0a8:101::1', '6to4 private (RFC 1918)'],
  ['2002:a9fe:a9fe:1234::5', '6to4 link-local'],
  // Not addresses at all
  ['localhost', 'not an IP address'],
  ['', 'not an IP address'],
  ['127.1', 'not an IP address'],
  ['2130706433', 'not an IP address'],
  ['127.000.000.001', 'not an IP address'],
  ['1.2.3.4.5', 'not an IP address'],
  ['::ffff:1.2.3', 'not an IP address'],
  ['1:2:3:4:5:6:7:8:9', 'not an IP address'],
  ['gggg::1', 'not an IP address'],
];

const allowed: string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '9.9.9.9',
  '93.184.216.34',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above CGNAT
  '172.15.255.255', // just below 172.16/12
  '172.32.0.0', // just above 172.16/12
  '169.253.255.255',
  '192.0.1.1',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255', // last before multicast
  '11.0.0.1',
  '126.255.255.255',
  '128.0.0.1',
  '2606:4700::1111',
  '2606:4700:4700::1001',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '2001:200::1', // just past 2001::/23
  '2001:db9::1', // just past documentation
  '3ffe::1',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::8.8.8.8',
  '64:ff9b::101:101',
  '2002:808:808::1',
];

describe('address policy', () => {
  it.each(refused)('refuses %s as %s', (ip, description) => {
    expect(isPublicAddress(ip)).toBe(false);
    expect(describeAddress(ip)).toBe(description);
  });

  it.each(allowed)('allows %s', (ip) => {
    expect(describeAddress(ip)).toMatch(/public$/);
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('covers whole ranges, not just their first address', () => {
    for (let i = 0; i < 256; i += 17) {
      expect(isPublicAddress(`127.${i}.${255 - i}.${i}`)).toBe(false);
      expect(isPublicAddress(`10.${i}.${i}.1`)).toBe(false);
      expect(isPublicAddress(`::ffff:127.${i}.0.1`)).toBe(false);
      expect(isPublicAddress(`${224 + (i % 32)}.${i}.0.1`)).toBe(false);
    }
    for (let second = 16; second < 32; second++) expect(isPublicAddress(`172.${second}.3.4`)).toBe(false);
    for (let second = 64; second < 128; second++) expect(isPublicAddress(`100.${second}.3.4`)).toBe(false);
  });

  it('agrees with node:net BlockList built from the refused IPv4 ranges on random addresses', () => {
    const ranges = [
      '0.0.0.0/8',
      '10.0.0.0/8',
      '100.64.0.0/10',
      '127.0.0.0/8',
      '169.254.0.0/16',
      '172.16.0.0/12',
      '192.0.0.0/24',
      '192.0.2.0/24',
      '192.88.99.0/24',
      '192.168.0.0/16',
      '198.18.0.0/15',
      '198.51.100.0/24',
      '203.0.113.0/24',
      '224.0.0.0/4',
      '240.0.0.0/4',
    ];
    const blocked = new BlockList();
    for (const cidr of ranges) {
      const [network, prefix] = cidr.split('/');
      blocked.addSubnet(network!, Number(prefix), 'ipv4');
    }
    // A fixed-seed generator keeps failures reproducible.
    let seed = 12345;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    };
    for (let i = 0; i < 20_000; i++) {
      const ip = [next(), next(), next(), next()].join('.');
      const expected = !blocked.check(ip, 'ipv4');
      expect(isPublicAddress(ip), ip).toBe(expected);
      expect(isPublicAddress(`::ffff:${ip}`), `::ffff:${ip}`).toBe(expected);
      expect(isPublicAddress(`64:ff9b::${ip}`), `64:ff9b::${ip}`).toBe(expected);
    }
  });
});

describe('nonPublicLiteralHost (the refusal that needs no DNS)', () => {
  it('refuses IP literals outside public unicast and localhost names, naming the host and why', () => {
    expect(nonPublicLiteralHost('http://127.0.0.1:41234/x.zip')).toBe('127.0.0.1 is a non-public address (loopback)');
    expect(nonPublicLiteralHost('http://[::1]/')).toBe('[::1] is a non-public address (loopback)');
    expect(nonPublicLiteralHost('http://10.0.0.1/')).toMatch(/private/);
    expect(nonPublicLiteralHost('http://169.254.169.254/latest/meta-data/')).toMatch(/link-local/);
    expect(nonPublicLiteralHost('http://[::ffff:192.168.0.1]/')).toMatch(/IPv4-mapped private/);
    // WHATWG URL parsing turns the integer form into 127.0.0.1 before we see it.
    expect(nonPublicLiteralHost('http://2130706433/')).toMatch(/loopback/);
    expect(nonPublicLiteralHost('http://localhost:8080/')).toBe('localhost is a loopback name');
    expect(nonPublicLiteralHost('http://LOCALHOST./')).toBe('localhost is a loopback name');
    expect(nonPublicLiteralHost('http://app.localhost/')).toBe('app.localhost is a loopback name');
  });
  it('lets public literals and every other name through (names are checked when fetched)', () => {
    expect(nonPublicLiteralHost('http://93.184.215.14/site.zip')).toBeNull();
    expect(nonPublicLiteralHost('https://[2606:4700::1111]/')).toBeNull();
    expect(nonPublicLiteralHost('http://kiln-does-not-exist.invalid/')).toBeNull();
    expect(nonPublicLiteralHost('http://localhost.example.com/')).toBeNull();
    expect(nonPublicLiteralHost('not a url')).toBeNull();
  });
});
