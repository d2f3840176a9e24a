import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentBillingPeriod } from '../../src/billing/period';
import { siteTrafficThisPeriod } from '../../src/db/queries/site-traffic';
import { startEdge } from '../../src/hosting/edge/edge-server';
import { createTestAccount } from '../support/runtime';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';

// One build on a shared, slow machine; waits are bounded by `until`.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/**
 * Issue 27: a proxy rule's bytes count in the site's usage. Through a real build, the edge on loopback and
 * a real upstream: the edge's tally reaches site_traffic on its periodic flush (and on close), and
 * GET /v1/usage shows it to the site's account only.
 */

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let upstream: Server;
const run = randomBytes(3).toString('hex');
const site = `traffic-${run}`;
const host = `${site}.${HOSTING_DOMAIN}`;
const BLOB = randomBytes(123_457);
const SMALL = randomBytes(1_001);

beforeAll(async () => {
  // Flushes often, so the test waits for the flush rather than for ten seconds.
  h = await startHostingHarness({ EDGE_TRAFFIC_FLUSH_MS: '100' });
  files = await startFileHost();
  upstream = createServer((req, res) => {
    const body = req.url === '/blob' ? BLOB : req.url === '/small' ? SMALL : null;
    if (!body) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no');
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  files.put(
    '/site.zip',
    await zipBuffer([
      { name: 'index.html', data: '<!doctype html><title>home</title><p>home</p>' },
      { name: '_redirects', data: `/api/* ${up}/:splat 200\n` },
    ]),
  );
  const d = await h.deploy({ site_id: site, source_url: files.url('/site.zip') });
  expect(d.status).toBe('published');
});

afterAll(async () => {
  await h?.close();
  await files?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

async function proxiedBytes(auth: Record<string, string>): Promise<number> {
  const res = await h.svc.app.request('/v1/usage', { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()).hosting.proxied_bytes;
}

/** Waits for the account's usage to reach `expected` (a flush may land between two requests), then checks it is exact. */
async function waitForProxied(auth: Record<string, string>, expected: number) {
  const seen = await until(`proxied_bytes to reach ${expected}`, async () => {
    const n = await proxiedBytes(auth);
    return n >= expected ? { n } : null;
  });
  expect(seen.n).toBe(expected);
}

describe('proxied bytes in the account usage', () => {
  it('starts at 0, then counts the bodies relayed to visitors (not the site’s own files)', async () => {
    expect(await proxiedBytes(h.auth)).toBe(0);
    const own = await edgeGet(h.edge.httpPort, host, '/');
    expect(own.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const r = await edgeGet(h.edge.httpPort, host, '/api/blob');
      expect(r.status).toBe(200);
      expect(r.body.equals(BLOB)).toBe(true);
    }
    await waitForProxied(h.auth, 3 * BLOB.length);
    const period = currentBillingPeriod();
    expect(await siteTrafficThisPeriod(h.svc.rt.db, h.accountId, site, period)).toEqual({ proxiedBytes: 3 * BLOB.length });
    // The site's own view says the same.
    const view = await (await h.svc.app.request(`/v1/hosting/sites/${site}`, { headers: h.auth })).json();
    expect(view.traffic).toEqual({ period_start: period.startIso, proxied_bytes: 3 * BLOB.length });
    // With group_by too, beside the breakdown.
    const grouped = await (await h.svc.app.request('/v1/usage?group_by=product', { headers: h.auth })).json();
    expect(grouped.hosting).toEqual({ proxied_bytes: 3 * BLOB.length });
  });

  it('shows another account none of it', async () => {
    const other = await createTestAccount(h.svc.rt, 'business');
    expect(await proxiedBytes(other.auth)).toBe(0);
    expect(await siteTrafficThisPeriod(h.svc.rt.db, other.accountId, site, currentBillingPeriod())).toEqual({ proxiedBytes: 0 });
  });

  it('an edge that stops writes what it has not flushed yet', async () => {
    const before = await proxiedBytes(h.auth);
    // Would not flush for ten minutes: only its close writes the count.
    const lazy = await startEdge({ ...h.svc.rt, config: { ...h.svc.rt.config, EDGE_TRAFFIC_FLUSH_MS: 600_000 } }, { http: 0, https: 0 });
    const r = await edgeGet(lazy.httpPort, host, '/api/small');
    expect(r.body.equals(SMALL)).toBe(true);
    // Counted once the edge has finished the answer, which may be a moment after the visitor has it all.
    await until('the lazy edge to count the proxied body', async () => lazy.traffic.proxiedBytes(site) === SMALL.length);
    await lazy.close();
    expect(lazy.traffic.proxiedBytes(site)).toBe(0);
    expect(await siteTrafficThisPeriod(h.svc.rt.db, h.accountId, site, currentBillingPeriod())).toEqual({ proxiedBytes: before + SMALL.length });
    await waitForProxied(h.auth, before + SMALL.length);
  });
});
