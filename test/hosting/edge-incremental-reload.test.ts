import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteCertificate, deleteDomain, insertDomain, saveCertificate } from '../../src/db/queries/domains';
import { domains } from '../../src/db/schema';
import { SiteRoutes } from '../../src/hosting/edge/site-routes';
import { createLocalCa, issueLocalCertificate, type LocalCa } from '../../src/hosting/tls';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { zipBuffer } from './support/archive-fixtures';
import { HOSTING_DOMAIN, startFileHost, startHostingHarness, type HostingHarness } from './support/hosting-harness';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
let ca: LocalCa;
let db: OwnDatabase;

beforeAll(async () => {
  // A database of its own: the change log is the whole database's, and other files publish and add domains
  // while this one counts what each tick reads.
  db = await createOwnDatabase('kiln_edge_reload');
  h = await startHostingHarness({ DATABASE_URL: db.url });
  files = await startFileHost();
  for (const name of ['v1', 'v2']) files.put(`/${name}.zip`, await zipBuffer([{ name: 'index.html', data: `<h1>${name}</h1>` }]));
  ca = await createLocalCa();
});
afterAll(async () => {
  await h?.close();
  await files?.close();
  await db?.drop();
});

const host = (label: string) => `${label}.${HOSTING_DOMAIN}`;
/** Never reloads whole on its own during a test: only at its first load. */
const edge = async () => {
  const routes = new SiteRoutes(h.svc.rt.db, HOSTING_DOMAIN, 86_400_000);
  await routes.reload();
  return routes;
};

async function publish(site: string, version: string) {
  const d = await h.deploy({ site_id: site, source_url: files.url(`/${version}.zip`) });
  expect(d.status).toBe('published');
  return d.id as string;
}

async function addVerifiedDomain(name: string, siteId: string) {
  const id = `dom_${name.replace(/\W/g, '')}`;
  await insertDomain(h.svc.rt.db, { id, domain: name, accountId: h.accountId, siteId, token: 'tok' });
  await h.svc.rt.db.update(domains).set({ status: 'verified', verifiedAt: new Date() }).where(eq(domains.id, id));
  return id;
}

async function addCertificate(hostname: string) {
  const issued = await issueLocalCertificate(ca, hostname);
  await saveCertificate(h.svc.rt.db, { hostname, ...issued });
}

describe('an edge reloads what changed', () => {
  it('applies a publish, a domain verified, a certificate issued and a domain removed one change at a time', async () => {
    await publish('inc-a', 'v1');
    const routes = await edge();
    expect(routes.stats).toMatchObject({ full: 1, incremental: 0 });

    // Nothing changed: a tick reads no table.
    const idle = routes.stats.rowsRead;
    await routes.reload();
    expect(routes.stats.rowsRead).toBe(idle);
    expect(routes.stats.incremental).toBe(0);

    const v2 = await publish('inc-a', 'v2');
    await routes.reload();
    expect(routes.stats).toMatchObject({ full: 1, incremental: 1 });
    expect(routes.stats.lastChanges).toEqual([{ kind: 'live', key: 'inc-a' }]);
    const served = await routes.resolve(host('inc-a'));
    expect(served?.site.deploymentId).toBe(v2);

    const domainId = await addVerifiedDomain('shop.inc-test.example', 'inc-a');
    await routes.reload();
    expect(routes.stats.full).toBe(1);
    expect(new Set(routes.stats.lastChanges.map((c) => `${c.kind}:${c.key}`))).toEqual(new Set(['domain:shop.inc-test.example']));
    expect((await routes.resolve('shop.inc-test.example'))?.site.deploymentId).toBe(v2);
    expect(routes.secureContext('shop.inc-test.example')).toBeUndefined();

    await addCertificate('shop.inc-test.example');
    await routes.reload();
    expect(routes.stats.lastChanges).toEqual([{ kind: 'certificate', key: 'shop.inc-test.example' }]);
    expect(routes.secureContext('shop.inc-test.example')).toBeDefined();

    // A deletion: the domain is no longer served, and loses its certificate with it.
    await deleteDomain(h.svc.rt.db, domainId);
    await routes.reload();
    expect(routes.stats).toMatchObject({ full: 1, incremental: 4 });
    expect(routes.stats.lastChanges).toEqual([{ kind: 'domain', key: 'shop.inc-test.example' }]);
    expect(await routes.resolve('shop.inc-test.example')).toBeNull();
    expect(routes.secureContext('shop.inc-test.example')).toBeUndefined();
    await deleteCertificate(h.svc.rt.db, 'shop.inc-test.example');
  });

  it('an edge that missed every announcement catches up from the sequence in one tick', async () => {
    const v1 = await publish('inc-late', 'v1');
    await addVerifiedDomain('gone.inc-test.example', 'inc-late');
    const late = await edge();
    expect((await late.resolve('gone.inc-test.example'))?.site.deploymentId).toBe(v1);

    // Changes the edge hears nothing about (its announcements were lost).
    const v2 = await publish('inc-late', 'v2');
    await addVerifiedDomain('kept.inc-test.example', 'inc-late');
    await addCertificate('kept.inc-test.example');
    await deleteDomain(h.svc.rt.db, 'dom_goneinctestexample');

    await late.reload();
    expect(late.stats).toMatchObject({ full: 1, incremental: 1 });
    expect(new Set(late.stats.lastChanges.map((c) => `${c.kind}:${c.key}`))).toEqual(
      new Set(['live:inc-late', 'domain:kept.inc-test.example', 'certificate:kept.inc-test.example', 'domain:gone.inc-test.example']),
    );
    expect((await late.resolve(host('inc-late')))?.site.deploymentId).toBe(v2);
    expect((await late.resolve('kept.inc-test.example'))?.site.deploymentId).toBe(v2);
    expect(late.secureContext('kept.inc-test.example')).toBeDefined();
    expect(await late.resolve('gone.inc-test.example')).toBeNull();
  });
});
