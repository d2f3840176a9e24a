import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';
import { HOSTING_DOMAIN, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let dns: FakeDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  // Automatic checks an hour apart: in this file only POST …/verify checks, so answers stay still between reads.
  h = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '3600000' });
});
afterAll(async () => {
  await h.close();
  await dns.close();
});

const add = async (site_id: string, domain: string, auth = h.auth) => {
  const res = await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id, domain }, auth));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
};
const get = (path: string, auth = h.auth) => h.svc.app.request(path, { headers: auth });
const getDomain = async (domain: string, auth = h.auth, hh = h) => (await hh.svc.app.request(`/v1/hosting/domains/${domain}`, { headers: auth })).json();
const verify = async (domain: string) => (await h.svc.app.request(`/v1/hosting/domains/${domain}/verify`, { method: 'POST', headers: h.auth })).json();
const listOk = async (query = '', auth = h.auth) => {
  const res = await get(`/v1/hosting/domains${query}`, auth);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { object: 'list'; data: any[]; has_more: boolean };
};
const errorOf = async (res: Response) => {
  const body = await res.json();
  return [res.status, body.error?.code, body.error?.message] as const;
};
const isoMs = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('GET /v1/hosting/domains/{domain}: dns_records and verification', () => {
  it('answers the records to configure (the TXT value is recoverable) and what each check saw, then none once verified', async () => {
    const added = await add('dlist-shop', 'www.lost-token.example');
    const fresh = await getDomain('www.lost-token.example');
    expect(fresh).toMatchObject({ domain: 'www.lost-token.example', site_id: 'dlist-shop', status: 'pending_verification', ssl: 'inactive' });
    expect(fresh.dns_records).toEqual(added.dns_records);
    const [txt, cname] = fresh.dns_records;
    expect(cname).toEqual({ type: 'CNAME', name: 'www.lost-token.example', value: `dlist-shop.${HOSTING_DOMAIN}` });
    // Not checked yet; the first automatic check is queued.
    expect(fresh.verification).toEqual({
      last_checked_at: null,
      next_check_at: expect.stringMatching(isoMs),
      records: [
        {
          type: 'TXT',
          name: txt.name,
          expected: txt.value,
          status: 'unknown',
          matched: false,
          seen: [],
          lookups: [],
          hint: `TXT ${txt.name}: not checked yet.`,
        },
        {
          type: 'CNAME',
          name: cname.name,
          expected: cname.value,
          status: 'unknown',
          matched: false,
          seen: [],
          lookups: [],
          hint: `CNAME ${cname.name}: not checked yet.`,
        },
      ],
    });
    const nextCheck = fresh.verification.next_check_at;
    expect(Date.parse(nextCheck)).toBeGreaterThan(Date.parse(added.created_at));

    // A stale token and no routing record yet.
    dns.set(txt.name, { TXT: ['kiln-verify=0123456789abcdef0123456789abcdef'] });
    const first = await verify('www.lost-token.example');
    expect(first.status).toBe('pending_verification');
    const basics = (records: any[]) => records.map(({ type, name, status, seen }) => ({ type, name, status, seen }));
    expect(basics(first.verification.records)).toEqual([
      { type: 'TXT', name: txt.name, status: 'wrong_value', seen: [{ type: 'TXT', value: 'kiln-verify=0123456789abcdef0123456789abcdef' }] },
      { type: 'CNAME', name: cname.name, status: 'missing', seen: [] },
    ]);
    expect(first.verification.last_checked_at).toMatch(isoMs);
    // A manual check leaves the queued automatic one where it was.
    expect(first.verification.next_check_at).toBe(nextCheck);
    expect(await getDomain('www.lost-token.example')).toEqual(first);

    // CNAME to another site; TXT now right.
    dns.set(txt.name, { TXT: [txt.value] });
    dns.set(cname.name, { CNAME: `someone-else.${HOSTING_DOMAIN}` });
    const second = await verify('www.lost-token.example');
    expect(second.verification.records.map((r: any) => r.status)).toEqual(['found', 'wrong_value']);
    expect(second.verification.records[1].seen).toContainEqual({ type: 'CNAME', value: `someone-else.${HOSTING_DOMAIN}` });

    dns.set(cname.name, { CNAME: `${cname.value}.` });
    const done = await verify('www.lost-token.example');
    expect(done.status).toBe('verified');
    expect(done.dns_records).toEqual(added.dns_records);
    expect(done.verification.records.map((r: any) => r.status)).toEqual(['found', 'found']);
    expect(done.verification.next_check_at).toBeNull();
  });

  it('an apex domain: A record found or wrong; a resolver failure says so and decides nothing', async () => {
    const added = await add('dlist-shop', 'apex-check.com');
    const [txt, a] = added.dns_records;
    expect(a).toEqual({ type: 'A', name: 'apex-check.com', value: '127.0.0.1' });
    dns.set('apex-check.com', { A: ['203.0.113.9'] });
    dns.set(txt.name, { TXT: [txt.value] });
    const wrong = await verify('apex-check.com');
    expect(wrong.verification.records.map(({ type, name, status, seen }: any) => ({ type, name, status, seen }))).toEqual([
      { type: 'TXT', name: txt.name, status: 'found', seen: [{ type: 'TXT', value: txt.value }] },
      { type: 'A', name: 'apex-check.com', status: 'wrong_value', seen: [{ type: 'A', value: '203.0.113.9' }] },
    ]);
    expect(wrong.verification.error).toBeUndefined();

    dns.set(txt.name, { rcode: 'SERVFAIL' });
    const failed = await verify('apex-check.com');
    expect(failed.status).toBe('pending_verification');
    expect(failed.verification.error).toMatch(/TXT lookup for _kiln-challenge\.apex-check\.com failed/);
    // The A lookup was answered: its finding stays; only the TXT record is undecided.
    expect(failed.verification.records.map((r: any) => r.status)).toEqual(['unknown', 'wrong_value']);
  });

  it('automatic checks record what they saw and when the next one runs', async () => {
    const quick = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '300' });
    try {
      const res = await quick.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'dlist-auto', domain: 'www.auto-check.example' }, quick.auth));
      const added = await res.json();
      const checked = await until(
        'an automatic check',
        async () => {
          const d = await getDomain('www.auto-check.example', quick.auth, quick);
          return d.verification.last_checked_at && d.verification.next_check_at ? d : null;
        },
        90_000,
        100,
      );
      expect(checked.verification.records.map((r: any) => r.status)).toEqual(['missing', 'missing']);
      expect(Date.parse(checked.verification.next_check_at)).toBeGreaterThan(Date.parse(checked.verification.last_checked_at));

      dns.set(added.dns_records[0].name, { TXT: [added.dns_records[0].value] });
      dns.set(added.dns_records[1].name, { CNAME: added.dns_records[1].value });
      const verified = await until(
        'verified automatically',
        async () => {
          const d = await getDomain('www.auto-check.example', quick.auth, quick);
          return d.status === 'verified' ? d : null;
        },
        90_000,
        100,
      );
      expect(verified.verification.records.map((r: any) => r.status)).toEqual(['found', 'found']);
      expect(verified.verification.next_check_at).toBeNull();
    } finally {
      await quick.close();
    }
  }, 240_000);

  it('a failed domain shows no next check; verify starts a new window whose automatic checks do run', async () => {
    const short = await startHostingHarness({ DNS_SERVERS: dns.server, DOMAIN_CHECK_BASE_MS: '100', DOMAIN_VERIFY_WINDOW_MS: '3000' });
    try {
      const read = () => getDomain('www.restart.example', short.auth, short);
      await short.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'dlist-restart', domain: 'www.restart.example' }, short.auth));
      const failed = await until('failed', async () => ((await read()).status === 'failed' ? read() : null), 90_000, 100);
      expect(failed.verification.next_check_at).toBeNull();
      expect(failed.verification.records.map((r: any) => r.status)).toEqual(['missing', 'missing']);

      const restarted = await (await short.svc.app.request('/v1/hosting/domains/www.restart.example/verify', { method: 'POST', headers: short.auth })).json();
      expect(restarted.status).toBe('pending_verification');
      expect(restarted.verification.next_check_at).toMatch(isoMs);
      const manualAt = Date.parse(restarted.verification.last_checked_at);
      // The new window's first automatic check must really run (its job id must not collide with the last window's).
      await until('an automatic check in the new window', async () => Date.parse((await read()).verification.last_checked_at) > manualAt, 90_000, 100);
    } finally {
      await short.close();
    }
  }, 180_000);
});

describe('GET /v1/hosting/domains', () => {
  it('lists the account’s domains newest first as GET answers each, pages without duplicates or gaps, filters, and never shows another account’s', async () => {
    const acct = await createTestAccount(h.svc.rt, 'business');
    const other = await createTestAccount(h.svc.rt, 'business');
    const names = ['one.list.example', 'two.list.example', 'three.list.example', 'four.list.example', 'five.list.example'];
    for (const [i, name] of names.entries()) await add(i < 3 ? 'dlist-a' : 'dlist-b', name, acct.auth);
    await add('dlist-other', 'other.list.example', other.auth);
    dns.set('_kiln-challenge.two.list.example', { TXT: ['kiln-verify=nope'] });
    await h.svc.app.request('/v1/hosting/domains/two.list.example/verify', { method: 'POST', headers: acct.auth });

    const singles = await Promise.all(names.map((n) => getDomain(n, acct.auth)));
    const expected = [...singles].sort((a, b) => b.created_at.localeCompare(a.created_at) || 0);
    const all = await listOk('', acct.auth);
    expect(all.has_more).toBe(false);
    expect(all.data).toHaveLength(5);
    // Same items as their GET answers (ties in created_at may order either way, so compare as sets, then the order).
    expect(new Set(all.data.map((d) => JSON.stringify(d)))).toEqual(new Set(singles.map((d) => JSON.stringify(d))));
    expect(all.data.map((d) => d.created_at)).toEqual(expected.map((d) => d.created_at));
    expect(all.data.map((d) => d.domain)).not.toContain('other.list.example');
    expect((await listOk('', other.auth)).data.map((d) => d.domain)).toEqual(['other.list.example']);

    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await listOk(query, acct.auth);
      seen.push(...page.data.map((d) => d.domain));
      if (!page.has_more) break;
      query = `?limit=2&starting_after=${page.data.at(-1).domain}`;
    }
    expect(seen).toEqual(all.data.map((d) => d.domain));
    const back = await listOk(`?limit=2&ending_before=${seen[2]}`, acct.auth);
    expect(back.data.map((d) => d.domain)).toEqual(seen.slice(0, 2));
    // The cursor is a domain as the path takes it: case and IDN forms normalise.
    expect((await listOk(`?limit=1&starting_after=${seen[0]!.toUpperCase()}`, acct.auth)).data[0].domain).toBe(seen[1]);

    expect((await listOk('?site_id=dlist-b', acct.auth)).data.map((d) => d.domain).sort()).toEqual(['five.list.example', 'four.list.example']);
    expect((await listOk('?status=verified', acct.auth)).data).toEqual([]);
    expect((await listOk('?status=pending_verification&site_id=dlist-a', acct.auth)).data).toHaveLength(3);
  });

  it('refuses bad parameters and cursors of other accounts with invalid_parameter; 401, 403', async () => {
    const acct = await createTestAccount(h.svc.rt, 'business');
    const other = await createTestAccount(h.svc.rt, 'business');
    await add('dlist-cursor', 'mine.cursor.example', acct.auth);
    await add('dlist-cursor-other', 'theirs.cursor.example', other.auth);
    const cases: [string, RegExp][] = [
      ['?status=active', /'status' must be one of pending_verification, verified, failed/],
      ['?site_id=-bad', /'site_id'/],
      ['?limit=-1', /'limit'/],
      ['?domain=x', /unknown query parameter 'domain'/],
      ['?starting_after=theirs.cursor.example', /'starting_after': no domain theirs\.cursor\.example/],
      ['?ending_before=not a domain', /'ending_before'/],
      ['?starting_after=unknown.cursor.example', /'starting_after'/],
    ];
    for (const [query, message] of cases) {
      const [status, code, text] = await errorOf(await get(`/v1/hosting/domains${query}`, acct.auth));
      expect([status, code], query).toEqual([400, 'invalid_parameter']);
      expect(text, query).toMatch(message);
    }
    expect((await errorOf(await get('/v1/hosting/domains', {}))).slice(0, 2)).toEqual([401, 'unauthorized']);
    const pro = await createTestAccount(h.svc.rt, 'pro');
    expect((await errorOf(await get('/v1/hosting/domains', pro.auth))).slice(0, 2)).toEqual([403, 'forbidden']);
  });
});
