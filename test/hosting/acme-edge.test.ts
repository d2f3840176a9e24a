import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { zipBuffer } from './support/archive-fixtures';
import { startDnsServer, type FakeDnsServer } from './support/dns-server';
import { edgeGetTls, freePort, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';
import { startPebble, type Pebble } from './support/pebble';
import { jsonRequest } from '../support/runtime';

// The acme issuer end to end: Debian's pebble as the CA, validating HTTP-01 against Kiln's own edge,
// which answers from the tokens the certificate job stored.
let dns: FakeDnsServer;
let pebble: Pebble;
let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let dir: string;

beforeAll(async () => {
  dns = await startDnsServer();
  const edgeHttpPort = await freePort();
  pebble = await startPebble({ httpPort: edgeHttpPort, dnsServer: dns.server });
  dir = await mkdtemp(join(tmpdir(), 'kiln-acme-'));
  await writeFile(join(dir, 'pebble-ca.pem'), pebble.caBundlePem);
  h = await startHostingHarness(
    { DNS_SERVERS: dns.server, TLS_ISSUER: 'acme', ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_BUNDLE: join(dir, 'pebble-ca.pem') },
    { http: edgeHttpPort, https: 0 },
  );
  files = await startFileHost();
  files.put('/site.zip', await zipBuffer([{ name: 'index.html', data: 'served over ACME TLS' }]));
});

afterAll(async () => {
  await Promise.allSettled([h?.close(), pebble?.stop(), dns?.close(), files?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('verified domain → certificate from the ACME CA (HTTP-01 answered by the edge) → HTTPS with it', async () => {
  expect((await h.deploy({ site_id: 'acme-site', source_url: files.url('/site.zip') })).status).toBe('published');
  const added = await (await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'acme-site', domain: 'acme-shop.com' }, h.auth))).json();
  dns.set(added.dns_records[0].name, { TXT: [added.dns_records[0].value] });
  dns.set('acme-shop.com', { A: ['127.0.0.1'] });
  const verified = await (await h.svc.app.request('/v1/hosting/domains/acme-shop.com/verify', { method: 'POST', headers: h.auth })).json();
  expect(verified.status).toBe('verified');
  const domain = await until(
    'ssl active',
    async () => {
      const d = await (await h.svc.app.request('/v1/hosting/domains/acme-shop.com', { headers: h.auth })).json();
      return d.ssl === 'active' || d.ssl === 'error' ? d : null;
    },
    30_000,
    100,
  );
  expect(domain.ssl).toBe('active');

  const root = await pebble.rootCaPem();
  const res = await until('HTTPS with the ACME certificate', async () => {
    const r = await edgeGetTls(h.edge.httpsPort, 'acme-shop.com', root).catch(() => null);
    return r?.authorized ? r : null;
  });
  expect(res.peerNames).toBe('DNS:acme-shop.com');
  expect(res.body.toString()).toBe('served over ACME TLS');
  // Pebble really asked the edge for the token (and the token is gone afterwards).
  const left = await h.svc.rt.database.sql`SELECT count(*)::int AS n FROM acme_challenges`;
  expect(left[0]!.n).toBe(0);
});

it('an issuance that fails sets ssl to error (and the queue retries it)', async () => {
  // A "CA" whose directory answers 404: every attempt fails fast.
  const broken = await startHostingHarness({ DNS_SERVERS: dns.server, TLS_ISSUER: 'acme', ACME_DIRECTORY_URL: files.url('/no-such-directory') });
  try {
    const added = await (
      await broken.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'broken-acme', domain: 'broken-acme.com' }, broken.auth))
    ).json();
    dns.set(added.dns_records[0].name, { TXT: [added.dns_records[0].value] });
    dns.set('broken-acme.com', { A: ['127.0.0.1'] });
    const verified = await (await broken.svc.app.request('/v1/hosting/domains/broken-acme.com/verify', { method: 'POST', headers: broken.auth })).json();
    expect(verified.status).toBe('verified');
    const d = await until(
      'ssl error',
      async () => {
        const got = await (await broken.svc.app.request('/v1/hosting/domains/broken-acme.com', { headers: broken.auth })).json();
        return got.ssl === 'error' ? got : null;
      },
      20_000,
      100,
    );
    expect(d.status).toBe('verified');
    // No CA answered with a problem document: only Kiln's description, no type.
    expect(d.ssl_error.type).toBeUndefined();
    expect(d.ssl_error.detail).toMatch(/^ACME issuance for broken-acme.com failed: /);
    const jobs = await broken.svc.rt.queues.get('domains').getJobs(['delayed', 'wait', 'prioritized', 'active']);
    const retry = jobs.find((j) => j.name === 'certificate.issue');
    expect(retry?.attemptsMade).toBeGreaterThanOrEqual(1);
  } finally {
    await broken.close();
  }
});

it('a challenge the CA cannot validate keeps its problem document in ssl_error', async () => {
  // The CNAME satisfies Kiln's check, but its target has no address: pebble's VA cannot reach the edge.
  const added = await (await h.svc.app.request('/v1/hosting/domains', jsonRequest({ site_id: 'acme-site', domain: 'www.acme-fail.com' }, h.auth))).json();
  dns.set(added.dns_records[0].name, { TXT: [added.dns_records[0].value] });
  dns.set('www.acme-fail.com', { CNAME: added.dns_records[1].value });
  const verified = await (await h.svc.app.request('/v1/hosting/domains/www.acme-fail.com/verify', { method: 'POST', headers: h.auth })).json();
  expect(verified.status).toBe('verified');
  const d = await until(
    'ssl error',
    async () => {
      const got = await (await h.svc.app.request('/v1/hosting/domains/www.acme-fail.com', { headers: h.auth })).json();
      return got.ssl === 'error' ? got : null;
    },
    60_000,
    100,
  );
  // RFC 8555 §6.7: the CA's own problem type and status, not just a message.
  expect(d.ssl_error).toMatchObject({ type: 'urn:ietf:params:acme:error:connection', status: 400 });
  expect(d.ssl_error.detail).toContain('www.acme-fail.com');
  expect(d.status).toBe('verified');
});
