import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCa } from '../../src/hosting/certificates';
import { zipBuffer } from './support/archive-fixtures';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';
import { edgeGet, edgeGetTls, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let dns: FakeDnsServer;
let files: Awaited<ReturnType<typeof startFileHost>>;

beforeAll(async () => {
  dns = await startDnsServer();
  h = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '200', DOMAIN_VERIFY_WINDOW_MS: '60000' });
  files = await startFileHost();
  files.put('/shop.zip', await zipBuffer([{ name: 'index.html', data: 'the shop' }]));
  expect((await h.deploy({ site_id: 'shop', source_url: files.url('/shop.zip') })).status).toBe('published');
});
afterAll(async () => {
  await h.close();
  await files.close();
  await dns.close();
});

const addDomain = (body: unknown, auth = h.auth) => h.svc.app.request('/v1/hosting/domains', jsonRequest(body, auth));
const getDomain = async (domain: string, auth = h.auth) => (await h.svc.app.request(`/v1/hosting/domains/${domain}`, { headers: auth })).json();

describe('custom domain lifecycle', () => {
  it('add → records → verified → ssl active → HTTPS with its own certificate → HTTP redirects → delete stops traffic', async () => {
    const res = await addDomain({ site_id: 'shop', domain: 'WWW.Shop-Example.com' });
    expect(res.status).toBe(201);
    const added = await res.json();
    expect(added).toMatchObject({ domain: 'www.shop-example.com', site_id: 'shop', status: 'pending_verification' });
    expect(added.ssl).toBeUndefined();
    const [txt, cname] = added.dns_records;
    expect(txt).toMatchObject({ type: 'TXT', name: '_kiln-challenge.www.shop-example.com' });
    expect(txt.value).toMatch(/^kiln-verify=[0-9a-f]{32}$/);
    expect(cname).toEqual({ type: 'CNAME', name: 'www.shop-example.com', value: `shop.${HOSTING_DOMAIN}` });
    expect(await getDomain('www.shop-example.com')).toMatchObject({ status: 'pending_verification', ssl: 'inactive' });

    // Not served before verification.
    expect((await edgeGet(h.edge.httpPort, 'www.shop-example.com', '/')).status).toBe(404);

    dns.set(txt.name, { TXT: [txt.value] });
    dns.set(cname.name, { CNAME: `${cname.value}.` });
    const verified = await (await h.svc.app.request('/v1/hosting/domains/www.shop-example.com/verify', { method: 'POST', headers: h.auth })).json();
    expect(verified.status).toBe('verified');
    await until('ssl active', async () => (await getDomain('www.shop-example.com')).ssl === 'active');

    const ca = await localCa(h.svc.rt);
    const secure = await until('HTTPS served', async () => {
      const r = await edgeGetTls(h.edge.httpsPort, 'www.shop-example.com', ca.certPem).catch(() => null);
      return r?.status === 200 ? r : null;
    });
    expect(secure.authorized).toBe(true);
    expect(secure.peerNames).toBe('DNS:www.shop-example.com');
    expect(secure.body.toString()).toBe('the shop');

    const plain = await edgeGet(h.edge.httpPort, 'www.shop-example.com', '/page?x=1');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://www.shop-example.com:${h.edge.httpsPort}/page?x=1`);

    const del = await h.svc.app.request('/v1/hosting/domains/www.shop-example.com', { method: 'DELETE', headers: h.auth });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    await until('traffic stopped', async () => (await edgeGet(h.edge.httpPort, 'www.shop-example.com', '/')).status === 404, 1_000, 20);
    expect((await h.svc.app.request('/v1/hosting/domains/www.shop-example.com', { headers: h.auth })).status).toBe(404);
  });

  it('an apex domain asks for an A record to EDGE_IPV4 and is verified by the automatic checks', async () => {
    const added = await (await addDomain({ site_id: 'shop', domain: 'shop-apex.com' })).json();
    expect(added.dns_records[1]).toEqual({ type: 'A', name: 'shop-apex.com', value: '127.0.0.1' });
    dns.set(added.dns_records[0].name, { TXT: [added.dns_records[0].value] });
    dns.set('shop-apex.com', { A: ['127.0.0.1'] });
    // DOMAIN_CHECK_BASE_MS=200: the queued checks find the records without a manual verify.
    await until('verified automatically', async () => (await getDomain('shop-apex.com')).status === 'verified');
    await until('served', async () => (await edgeGet(h.edge.httpPort, 'shop-apex.com', '/', {})).status !== 404);
  });

  it('becomes failed after the verification window, and verify starts a new window', async () => {
    const short = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '100', DOMAIN_VERIFY_WINDOW_MS: '1500' });
    try {
      const res = await short.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'late', domain: 'late.example.org' }, short.auth));
      expect(res.status).toBe(201);
      await until(
        'failed',
        async () => (await (await short.svc.app.request('/v1/hosting/domains/late.example.org', { headers: short.auth })).json()).status === 'failed',
        15_000,
        100,
      );
      const again = await (await short.svc.app.request('/v1/hosting/domains/late.example.org/verify', { method: 'POST', headers: short.auth })).json();
      expect(again.status).toBe('pending_verification');
    } finally {
      await short.close();
    }
  });
});

describe('errors of spec section 7 for domains', () => {
  const code = async (res: Response) => [res.status, (await res.json()).error.code];

  it('400 missing_required_field and invalid_parameter', async () => {
    expect(await code(await addDomain({ domain: 'a.example.com' }))).toEqual([400, 'missing_required_field']);
    expect(await code(await addDomain({ site_id: 'shop' }))).toEqual([400, 'missing_required_field']);
    expect(await code(await addDomain({ site_id: 'shop', domain: '' }))).toEqual([400, 'missing_required_field']);
    for (const domain of [
      'https://a.example.com',
      'a.example.com/',
      'a.example.com.',
      'a.example.com:80',
      'localhost',
      '127.0.0.1',
      'co.uk',
      `x.${HOSTING_DOMAIN}`,
    ]) {
      expect(await code(await addDomain({ site_id: 'shop', domain })), domain).toEqual([400, 'invalid_parameter']);
    }
    expect(await code(await addDomain({ site_id: 'Not Valid', domain: 'a.example.com' }))).toEqual([400, 'invalid_parameter']);
  });

  it('409 when attached on this account (any site) and when another account verified it; IDN is punycoded', async () => {
    const first = await (await addDomain({ site_id: 'shop', domain: 'bücher.example' })).json();
    expect(first.domain).toBe('xn--bcher-kva.example');
    const dup = await addDomain({ site_id: 'othersite', domain: 'xn--bcher-kva.example' });
    expect(await code(dup)).toEqual([409, 'domain_already_exists']);

    const other = await createTestAccount(h.svc.rt, 'business');
    // Only pending here: another account may claim it too; whoever verifies first keeps it.
    expect((await addDomain({ site_id: 'other-site', domain: 'xn--bcher-kva.example' }, other.auth)).status).toBe(201);
    dns.set(first.dns_records[0].name, { TXT: [first.dns_records[0].value] });
    dns.set('xn--bcher-kva.example', { A: ['127.0.0.1'] });
    expect((await (await h.svc.app.request('/v1/hosting/domains/xn--bcher-kva.example/verify', { method: 'POST', headers: h.auth })).json()).status).toBe(
      'verified',
    );
    const third = await createTestAccount(h.svc.rt, 'business');
    const taken = await addDomain({ site_id: 'third-site', domain: 'xn--bcher-kva.example' }, third.auth);
    const body = await taken.json();
    expect([taken.status, body.error.code]).toEqual([409, 'domain_already_exists']);
    expect(body.error.message).toBe('xn--bcher-kva.example is already attached to a site.');
  });

  it('401; 403 without hosting; 404 for unknown domains, other accounts and sites of other accounts', async () => {
    expect(await code(await addDomain({ site_id: 'shop', domain: 'b.example.com' }, {}))).toEqual([401, 'unauthorized']);
    const pro = await createTestAccount(h.svc.rt, 'pro');
    expect(await code(await addDomain({ site_id: 'x', domain: 'b.example.com' }, pro.auth))).toEqual([403, 'forbidden']);
    const other = await createTestAccount(h.svc.rt, 'business');
    expect(await code(await addDomain({ site_id: 'shop', domain: 'c.example.com' }, other.auth))).toEqual([404, 'not_found']);
    await addDomain({ site_id: 'shop', domain: 'mine.example.com' });
    for (const [method, path] of [
      ['GET', '/v1/hosting/domains/mine.example.com'],
      ['DELETE', '/v1/hosting/domains/mine.example.com'],
      ['POST', '/v1/hosting/domains/mine.example.com/verify'],
      ['GET', '/v1/hosting/domains/unknown.example.com'],
    ] as const) {
      const auth = path.includes('unknown') ? h.auth : other.auth;
      expect(await code(await h.svc.app.request(path, { method, headers: auth })), `${method} ${path}`).toEqual([404, 'not_found']);
    }
    expect(await code(await h.svc.app.request('/v1/hosting/domains/mine.example.com', { headers: {} }))).toEqual([401, 'unauthorized']);
  });
});
