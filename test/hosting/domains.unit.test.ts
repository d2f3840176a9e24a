import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DnsLookupError,
  MAX_CHECK_DELAY_MS,
  checkDomainRecords,
  createResolver,
  isApexDomain,
  newVerificationToken,
  findingHint,
  nextCheckDelayMs,
  normalizeDomain,
  parseDnsServers,
  requiredRecords,
  verificationExpired,
} from '../../src/hosting/domains';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';

const HOSTING = 'kiln.test';
const EDGE = '203.0.113.10';
const TOKEN = '0123456789abcdef0123456789abcdef';

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['  example.com  ', 'example.com'],
    ['www.example.co.uk', 'www.example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['bücher\u3002de', 'xn--bcher-kva.de'],
    ['BÜCHER.de', 'xn--bcher-kva.de'],
    ['a-b.example.com', 'a-b.example.com'],
    ['github.io', 'github.io'],
    [`${'a'.repeat(63)}.example.com`, `${'a'.repeat(63)}.example.com`],
  ])('accepts %j as %j', (input, domain) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ['https://example.com', /scheme/],
    ['http://example.com/path', /scheme/],
    ['example.com/', /trailing slash/],
    ['example.com/blog', /path/],
    ['example.com?x=1', /query/],
    ['example.com.', /trailing dot/],
    ['example.com\u3002', /trailing dot/],
    ['ex%41mple.com', /not allowed/],
    ['user@example.com', /not a valid domain/],
    ['example.com:8080', /port/],
    ['*.example.com', /wildcard/],
    ['localhost', /full domain name/],
    ['127.0.0.1', /IP address/],
    ['127.1', /IP address/],
    ['[::1]', /IP address/],
    ['::1', /IP address/],
    ['2001:db8::1', /IP address/],
    ['co.uk', /not a registrable domain/],
    ['com', /full domain name/],
    ['-a.example.com', /hyphen/],
    ['a-.example.com', /hyphen/],
    ['a_b.example.com', /underscore/],
    [`${'a'.repeat(64)}.example.com`, /63 characters/],
    [`${'a.'.repeat(125)}example.com`, /253 characters/],
    ['a..example.com', /empty part/],
    ['.example.com', /empty part/],
    ['exa mple.com', /not a valid domain/],
    ['xn--zz.com', /not a valid domain/],
    ['', /empty/],
    ['   ', /empty/],
  ])('refuses %j', (input, reason) => {
    const result = normalizeDomain(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it.each([undefined, null, 42, {}, ['example.com']])('refuses non-string %j', (input) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, reason: 'domain must be a string' });
  });

  it('refuses a bare public suffix with a hint at a registrable name', () => {
    expect(normalizeDomain('co.uk')).toEqual({
      ok: false,
      reason: 'co.uk is a public suffix, not a registrable domain; enter a domain you own, such as example.co.uk',
    });
  });
});

describe('isApexDomain and requiredRecords', () => {
  it.each([
    ['example.com', true],
    ['www.example.com', false],
    ['example.co.uk', true],
    ['shop.example.co.uk', false],
    ['xn--bcher-kva.de', true],
    // ICANN section only: a host under a private suffix is a name inside the operator's zone.
    ['foo.github.io', false],
  ])('%s is apex: %s', (domain, apex) => {
    expect(isApexDomain(domain)).toBe(apex);
  });

  it('asks for TXT ownership then A at the apex', () => {
    expect(requiredRecords({ domain: 'example.co.uk', siteId: 'blog', hostingDomain: HOSTING, edgeIpv4: EDGE, token: TOKEN })).toEqual([
      { type: 'TXT', name: '_kiln-challenge.example.co.uk', value: `kiln-verify=${TOKEN}` },
      { type: 'A', name: 'example.co.uk', value: EDGE },
    ]);
  });

  it('asks for TXT ownership then CNAME to the site host for a subdomain', () => {
    expect(requiredRecords({ domain: 'www.example.com', siteId: 'blog', hostingDomain: `${HOSTING}.`, edgeIpv4: EDGE, token: TOKEN })).toEqual([
      { type: 'TXT', name: '_kiln-challenge.www.example.com', value: `kiln-verify=${TOKEN}` },
      { type: 'CNAME', name: 'www.example.com', value: `blog.${HOSTING}` },
    ]);
  });

  it('makes 32-hex-character tokens that differ', () => {
    const a = newVerificationToken();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newVerificationToken()).not.toBe(a);
  });
});

describe('verify schedule', () => {
  const middle = () => 0.5;

  it('starts at about a minute', () => {
    expect(nextCheckDelayMs(0, middle)).toBe(60_000);
  });

  it('grows monotonically, even with opposite jitter, until the one-hour cap', () => {
    let previous = 0;
    // Attempt 6 is the first one at the cap; beyond it the jitter alone decides the order.
    for (let attempt = 0; attempt <= 6; attempt++) {
      // Worst case for monotonicity: this attempt jittered down, the previous one up.
      const low = nextCheckDelayMs(attempt, () => 0);
      expect(low).toBeGreaterThanOrEqual(previous);
      previous = nextCheckDelayMs(attempt, () => 0.999999);
    }
    expect(nextCheckDelayMs(6, middle)).toBe(MAX_CHECK_DELAY_MS);
    expect(nextCheckDelayMs(50, middle)).toBe(MAX_CHECK_DELAY_MS);
    expect(nextCheckDelayMs(5_000, () => 0.999999)).toBe(MAX_CHECK_DELAY_MS);
  });

  it('keeps jitter within ±10% and never above an hour', () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const base = Math.min(60_000 * 2 ** attempt, MAX_CHECK_DELAY_MS);
      for (let i = 0; i < 200; i++) {
        const delay = nextCheckDelayMs(attempt);
        expect(delay).toBeGreaterThanOrEqual(base * 0.9);
        expect(delay).toBeLessThanOrEqual(Math.min(base * 1.1, MAX_CHECK_DELAY_MS));
      }
    }
  });

  it('treats nonsense attempts as the first', () => {
    expect(nextCheckDelayMs(-3, middle)).toBe(60_000);
    expect(nextCheckDelayMs(Number.NaN, middle)).toBe(60_000);
  });

  it('expires the window once it has fully elapsed', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const window = 48 * 3_600_000;
    expect(verificationExpired(start, new Date(start.getTime() + window - 1), window)).toBe(false);
    expect(verificationExpired(start, new Date(start.getTime() + window), window)).toBe(true);
  });
});

describe('parseDnsServers', () => {
  it('returns undefined for unset or blank (system resolvers)', () => {
    expect(parseDnsServers(undefined)).toBeUndefined();
    expect(parseDnsServers('  ')).toBeUndefined();
  });

  it('parses IPv4 and IPv6 with and without ports', () => {
    expect(parseDnsServers('1.1.1.1, 8.8.8.8:5353,[2606:4700::1]:53, ::1, [::1]')).toEqual(['1.1.1.1', '8.8.8.8:5353', '[2606:4700::1]:53', '::1', '::1']);
  });

  it.each([
    ['dns.google', /not an IP address/],
    ['1.1.1.1:0', /invalid port/],
    ['1.1.1.1:70000', /invalid port/],
    ['1.1.1.1:abc', /invalid port/],
    ['[1.1.1.1]:53', /not an IPv6/],
    ['1.1.1.1,,8.8.8.8', /entry 2 is empty/],
  ])('refuses %j', (spec, message) => {
    expect(() => parseDnsServers(spec)).toThrow(message);
  });
});

describe('checkDomainRecords against a real DNS server', () => {
  let dns: FakeDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer({});
  });
  afterAll(async () => {
    await dns.close();
  });

  const resolver = () => createResolver([dns.server], 1000);
  const records = (domain: string) => requiredRecords({ domain, siteId: 'blog', hostingDomain: HOSTING, edgeIpv4: EDGE, token: TOKEN });

  it('sees ownership without routing', async () => {
    dns.set('_kiln-challenge.own-only.example', { TXT: [`kiln-verify=${TOKEN}`] });
    const result = await checkDomainRecords(resolver(), records('own-only.example'));
    expect(result.ownership).toBe(true);
    expect(result.routing).toBe(false);
  });

  it('verifies an apex domain with TXT and A (other A records tolerated)', async () => {
    dns.set('_kiln-challenge.apex.example', { TXT: ['v=spf1 -all', `kiln-verify=${TOKEN}`] });
    dns.set('apex.example', { A: ['198.51.100.7', EDGE] });
    const result = await checkDomainRecords(resolver(), records('apex.example'));
    expect(result).toEqual({
      ownership: true,
      routing: true,
      seen: { txt: ['v=spf1 -all', `kiln-verify=${TOKEN}`], cname: [], a: ['198.51.100.7', EDGE] },
      findings: [
        {
          type: 'TXT',
          name: '_kiln-challenge.apex.example',
          status: 'found',
          seen: [
            { type: 'TXT', value: 'v=spf1 -all' },
            { type: 'TXT', value: `kiln-verify=${TOKEN}` },
          ],
          lookups: [{ resolver: dns.server, type: 'TXT', outcome: 'answer', values: ['v=spf1 -all', `kiln-verify=${TOKEN}`] }],
        },
        {
          type: 'A',
          name: 'apex.example',
          status: 'found',
          seen: [
            { type: 'A', value: '198.51.100.7' },
            { type: 'A', value: EDGE },
          ],
          lookups: [{ resolver: dns.server, type: 'A', outcome: 'answer', values: ['198.51.100.7', EDGE] }],
        },
      ],
    });
  });

  it('verifies a subdomain with TXT and CNAME', async () => {
    dns.set('_kiln-challenge.www.sub.example', { TXT: [`kiln-verify=${TOKEN}`] });
    dns.set('www.sub.example', { CNAME: `blog.${HOSTING}` });
    const result = await checkDomainRecords(resolver(), records('www.sub.example'));
    expect(result.ownership).toBe(true);
    expect(result.routing).toBe(true);
    expect(result.seen.cname).toEqual([`blog.${HOSTING}`]);
  });

  it('accepts a CNAME with a trailing dot and different case, and a TXT split in chunks', async () => {
    dns.set('_kiln-challenge.www.case.example', { TXT: [['kiln-verify=', TOKEN]] });
    dns.set('www.case.example', { CNAME: `BLOG.Kiln.TEST.` });
    const result = await checkDomainRecords(resolver(), records('www.case.example'));
    expect(result.ownership).toBe(true);
    expect(result.routing).toBe(true);
  });

  it('accepts a flattened CNAME (A to the edge) for a subdomain when told the edge address', async () => {
    dns.set('_kiln-challenge.www.flat.example', { TXT: [`kiln-verify=${TOKEN}`] });
    dns.set('www.flat.example', { A: [EDGE] });
    const withEdge = await checkDomainRecords(resolver(), records('www.flat.example'), { edgeIpv4: EDGE });
    expect(withEdge.routing).toBe(true);
    const withoutEdge = await checkDomainRecords(resolver(), records('www.flat.example'));
    expect(withoutEdge.routing).toBe(false);
  });

  it('rejects a wrong TXT value, including a case change of the token', async () => {
    dns.set('_kiln-challenge.wrong.example', { TXT: [`kiln-verify=${TOKEN.toUpperCase()}`, 'kiln-verify=other'] });
    dns.set('wrong.example', { A: [EDGE] });
    const result = await checkDomainRecords(resolver(), records('wrong.example'));
    expect(result.ownership).toBe(false);
    expect(result.routing).toBe(true);
    expect(result.findings.map((f) => f.status)).toEqual(['wrong_value', 'found']);
  });

  it('rejects a CNAME to another site', async () => {
    dns.set('_kiln-challenge.www.other.example', { TXT: [`kiln-verify=${TOKEN}`] });
    dns.set('www.other.example', { CNAME: `shop.${HOSTING}` });
    const result = await checkDomainRecords(resolver(), records('www.other.example'), { edgeIpv4: EDGE });
    expect(result.routing).toBe(false);
    expect(result.findings[1]).toMatchObject({ type: 'CNAME', status: 'wrong_value' });
    expect(result.findings[1]!.seen).toContainEqual({ type: 'CNAME', value: `shop.${HOSTING}` });
  });

  it('reports missing records (NXDOMAIN, NODATA) as false without throwing', async () => {
    const result = await checkDomainRecords(resolver(), records('www.nothing.example'), { edgeIpv4: EDGE });
    expect(result).toEqual({
      ownership: false,
      routing: false,
      seen: { txt: [], cname: [], a: [] },
      findings: [
        {
          type: 'TXT',
          name: '_kiln-challenge.www.nothing.example',
          status: 'missing',
          seen: [],
          lookups: [{ resolver: dns.server, type: 'TXT', outcome: 'nxdomain', values: [] }],
        },
        {
          type: 'CNAME',
          name: 'www.nothing.example',
          status: 'missing',
          seen: [],
          lookups: [
            { resolver: dns.server, type: 'CNAME', outcome: 'nxdomain', values: [] },
            { resolver: dns.server, type: 'A', outcome: 'nxdomain', values: [] },
          ],
        },
      ],
    });
    dns.set('_kiln-challenge.nodata.example', { A: ['192.0.2.1'] });
    const nodata = await checkDomainRecords(resolver(), records('nodata.example'));
    expect(nodata.ownership).toBe(false);
  });

  it('notices records added later (no caching between checks)', async () => {
    const r = resolver();
    expect((await checkDomainRecords(r, records('late.example'))).routing).toBe(false);
    dns.set('late.example', { A: [EDGE] });
    expect((await checkDomainRecords(r, records('late.example'))).routing).toBe(true);
  });

  it('throws DnsLookupError on SERVFAIL so the caller retries', async () => {
    dns.set('_kiln-challenge.broken.example', { rcode: 'SERVFAIL' });
    const error = await checkDomainRecords(resolver(), records('broken.example')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DnsLookupError);
    expect(error).toMatchObject({ hostname: '_kiln-challenge.broken.example', rrtype: 'TXT', code: 'ESERVFAIL' });
  });

  it('throws DnsLookupError when the resolver port is closed', async () => {
    const closedPort = await freeUdpPort();
    const error = await createResolver([`127.0.0.1:${closedPort}`], 500)
      .resolveTxt('_kiln-challenge.example.com')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DnsLookupError);
  });

  it('throws DnsLookupError on a timeout from a server that never answers', async () => {
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const error = await createResolver([`127.0.0.1:${silent.address().port}`], 200)
        .resolve4('example.com')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DnsLookupError);
      expect(error).toMatchObject({ code: 'ETIMEOUT' });
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('diagnostics: several resolvers, per-resolver answers and hints', () => {
  let fresh: FakeDnsServer;
  let stale: FakeDnsServer;

  beforeAll(async () => {
    [fresh, stale] = await Promise.all([startDnsServer({}), startDnsServer({})]);
  });
  afterAll(async () => {
    await Promise.all([fresh.close(), stale.close()]);
  });

  const both = () => createResolver([fresh.server, stale.server], 1000);
  const records = (domain: string) => requiredRecords({ domain, siteId: 'blog', hostingDomain: HOSTING, edgeIpv4: EDGE, token: TOKEN });

  it('counts a record found when one resolver has it, and says the other still has the old value', async () => {
    fresh.set('_kiln-challenge.prop.example', { TXT: [`kiln-verify=${TOKEN}`] });
    stale.set('_kiln-challenge.prop.example', { TXT: ['kiln-verify=old'] });
    fresh.set('prop.example', { A: [EDGE] });
    const recs = records('prop.example');
    const result = await checkDomainRecords(both(), recs);
    expect(result.ownership).toBe(true);
    expect(result.findings[0]!.lookups).toEqual([
      { resolver: fresh.server, type: 'TXT', outcome: 'answer', values: [`kiln-verify=${TOKEN}`] },
      { resolver: stale.server, type: 'TXT', outcome: 'answer', values: ['kiln-verify=old'] },
    ]);
    // The stale server knows the name (its TXT child exists) but has no A there: NODATA.
    expect(result.findings[1]!.lookups!.map((l) => l.outcome)).toEqual(['answer', 'nodata']);
    const hint = findingHint(recs[1]!, result.findings[1], EDGE);
    expect(hint).toContain(`A prop.example is this edge's address ${EDGE}, as expected.`);
    expect(hint).toContain(`Resolvers disagree: ${fresh.server} sees A '${EDGE}'; ${stale.server} sees A no record of this type`);
  });

  it('decides on the resolver that answers when another fails, and records the failure', async () => {
    fresh.set('_kiln-challenge.half.example', { TXT: ['kiln-verify=nope'] });
    stale.set('_kiln-challenge.half.example', { rcode: 'SERVFAIL' });
    fresh.set('half.example', { A: [EDGE] });
    stale.set('half.example', { A: [EDGE] });
    const recs = records('half.example');
    const result = await checkDomainRecords(both(), recs);
    expect(result.ownership).toBe(false);
    expect(result.findings[0]).toMatchObject({ status: 'wrong_value' });
    expect(result.findings[0]!.lookups).toEqual([
      { resolver: fresh.server, type: 'TXT', outcome: 'answer', values: ['kiln-verify=nope'] },
      { resolver: stale.server, type: 'TXT', outcome: 'servfail', values: [], code: 'ESERVFAIL' },
    ]);
    expect(findingHint(recs[0]!, result.findings[0], EDGE)).toMatch(
      new RegExp(`^TXT _kiln-challenge.half.example found 'kiln-verify=nope' but expected 'kiln-verify=${TOKEN}'. Resolvers disagree: .*SERVFAIL`),
    );
  });

  it("throws when no resolver answers, carrying each record's findings", async () => {
    fresh.set('_kiln-challenge.down.example', { rcode: 'SERVFAIL' });
    stale.set('_kiln-challenge.down.example', { rcode: 'REFUSED' });
    fresh.set('down.example', { A: [EDGE] });
    const recs = records('down.example');
    const error = (await checkDomainRecords(both(), recs).catch((e: unknown) => e)) as DnsLookupError;
    expect(error).toBeInstanceOf(DnsLookupError);
    expect(error.findings!.map((f) => f.status)).toEqual(['unknown', 'found']);
    expect(error.findings![0]!.lookups!.map((l) => l.outcome)).toEqual(['servfail', 'refused']);
    expect(findingHint(recs[0]!, error.findings![0], EDGE)).toBe(
      `The lookup of _kiln-challenge.down.example got no answer (TXT at ${fresh.server}: SERVFAIL; TXT at ${stale.server}: REFUSED); nothing was decided, the next check tries again.`,
    );
  });

  it('explains wrong and missing records in words', async () => {
    const one = () => createResolver([fresh.server], 1000);
    fresh.set('_kiln-challenge.www.words.example', { TXT: ['abc'] });
    fresh.set('www.words.example', { CNAME: 'x.example.net' });
    fresh.set('x.example.net', { A: ['192.0.2.9'] });
    const sub = records('www.words.example');
    const r1 = await checkDomainRecords(one(), sub, { edgeIpv4: EDGE });
    expect(findingHint(sub[0]!, r1.findings[0], EDGE)).toBe(`TXT _kiln-challenge.www.words.example found 'abc' but expected 'kiln-verify=${TOKEN}'.`);
    expect(findingHint(sub[1]!, r1.findings[1], EDGE)).toBe(`CNAME www.words.example points to x.example.net; expected blog.${HOSTING}.`);

    fresh.set('words.example', { A: ['1.2.3.4'] });
    const apex = records('words.example');
    const r2 = await checkDomainRecords(one(), apex);
    expect(findingHint(apex[0]!, r2.findings[0], EDGE)).toBe(
      `No TXT record at _kiln-challenge.words.example (the name does not exist): add one with the value 'kiln-verify=${TOKEN}'.`,
    );
    expect(findingHint(apex[1]!, r2.findings[1], EDGE)).toBe(`A record 1.2.3.4 is not this edge's address; expected ${EDGE}.`);

    fresh.set('words.example', { A: ['1.2.3.4', EDGE] });
    const r3 = await checkDomainRecords(one(), apex);
    expect(findingHint(apex[1]!, r3.findings[1], EDGE)).toBe(
      `A words.example includes this edge's address ${EDGE}, but also 1.2.3.4: visitors sent there will not reach the site; remove it.`,
    );
    expect(findingHint(apex[1]!, undefined, EDGE)).toBe('A words.example: not checked yet.');
  });
});

describe('startDnsServer', () => {
  it('closes idempotently and releases its port', async () => {
    const dns = await startDnsServer({ 'x.example': { A: [EDGE] } });
    expect(await createResolver([dns.server], 500).resolve4('X.Example.')).toEqual([EDGE]);
    expect(dns.queries).toContainEqual({ name: 'x.example', type: 'A' });
    await Promise.all([dns.close(), dns.close()]);
    const rebound = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      rebound.once('error', reject);
      rebound.bind(dns.port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => rebound.close(() => resolve()));
  });
});

/** A port that was free a moment ago and has nothing listening on it now. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}
