import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCa } from '../../src/hosting/certificates';
import { zipBuffer } from './support/archive-fixtures';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';
import { edgeGet, edgeGetTls, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { jsonRequest } from '../support/runtime';

// www/apex pairs: both names verify and get certificates; the edge serves the canonical one and answers the
// other with a 308 to it, path and query kept.
let h: HostingHarness;
let dns: FakeDnsServer;
let files: Awaited<ReturnType<typeof startFileHost>>;
let ca: string;

beforeAll(async () => {
  dns = await startDnsServer();
  h = await startHostingHarness({ DNS_SERVERS: dns.server });
  files = await startFileHost();
  files.put('/pair.zip', await zipBuffer([{ name: 'index.html', data: 'the paired site' }]));
  expect((await h.deploy({ site_id: 'pair-site', source_url: files.url('/pair.zip') })).status).toBe('published');
  ca = (await localCa(h.svc.rt)).certPem;
});
afterAll(async () => {
  await h?.close();
  await files?.close();
  await dns?.close();
});

const add = (body: unknown) => h.svc.app.request('/v1/hosting/domains', jsonRequest(body, h.auth));
const get = async (domain: string) => (await h.svc.app.request(`/v1/hosting/domains/${domain}`, { headers: h.auth })).json();
const verify = async (domain: string) => (await h.svc.app.request(`/v1/hosting/domains/${domain}/verify`, { method: 'POST', headers: h.auth })).json();
const sslActive = (domain: string) => until(`${domain} ssl active`, async () => (await get(domain)).ssl === 'active');
const tls = (host: string, path = '/') =>
  until(`HTTPS answer for ${host}`, async () => {
    const r = await edgeGetTls(h.edge.httpsPort, host, ca, path).catch(() => null);
    return r?.authorized ? r : null;
  });

/** Creates the records the API asked for, as the user would at their DNS host. */
function createRecords(records: { type: string; name: string; value: string }[]) {
  for (const r of records) {
    if (r.type === 'TXT') dns.set(r.name, { TXT: [r.value] });
    if (r.type === 'A') dns.set(r.name, { A: [r.value] });
    if (r.type === 'CNAME') dns.set(r.name, { CNAME: r.value });
  }
}

it('with_www adds both names, one TXT proves both, the www name 308s to the apex over HTTP and HTTPS, path and query kept', async () => {
  const res = await add({ site_id: 'pair-site', domain: 'Pair-Apex.com', with_www: true });
  expect(res.status).toBe(201);
  const added = await res.json();
  expect(added).toMatchObject({ domain: 'pair-apex.com', paired_with: 'www.pair-apex.com', status: 'pending_verification' });
  expect(added.redirects_to).toBeUndefined();
  expect(added.paired_domain).toMatchObject({ domain: 'www.pair-apex.com', paired_with: 'pair-apex.com', redirects_to: 'pair-apex.com' });
  const [txt, a] = added.dns_records;
  expect(a).toEqual({ type: 'A', name: 'pair-apex.com', value: '127.0.0.1' });
  // The www name's ownership record is the apex's own: one TXT record for the pair.
  expect(added.paired_domain.dns_records).toEqual([txt, { type: 'CNAME', name: 'www.pair-apex.com', value: `pair-site.${HOSTING_DOMAIN}` }]);

  createRecords([...added.dns_records, ...added.paired_domain.dns_records]);
  // The redirecting name verified first serves the site itself: its canonical name is not served yet.
  expect((await verify('www.pair-apex.com')).status).toBe('verified');
  await sslActive('www.pair-apex.com');
  const alone = await tls('www.pair-apex.com');
  expect([alone.status, alone.body.toString()]).toEqual([200, 'the paired site']);

  expect((await verify('pair-apex.com')).status).toBe('verified');
  await sslActive('pair-apex.com');
  const canonical = await tls('pair-apex.com', '/');
  expect([canonical.status, canonical.peerNames, canonical.body.toString()]).toEqual([200, 'DNS:pair-apex.com', 'the paired site']);

  const location = `https://pair-apex.com:${h.edge.httpsPort}/some/page?x=1&y=%20z`;
  const secure = await until('www redirects over HTTPS', async () => {
    const r = await edgeGetTls(h.edge.httpsPort, 'www.pair-apex.com', ca, '/some/page?x=1&y=%20z');
    return r.status === 308 ? r : null;
  });
  // Served with its own certificate: the redirect itself is over a valid HTTPS connection.
  expect([secure.authorized, secure.peerNames, secure.headers.location]).toEqual([true, 'DNS:www.pair-apex.com', location]);
  const plain = await edgeGet(h.edge.httpPort, 'www.pair-apex.com', '/some/page?x=1&y=%20z');
  // One hop: straight to the canonical name's HTTPS address, not first to www's own HTTPS.
  expect([plain.status, plain.headers.location]).toEqual([308, location]);
  // ACME challenges on the redirecting name are still answered by the edge, not redirected.
  expect((await edgeGet(h.edge.httpPort, 'www.pair-apex.com', '/.well-known/acme-challenge/unknown-token')).status).toBe(404);
});

it('canonical www: the apex 308s to www; removing one name leaves the other serving the site itself', async () => {
  const added = await (await add({ site_id: 'pair-site', domain: 'www.pair-www.com', with_www: true, canonical: 'www' })).json();
  expect(added).toMatchObject({ domain: 'www.pair-www.com', paired_with: 'pair-www.com' });
  expect(added.paired_domain).toMatchObject({ domain: 'pair-www.com', redirects_to: 'www.pair-www.com' });
  createRecords([...added.dns_records, ...added.paired_domain.dns_records]);
  for (const d of ['pair-www.com', 'www.pair-www.com']) {
    expect((await verify(d)).status).toBe('verified');
    await sslActive(d);
  }
  // The edge hears of the www name's certificate on its own time; until then it redirects to http://.
  const r = await until('apex redirects to HTTPS', async () => {
    const got = await edgeGet(h.edge.httpPort, 'pair-www.com', '/a?b=c');
    return got.status === 308 && String(got.headers.location).startsWith('https://') ? got : null;
  });
  expect(r.headers.location).toBe(`https://www.pair-www.com:${h.edge.httpsPort}/a?b=c`);

  // Removing the canonical name: the apex is unpaired and serves the site (HTTPS, its own certificate kept).
  expect((await h.svc.app.request('/v1/hosting/domains/www.pair-www.com', { method: 'DELETE', headers: h.auth })).status).toBe(204);
  const left = await get('pair-www.com');
  expect(left.paired_with).toBeUndefined();
  expect(left.redirects_to).toBeUndefined();
  expect(left.status).toBe('verified');
  const served = await until('apex serves the site', async () => {
    const got = await edgeGetTls(h.edge.httpsPort, 'pair-www.com', ca, '/');
    return got.status === 200 ? got : null;
  });
  expect(served.body.toString()).toBe('the paired site');
  expect((await edgeGet(h.edge.httpPort, 'www.pair-www.com', '/')).status).toBe(404);
});

it('refuses pairs that cannot be, and rolls back a pair when one name is already on the account', async () => {
  const code = async (res: Response) => [res.status, (await res.json()).error.code];
  expect(await code(await add({ site_id: 'pair-site', domain: 'blog.pair-bad.com', with_www: true }))).toEqual([400, 'invalid_parameter']);
  expect(await code(await add({ site_id: 'pair-site', domain: 'pair-bad.com', canonical: 'www' }))).toEqual([400, 'invalid_parameter']);
  expect(await code(await add({ site_id: 'pair-site', domain: 'pair-bad.com', with_www: true, canonical: 'sub' }))).toEqual([400, 'invalid_parameter']);
  expect(await code(await add({ site_id: 'pair-site', domain: 'pair-bad.com', with_www: 'yes' }))).toEqual([400, 'invalid_parameter']);

  expect((await add({ site_id: 'pair-site', domain: 'www.pair-half.com' })).status).toBe(201);
  const refused = await add({ site_id: 'pair-site', domain: 'pair-half.com', with_www: true });
  expect(await code(refused)).toEqual([409, 'domain_already_exists']);
  // Nothing of the refused pair stays behind: the apex was not added.
  expect((await h.svc.app.request('/v1/hosting/domains/pair-half.com', { headers: h.auth })).status).toBe(404);
  expect((await get('www.pair-half.com')).paired_with).toBeUndefined();
});
