import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';
import { HOSTING_DOMAIN, startHostingHarness, type HostingHarness } from './support/hosting-harness';
import { jsonRequest } from '../support/runtime';

// verification through the API with two resolvers configured: what each returned, whether it matched, and a hint.
let h: HostingHarness;
let one: FakeDnsServer;
let two: FakeDnsServer;

beforeAll(async () => {
  [one, two] = await Promise.all([startDnsServer(), startDnsServer()]);
  // Automatic checks an hour apart: only POST …/verify checks here.
  h = await startHostingHarness({ DNS_SERVERS: `${one.server},${two.server}`, DOMAIN_CHECK_BASE_MS: '3600000' });
});
afterAll(async () => {
  await h?.close();
  await Promise.all([one?.close(), two?.close()]);
});

const verify = async (domain: string) => (await h.svc.app.request(`/v1/hosting/domains/${domain}/verify`, { method: 'POST', headers: h.auth })).json();
const get = async (domain: string) => (await h.svc.app.request(`/v1/hosting/domains/${domain}`, { headers: h.auth })).json();

it('shows per resolver what each record got, whether it matched, and what to change', async () => {
  const added = await (await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'diag-site', domain: 'www.diag-shop.com' }, h.auth))).json();
  const [txt, cname] = added.dns_records;
  expect(cname.value).toBe(`diag-site.${HOSTING_DOMAIN}`);

  // An old token at one resolver, a failing one beside it; the CNAME points at another site.
  one.set(txt.name, { TXT: ['kiln-verify=old'] });
  two.set(txt.name, { rcode: 'SERVFAIL' });
  for (const dns of [one, two]) dns.set('www.diag-shop.com', { CNAME: `other-site.${HOSTING_DOMAIN}` });
  const checked = await verify('www.diag-shop.com');
  expect(checked.status).toBe('pending_verification');
  const [t, c] = checked.verification.records;
  expect(t).toEqual({
    type: 'TXT',
    name: txt.name,
    expected: txt.value,
    status: 'wrong_value',
    matched: false,
    seen: [{ type: 'TXT', value: 'kiln-verify=old' }],
    lookups: [
      { resolver: one.server, type: 'TXT', outcome: 'answer', values: ['kiln-verify=old'] },
      { resolver: two.server, type: 'TXT', outcome: 'servfail', values: [], code: 'ESERVFAIL' },
    ],
    hint:
      `TXT ${txt.name} found 'kiln-verify=old' but expected '${txt.value}'. ` +
      `Resolvers disagree: ${one.server} sees TXT 'kiln-verify=old'; ${two.server} sees TXT SERVFAIL. A recent change may still be propagating.`,
  });
  expect(c).toMatchObject({ type: 'CNAME', status: 'wrong_value', matched: false });
  expect(c.lookups.map((l: { resolver: string; type: string; outcome: string }) => [l.resolver, l.type, l.outcome])).toEqual([
    [one.server, 'CNAME', 'answer'],
    [two.server, 'CNAME', 'answer'],
    [one.server, 'A', 'nodata'],
    [two.server, 'A', 'nodata'],
  ]);
  expect(c.hint).toBe(`CNAME www.diag-shop.com points to other-site.${HOSTING_DOMAIN}; expected diag-site.${HOSTING_DOMAIN}.`);
  expect(checked.verification.error).toBeUndefined();
  // GET and the list answer the same.
  expect((await get('www.diag-shop.com')).verification).toEqual(checked.verification);
  const list = await (await h.svc.app.request('/v1/hosting/domains?site_id=diag-site', { headers: h.auth })).json();
  expect(list.data[0].verification).toEqual(checked.verification);

  // No resolver answers the TXT lookup: nothing is decided, and the failure is shown per resolver.
  one.set(txt.name, { rcode: 'REFUSED' });
  const failed = await verify('www.diag-shop.com');
  expect(failed.status).toBe('pending_verification');
  expect(failed.verification.error).toMatch(/lookup for _kiln-challenge.www.diag-shop.com failed/);
  expect(failed.verification.records[0]).toMatchObject({ status: 'unknown', matched: false });
  expect(failed.verification.records[0].hint).toBe(
    `The lookup of ${txt.name} got no answer (TXT at ${one.server}: REFUSED; TXT at ${two.server}: SERVFAIL); nothing was decided, the next check tries again.`,
  );
  // The routing record was answered all the same: its finding is kept.
  expect(failed.verification.records[1]).toMatchObject({ status: 'wrong_value', hint: c.hint });

  for (const dns of [one, two]) {
    dns.set(txt.name, { TXT: [txt.value] });
    dns.set('www.diag-shop.com', { CNAME: cname.value });
  }
  const ok = await verify('www.diag-shop.com');
  expect(ok.status).toBe('verified');
  expect(ok.verification.records.map((r: { matched: boolean; hint: string }) => [r.matched, r.hint])).toEqual([
    [true, `TXT ${txt.name} has the expected value.`],
    [true, `CNAME www.diag-shop.com points to ${cname.value}, as expected.`],
  ]);
});
