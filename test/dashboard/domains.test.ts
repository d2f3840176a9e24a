import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/create-api-key';
import { findAccountDomain, setSslStatus } from '../../src/db/queries/domains';
import { auditEvents, type AuditAction } from '../../src/db/schema';
import { issueAndStoreCertificate } from '../../src/hosting/certificates';
import { startDnsServer, type FakeDnsServer } from '../hosting/support/dns-server';
import { signedInClient } from '../support/dashboard';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

const HOSTING_DOMAIN = 'kiln.test';

let svc: TestService;
let dns: FakeDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  // No worker runs here, and the first automatic check is an hour away: every check in this file is a "Check now".
  svc = await startTestService({ DNS_SERVERS: dns.server, HOSTING_DOMAIN, DOMAIN_CHECK_BASE_MS: '3600000' });
});
afterAll(async () => {
  await svc?.close();
  await dns?.close();
});

const signIn = (plan: 'business' | 'pro' = 'business') => signedInClient(svc.app, svc.rt, { plan });

/** What GET /v1/hosting/domains/:domain answers for the account: the page must show the same records. */
async function apiDomain(accountId: string, domain: string) {
  const key = await createApiKey(svc.rt.db, { accountId, label: 'test' });
  const res = await svc.app.request(`/v1/hosting/domains/${domain}`, { headers: { Authorization: `Bearer ${key.key}` } });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

const audits = (accountId: string, action: AuditAction) =>
  svc.rt.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.id);

/** The text of the element with this id on the last page (a copyable record name or value). */
const byId = (html: string, id: string) => new RegExp(`id="${id}">([^<]*)<`).exec(html)?.[1];

describe('dashboard: domains', () => {
  it('adds a domain, and its page shows the records the API answers, with a Copy button per value', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    expect(client.lastHtml).toContain('Add a domain');

    const res = await client.post('/dashboard/domains', { domain: ' WWW.Dash-Shop.com ', site_id: 'dash-shop' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/domains/www.dash-shop.com?done=added');

    const page = await client.get(res.headers.get('location')!);
    expect(page.status).toBe(200);
    const html = client.lastHtml;
    expect(html).toContain('Domain added');
    expect(html).toContain('Pending verification');

    const api = await apiDomain(user.accountId, 'www.dash-shop.com');
    expect(api.status).toBe(200);
    const [txt, cname] = api.body.dns_records;
    expect(txt.value).toMatch(/^kiln-verify=[0-9a-f]{32}$/);
    expect(cname).toEqual({ type: 'CNAME', name: 'www.dash-shop.com', value: `dash-shop.${HOSTING_DOMAIN}` });
    expect(byId(html, 'record-0-name')).toBe(txt.name);
    expect(byId(html, 'record-0-value')).toBe(txt.value);
    expect(byId(html, 'record-1-name')).toBe('www.dash-shop.com');
    expect(byId(html, 'record-1-value')).toBe(`dash-shop.${HOSTING_DOMAIN}`);
    expect(html).toContain('data-copy="#record-0-value"');
    expect(html).toContain('data-copy="#record-1-value"');
    // The name as DNS hosts that append the zone want it.
    expect(html).toContain('<code>_kiln-challenge.www</code>');

    const added = await audits(user.accountId, 'domain.added');
    expect(added.map((a) => [a.target, a.detail, a.actor])).toEqual([['www.dash-shop.com', { site: 'dash-shop' }, user.email]]);

    // The list shows it with its site and status, and the site is offered for the next domain.
    await client.get('/dashboard/domains');
    expect(client.lastHtml).toContain('href="/dashboard/domains/www.dash-shop.com"');
    expect(client.lastHtml).toContain('<option value="dash-shop">');
    expect(client.lastHtml).toMatch(/data-domain="www.dash-shop.com">[\s\S]*?Pending verification[\s\S]*?Not checked yet/);
  });

  it('an apex domain asks for an A record to EDGE_IPV4', async () => {
    const { client, user } = await signIn();
    const res = await client.post('/dashboard/domains', { domain: 'dash-apex.com', site_id: 'dash-apex' });
    expect(res.status).toBe(303);
    await client.get(res.headers.get('location')!);
    const api = await apiDomain(user.accountId, 'dash-apex.com');
    expect(api.body.dns_records[1]).toEqual({ type: 'A', name: 'dash-apex.com', value: svc.rt.config.EDGE_IPV4 });
    expect(byId(client.lastHtml, 'record-1-value')).toBe(svc.rt.config.EDGE_IPV4);
    expect(byId(client.lastHtml, 'record-0-value')).toBe(api.body.dns_records[0].value);
  });

  it('Check now runs the check: says what was found against what was expected, then verifies; each check is audited', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    await client.post('/dashboard/domains', { domain: 'www.dash-check.com', site_id: 'dash-check' });
    await client.get('/dashboard/domains/www.dash-check.com');
    const txtValue = byId(client.lastHtml, 'record-0-value')!;

    // Nothing in DNS yet.
    const res = await client.post('/dashboard/domains/www.dash-check.com/check');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/domains/www.dash-check.com?done=checked');
    await client.get(res.headers.get('location')!);
    expect(client.lastHtml).toContain('not every record is in place yet');
    // The same words as the API's hint.
    const api = await apiDomain(user.accountId, 'www.dash-check.com');
    expect(api.body.verification.records[0].hint).toMatch(/^No TXT record at _kiln-challenge.www.dash-check.com \(the name does not exist\): add one/);
    expect(client.lastHtml).toContain(`data-finding="missing">${api.body.verification.records[0].hint.replaceAll("'", '&#39;')}`);

    // The TXT record right, the CNAME pointing elsewhere.
    dns.set('_kiln-challenge.www.dash-check.com', { TXT: [txtValue] });
    dns.set('www.dash-check.com', { CNAME: 'elsewhere.example.net.' });
    await client.post('/dashboard/domains/www.dash-check.com/check');
    await client.get('/dashboard/domains/www.dash-check.com?done=checked');
    expect(client.lastHtml).toContain('data-finding="found">TXT _kiln-challenge.www.dash-check.com has the expected value.');
    expect(client.lastHtml).toContain(
      `data-finding="wrong_value">CNAME www.dash-check.com points to elsewhere.example.net; expected dash-check.${HOSTING_DOMAIN}.`,
    );
    expect((await apiDomain(user.accountId, 'www.dash-check.com')).body.verification.records[1].status).toBe('wrong_value');

    dns.set('www.dash-check.com', { CNAME: `dash-check.${HOSTING_DOMAIN}.` });
    await client.post('/dashboard/domains/www.dash-check.com/check');
    await client.get('/dashboard/domains/www.dash-check.com?done=checked');
    expect(client.lastHtml).toContain('Checked: the domain is verified.');
    expect(client.lastHtml).toContain('data-status="verified"');
    const verified = await apiDomain(user.accountId, 'www.dash-check.com');
    expect(verified.body.status).toBe('verified');
    // No Check now once verified: there is nothing left to check.
    expect(client.lastHtml).not.toContain('action="/dashboard/domains/www.dash-check.com/check"');

    // The certificate (the worker issues it; none runs here) and an issuing error, as the page shows them. A real
    // certificate: every edge of the suite loads this shared table.
    const domainRow = (await findAccountDomain(svc.rt.db, user.accountId, 'www.dash-check.com'))!;
    const issued = await issueAndStoreCertificate(svc.rt, 'www.dash-check.com', 'local');
    await setSslStatus(svc.rt.db, domainRow.id, 'error', 'the CA refused the order: rate limited');
    await client.get('/dashboard/domains/www.dash-check.com');
    const expires = issued.notAfter.toISOString();
    expect(client.lastHtml).toContain(`Certificate expires</dt><dd><time datetime="${expires}">${expires.slice(0, 16).replace('T', ' ')} UTC</time>`);
    expect(client.lastHtml).toMatch(/data-ssl="error"><span class="badge error">Error<\/span>.*the CA refused the order: rate limited/);
    // With the CA's problem document, its type too (as the API's ssl_error has it).
    await setSslStatus(svc.rt.db, domainRow.id, 'error', 'validation failed', {
      type: 'urn:ietf:params:acme:error:connection',
      detail: 'could not connect',
      status: 400,
    });
    await client.get('/dashboard/domains/www.dash-check.com');
    expect(client.lastHtml).toContain(
      'data-problem="urn:ietf:params:acme:error:connection">The certificate authority’s problem: <code>urn:ietf:params:acme:error:connection</code> (HTTP 400)',
    );
    expect((await apiDomain(user.accountId, 'www.dash-check.com')).body.ssl_error).toEqual({
      type: 'urn:ietf:params:acme:error:connection',
      detail: 'could not connect',
      status: 400,
    });

    const checked = await audits(user.accountId, 'domain.checked');
    expect(checked.map((a) => [a.target, a.detail])).toEqual([
      ['www.dash-check.com', { before: 'pending_verification', after: 'pending_verification' }],
      ['www.dash-check.com', { before: 'pending_verification', after: 'pending_verification' }],
      ['www.dash-check.com', { before: 'pending_verification', after: 'verified' }],
    ]);

    // The list shows the outcome of the last check.
    await client.get('/dashboard/domains');
    expect(client.lastHtml).toMatch(/data-domain="www.dash-check.com">[\s\S]*?Verified[\s\S]*?All records found/);
  });

  it('adds a www/apex pair from the form; each page says which name redirects', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    const res = await client.post('/dashboard/domains', { domain: 'dash-pair.com', site_id: 'dash-pair', pair: 'www' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/domains/dash-pair.com?done=added');
    await client.get(res.headers.get('location')!);
    expect(client.lastHtml).toContain('data-pair="redirects"><a href="/dashboard/domains/www.dash-pair.com">www.dash-pair.com</a>');
    await client.get('/dashboard/domains/www.dash-pair.com');
    expect(client.lastHtml).toContain('data-pair="canonical"');
    // One TXT record for both: the www page asks for the apex's.
    expect(byId(client.lastHtml, 'record-0-name')).toBe('_kiln-challenge.dash-pair.com');
    const api = await apiDomain(user.accountId, 'dash-pair.com');
    expect(api.body).toMatchObject({ paired_with: 'www.dash-pair.com', redirects_to: 'www.dash-pair.com' });
    const added = await audits(user.accountId, 'domain.added');
    expect(added.map((a) => a.target)).toEqual(['dash-pair.com', 'www.dash-pair.com']);
  });

  it('a domain whose window ended is failed; Check now starts a new window', async () => {
    const short = await startTestService({ DNS_SERVERS: dns.server, HOSTING_DOMAIN, DOMAIN_CHECK_BASE_MS: '3600000', DOMAIN_VERIFY_WINDOW_MS: '1000' });
    try {
      const { client, user } = await signedInClient(short.app, short.rt, { plan: 'business' });
      await client.get('/dashboard/domains');
      await client.post('/dashboard/domains', { domain: 'late.dash-window.com', site_id: 'dash-window' });
      const added = (await findAccountDomain(short.rt.db, user.accountId, 'late.dash-window.com'))!;
      await until('the window is over', async () => Date.now() > added.windowStartedAt.getTime() + 1000);
      // The first check after the window ends it.
      await client.post('/dashboard/domains/late.dash-window.com/check');
      await client.get('/dashboard/domains/late.dash-window.com?done=checked');
      expect(client.lastHtml).toContain('the domain failed.');
      expect(client.lastHtml).toContain('data-status="failed"');
      expect(client.lastHtml).toContain('The window ended');
      expect(client.lastHtml).toContain('Check now starts a new window of 1 second.');

      // Check now on a failed domain: a new window, and this time the records are there.
      const txt = byId(client.lastHtml, 'record-0-value')!;
      dns.set('_kiln-challenge.late.dash-window.com', { TXT: [txt] });
      dns.set('late.dash-window.com', { CNAME: `dash-window.${HOSTING_DOMAIN}` });
      await client.post('/dashboard/domains/late.dash-window.com/check');
      await client.get('/dashboard/domains/late.dash-window.com?done=checked');
      expect(client.lastHtml).toContain('data-status="verified"');
      const checked = await audits(user.accountId, 'domain.checked');
      expect(checked.map((a) => a.detail)).toEqual([
        { before: 'pending_verification', after: 'failed' },
        { before: 'failed', after: 'verified' },
      ]);
    } finally {
      await short.close();
    }
  });

  it('removes a domain after a confirmation page, as DELETE does, and audits it', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    await client.post('/dashboard/domains', { domain: 'gone.dash-remove.com', site_id: 'dash-remove' });
    await client.get('/dashboard/domains/gone.dash-remove.com');
    expect(client.lastHtml).toContain('href="/dashboard/domains/gone.dash-remove.com/remove"');

    const confirm = await client.get('/dashboard/domains/gone.dash-remove.com/remove');
    expect(confirm.status).toBe(200);
    expect(client.lastHtml).toContain('Remove gone.dash-remove.com?');
    expect(client.lastHtml).toContain('action="/dashboard/domains/gone.dash-remove.com/remove"');
    // Seeing the confirmation removes nothing.
    expect((await apiDomain(user.accountId, 'gone.dash-remove.com')).status).toBe(200);

    const res = await client.post('/dashboard/domains/gone.dash-remove.com/remove');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/domains?done=removed');
    await client.get('/dashboard/domains?done=removed');
    expect(client.lastHtml).toContain('The domain is removed');
    expect(client.lastHtml).not.toContain('gone.dash-remove.com');
    expect((await apiDomain(user.accountId, 'gone.dash-remove.com')).status).toBe(404);
    expect((await client.get('/dashboard/domains/gone.dash-remove.com')).status).toBe(404);

    const removed = await audits(user.accountId, 'domain.removed');
    expect(removed.map((a) => [a.target, a.detail])).toEqual([['gone.dash-remove.com', { site: 'dash-remove', status: 'pending_verification' }]]);
  });

  it('shows why a domain cannot be added, in words, keeping what was typed', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    const refused = async (fields: Record<string, string>, message: string) => {
      const res = await client.post('/dashboard/domains', fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(client.lastHtml, JSON.stringify(fields)).toContain(message);
      expect(client.lastHtml).toContain('role="alert"');
    };

    await refused({ domain: 'https://shop.dash-bad.com', site_id: 'dash-bad' }, 'enter the domain without a scheme such as https://');
    expect(client.lastHtml).toContain('value="https://shop.dash-bad.com"');
    await refused({ domain: 'shop.dash-bad.com.', site_id: 'dash-bad' }, 'remove the trailing dot');
    await refused({ domain: 'localhost', site_id: 'dash-bad' }, 'enter a full domain name such as example.com');
    await refused({ domain: '', site_id: 'dash-bad' }, 'Enter a domain, such as www.example.com.');
    await refused({ domain: 'shop.dash-bad.com', site_id: 'Not A Site' }, 'A site id is lowercase letters, digits and hyphens');
    expect(client.lastHtml).toContain('value="Not A Site"');
    expect(client.lastHtml).toContain('value="shop.dash-bad.com"');
    await refused({ domain: `mine.${HOSTING_DOMAIN}`, site_id: 'dash-bad' }, `Names under ${HOSTING_DOMAIN} are Kiln’s own`);

    // Already on this account.
    expect((await client.post('/dashboard/domains', { domain: 'twice.dash-bad.com', site_id: 'dash-bad' })).status).toBe(303);
    await client.get('/dashboard/domains');
    await refused({ domain: 'TWICE.dash-bad.com', site_id: 'dash-bad' }, 'is already on this account.');

    // A site id another account owns.
    const other = await createTestAccount(svc.rt, 'business');
    const otherAdd = await svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'dash-theirs', domain: 'taken.dash-other.com' }, other.auth));
    expect(otherAdd.status).toBe(201);
    await refused({ domain: 'www.dash-bad.com', site_id: 'dash-theirs' }, 'The site id “dash-theirs” belongs to another account.');

    // A domain another account has verified.
    const records = (await otherAdd.json()).dns_records;
    dns.set(records[0].name, { TXT: [records[0].value] });
    dns.set('taken.dash-other.com', { CNAME: `dash-theirs.${HOSTING_DOMAIN}` });
    const verified = await svc.app.request('/v1/hosting/domains/taken.dash-other.com/verify', { method: 'POST', headers: other.auth });
    expect((await verified.json()).status).toBe('verified');
    await refused({ domain: 'taken.dash-other.com', site_id: 'dash-bad' }, 'taken.dash-other.com is already taken: another account has verified it.');

    // Only the one that was accepted was added (and audited).
    expect((await audits(user.accountId, 'domain.added')).map((a) => a.target)).toEqual(['twice.dash-bad.com']);
  });

  it('another account’s domain is not found: page, check, remove (GET and POST); its list shows none of it', async () => {
    const { client: owner, user } = await signIn();
    await owner.get('/dashboard/domains');
    await owner.post('/dashboard/domains', { domain: 'private.dash-mine.com', site_id: 'dash-mine' });

    const { client: stranger } = await signIn();
    for (const path of ['/dashboard/domains/private.dash-mine.com', '/dashboard/domains/private.dash-mine.com/remove']) {
      expect((await stranger.get(path)).status, path).toBe(404);
      expect(stranger.lastHtml).toContain('There is no such domain in this account.');
    }
    for (const path of ['/dashboard/domains/private.dash-mine.com/check', '/dashboard/domains/private.dash-mine.com/remove']) {
      expect((await stranger.post(path)).status, path).toBe(404);
    }
    await stranger.get('/dashboard/domains');
    expect(stranger.lastHtml).not.toContain('private.dash-mine.com');
    expect(stranger.lastHtml).not.toContain('dash-mine');

    expect((await apiDomain(user.accountId, 'private.dash-mine.com')).body.verification.last_checked_at).toBeNull();
    expect(await audits(user.accountId, 'domain.checked')).toEqual([]);
    // Unknown and malformed names are simply not found.
    expect((await owner.get('/dashboard/domains/nothing.dash-mine.com')).status).toBe(404);
    expect((await owner.get('/dashboard/domains/not%20a%20domain')).status).toBe(404);
  });

  it('refuses forms without the CSRF token (403) and changes nothing', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    await client.post('/dashboard/domains', { domain: 'kept.dash-csrf.com', site_id: 'dash-csrf' });

    expect((await client.post('/dashboard/domains', { _csrf: 'wrong', domain: 'new.dash-csrf.com', site_id: 'dash-csrf' })).status).toBe(403);
    expect((await client.post('/dashboard/domains/kept.dash-csrf.com/remove', { _csrf: '' })).status).toBe(403);
    expect((await client.post('/dashboard/domains/kept.dash-csrf.com/check', { _csrf: '' })).status).toBe(403);

    expect((await apiDomain(user.accountId, 'new.dash-csrf.com')).status).toBe(404);
    const kept = await apiDomain(user.accountId, 'kept.dash-csrf.com');
    expect(kept.status).toBe(200);
    expect(kept.body.verification.last_checked_at).toBeNull();
  });

  it('pages through many domains, newest first, without gaps or repeats', async () => {
    const { client, user } = await signIn();
    await client.get('/dashboard/domains');
    const key = await createApiKey(svc.rt.db, { accountId: user.accountId, label: 'bulk' });
    const names = Array.from({ length: 23 }, (_, i) => `d${String(i).padStart(2, '0')}.dash-many.com`);
    for (const domain of names) {
      const res = await svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'dash-many', domain }, { Authorization: `Bearer ${key.key}` }));
      expect(res.status).toBe(201);
    }
    const shown = (html: string) => [...html.matchAll(/data-domain="([^"]+)"/g)].map((m) => m[1]);
    const link = (html: string, label: string) => new RegExp(`href="([^"]+)">${label}`).exec(html)?.[1]?.replaceAll('&amp;', '&');

    await client.get('/dashboard/domains');
    const first = shown(client.lastHtml);
    expect(first).toHaveLength(20);
    expect(link(client.lastHtml, '← Newer')).toBeUndefined();
    const olderUrl = link(client.lastHtml, 'Older →')!;
    await client.get(olderUrl);
    const second = shown(client.lastHtml);
    expect([...first, ...second]).toEqual([...names].reverse());
    expect(link(client.lastHtml, 'Older →')).toBeUndefined();
    await client.get(link(client.lastHtml, '← Newer')!);
    expect(shown(client.lastHtml)).toEqual(first);
  });

  it('without hosting in the plan the section says so instead of showing forms', async () => {
    const { client } = await signIn('pro');
    const res = await client.get('/dashboard/domains');
    expect(res.status).toBe(200);
    expect(client.lastHtml).toContain('data-no-hosting');
    expect(client.lastHtml).toContain('does not include');
    expect(client.lastHtml).not.toContain('action="/dashboard/domains"');
    expect((await client.post('/dashboard/domains', { domain: 'www.dash-pro.com', site_id: 'dash-pro' })).status).toBe(403);
    expect(client.lastHtml).toContain('data-no-hosting');
    expect((await client.get('/dashboard/domains/www.dash-pro.com')).status).toBe(403);
  });
});
