import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { openVisitorCountry, trustedProxyList } from '../../src/hosting/edge/visitor-country';

/** Only what the lookup reads of a request: the peer's address and the headers. */
const request = (remoteAddress: string | undefined, headers: Record<string, string | string[]> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('the visitor’s address and country', () => {
  it('takes the connection’s address unless the peer is a trusted proxy, then the header’s last entry', async () => {
    const visitors = await openVisitorCountry('off', { trustedProxies: ['10.0.0.0/8', '::1'], header: 'x-forwarded-for' });
    expect(visitors.addressOf(request('203.0.113.9', { 'x-forwarded-for': '81.2.69.160' }))).toBe('203.0.113.9');
    expect(visitors.addressOf(request('::ffff:10.1.2.3', { 'x-forwarded-for': '1.1.1.1, 81.2.69.160' }))).toBe('81.2.69.160');
    expect(visitors.addressOf(request('::1', { 'x-forwarded-for': 'garbage' }))).toBeNull();
    expect(visitors.addressOf(request('::1'))).toBe('::1');
    expect(visitors.addressOf(request(undefined))).toBeNull();
    // No database: no country, whatever the address.
    expect(visitors.countryOf(request('81.2.69.160'))).toBeNull();
  });

  it('looks countries up in the bundled database, IPv4 and IPv6; private and documentation addresses have none', async () => {
    const visitors = await openVisitorCountry(undefined, { trustedProxies: [], header: 'x-forwarded-for' });
    expect(visitors.countryOf(request('81.2.69.160'))).toBe('gb');
    expect(visitors.countryOf(request('::ffff:8.8.8.8'))).toBe('us');
    expect(visitors.countryOf(request('2001:4860:4860::8888'))).toBe('us');
    expect(visitors.countryOf(request('127.0.0.1'))).toBeNull();
    expect(visitors.countryOf(request('192.0.2.1'))).toBeNull();
  });

  it('reads a header other than X-Forwarded-For when told', async () => {
    const visitors = await openVisitorCountry(undefined, { trustedProxies: ['127.0.0.1'], header: 'cf-connecting-ip' });
    expect(visitors.countryOf(request('127.0.0.1', { 'cf-connecting-ip': '8.8.8.8', 'x-forwarded-for': '81.2.69.160' }))).toBe('us');
  });

  it('refuses a trusted proxy entry that is no address or range', () => {
    expect(() => trustedProxyList(['10.0.0.0/8', 'fd00::/8', '192.168.1.1'])).not.toThrow();
    expect(() => trustedProxyList(['proxy.internal'])).toThrow(/not an address or CIDR range/);
  });
});

describe('edge settings', () => {
  it('reads EDGE_TRUSTED_PROXIES as a list and checks each entry', () => {
    expect(loadConfig({}).EDGE_TRUSTED_PROXIES).toEqual([]);
    expect(loadConfig({ EDGE_TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).EDGE_TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ EDGE_CLIENT_IP_HEADER: 'CF-Connecting-IP' }).EDGE_CLIENT_IP_HEADER).toBe('cf-connecting-ip');
    for (const bad of ['proxy.internal', '10.0.0.0/33', '::1/129']) {
      try {
        loadConfig({ EDGE_TRUSTED_PROXIES: bad });
        expect.unreachable(bad);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems[0]).toMatch(/^EDGE_TRUSTED_PROXIES=.*addresses or CIDR ranges/);
      }
    }
  });
});
