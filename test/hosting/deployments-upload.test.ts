import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeployment, insertDeployment } from '../../src/db/queries/deployments';
import { claimSiteOwner } from '../../src/db/queries/sites';
import { deployments } from '../../src/db/schema';
import { buildDeployment } from '../../src/hosting/build-deployment';
import { newId } from '../../src/ids';
import { siteBlobKey, uploadedArchiveKey } from '../../src/hosting/blob-keys';
import { filesUnder, uploadTmpDir } from '../files/helpers';
import { PNG_HEAD, rawTarGz, renameInZip, zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';

let h: HostingHarness;
const stagingDir = uploadTmpDir();
/** Over the 2 MB JSON body limit, so an upload past that limit is accepted. */
const MAX_ARCHIVE = 4 * 1024 * 1024;
const run = randomBytes(3).toString('hex');
/** Site ids are global across the run's test files. */
const siteId = (name: string) => `up-${name}-${run}`;

beforeAll(async () => {
  h = await startHostingHarness({ UPLOAD_TMP_DIR: stagingDir, DEPLOY_MAX_ARCHIVE_BYTES: String(MAX_ARCHIVE) });
});
afterAll(async () => {
  await h.close();
});

type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string];

function form(...parts: Part[]): FormData {
  const f = new FormData();
  for (const p of parts) {
    if (p.length === 3) f.append(p[0], new Blob([new Uint8Array(p[1])]), p[2]);
    else f.append(p[0], p[1]);
  }
  return f;
}

const post = (body: FormData, headers: Record<string, string> = {}) =>
  h.svc.app.request('/v1/hosting/deployments', { method: 'POST', headers: { ...h.auth, ...headers }, body });

async function finished(id: string) {
  return until(`deployment ${id} to finish`, async () => {
    const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: h.auth })).json();
    return d.status === 'published' || d.status === 'failed' ? d : null;
  });
}

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

const rowsOf = (site: string) => h.svc.rt.db.select().from(deployments).where(eq(deployments.siteId, site));

describe('POST /v1/hosting/deployments with an uploaded archive (multipart)', () => {
  it('publishes a zip and the edge serves it; the stored upload is removed once built', async () => {
    const site = siteId('zip');
    const zip = await zipBuffer([
      { name: 'dist/index.html', data: '<h1>uploaded</h1>' },
      { name: 'dist/about.html', data: 'about' },
    ]);
    const res = await post(form(['site_id', site], ['file', zip, 'site.zip']));
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ status: 'pending', environment: 'production', site_id: site });
    const [row] = await rowsOf(site);
    expect(row).toMatchObject({ sourceUrl: null, archiveKey: uploadedArchiveKey(created.id) });
    const d = await finished(created.id);
    expect(d.status).toBe('published');
    await until('served', async () => (await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString() === '<h1>uploaded</h1>');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/about')).body.toString()).toBe('about');
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${d.id}/logs`, { headers: h.auth })).json();
    expect(logs.lines.map((l: { message: string }) => l.message).join('\n')).toMatch(
      new RegExp(`Read the uploaded archive \\(${zip.length} bytes\\)[\\s\\S]*Extracted 2 files`),
    );
    expect(await h.svc.rt.store.exists(uploadedArchiveKey(d.id))).toBe(false);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('takes the file part before the fields too, and a tar.gz as a preview', async () => {
    const site = siteId('order');
    const tgz = rawTarGz([{ name: 'index.html', data: 'tar first' }]);
    const res = await post(form(['file', tgz, 'site.tar.gz'], ['environment', 'preview'], ['site_id', site]));
    expect(res.status).toBe(201);
    const d = await finished((await res.json()).id);
    expect(d).toMatchObject({ status: 'published', environment: 'preview' });
    const host = `${d.id.slice(4)}--${site}.${HOSTING_DOMAIN}`;
    expect((await edgeGet(h.edge.httpPort, host, '/')).body.toString()).toBe('tar first');
  });

  it('a zip-slip archive is refused by the build: failed, the reason logged, nothing of it stored', async () => {
    const site = siteId('slip');
    const slip = renameInZip(
      await zipBuffer([
        { name: 'index.html', data: 'fine' },
        { name: 'xx/xx/evil.txt', data: `pwned ${run}` },
      ]),
      'xx/xx/evil.txt',
      '../../evil.txt',
    );
    const res = await post(form(['site_id', site], ['file', slip, 'slip.zip']));
    expect(res.status).toBe(201);
    const d = await finished((await res.json()).id);
    expect(d.status).toBe('failed');
    expect(d.error).toMatch(/refused.*\.\./);
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${d.id}/logs`, { headers: h.auth })).json();
    expect(logs.lines.at(-1)).toMatchObject({ level: 'error', message: d.error });
    const evilHash = createHash('sha256').update(`pwned ${run}`).digest('hex');
    expect(await h.svc.rt.store.exists(siteBlobKey(evilHash))).toBe(false);
    expect(await h.svc.rt.store.exists(uploadedArchiveKey(d.id))).toBe(false);
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).status).toBe(404);
  });

  it('over the archive cap: 413, no deployment, nothing staged', async () => {
    const site = siteId('big');
    const big = await zipBuffer([{ name: 'noise.bin', data: randomBytes(MAX_ARCHIVE + 1024), compress: false }]);
    await expectError(await post(form(['site_id', site], ['file', big, 'big.zip'])), 413, 'file_too_large');
    // With the fields after the file as well.
    await expectError(await post(form(['file', big, 'big.zip'], ['site_id', site])), 413, 'file_too_large');
    expect(await rowsOf(site)).toEqual([]);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('refuses what is not an upload of an archive, with nothing left behind', async () => {
    const site = siteId('bad');
    const zip = await zipBuffer([{ name: 'index.html', data: 'x' }]);
    await expectError(await post(form(['site_id', site])), 400, 'missing_required_field', /'file' is required/);
    await expectError(await post(form(['site_id', site], ['file', 'not a file'])), 400, 'invalid_parameter', /arrived as a text field/);
    await expectError(await post(form(['file', zip, 'site.zip'])), 400, 'missing_required_field', /'site_id' is required/);
    await expectError(await post(form(['site_id', 'Bad Site'], ['file', zip, 'site.zip'])), 400, 'invalid_parameter', /site_id/);
    await expectError(await post(form(['site_id', site], ['environment', 'staging'], ['file', zip, 'site.zip'])), 400, 'invalid_parameter', /environment/);
    await expectError(await post(form(['site_id', site], ['colour', 'red'], ['file', zip, 'site.zip'])), 400, 'invalid_parameter', /colour/);
    await expectError(
      await post(form(['site_id', site], ['source_url', 'https://example.com/a.zip'], ['file', zip, 'site.zip'])),
      400,
      'invalid_parameter',
      /one or the other/,
    );
    // A part that is not an archive, whatever its name and declared type.
    await expectError(await post(form(['site_id', site], ['file', PNG_HEAD, 'site.zip'])), 415, 'unsupported_file_type', /not a \.zip or \.tar\.gz/);
    await expectError(await post(form(['site_id', site], ['file', Buffer.from('<h1>hi</h1>'), 'index.html'])), 415, 'unsupported_file_type');
    expect(await rowsOf(site)).toEqual([]);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('two file parts are 400 invalid_parameter, not the first (or second) deployed in silence; nothing staged', async () => {
    const site = siteId('twofiles');
    const first = await zipBuffer([{ name: 'index.html', data: 'first' }]);
    const second = rawTarGz([{ name: 'index.html', data: 'second' }]);
    const message = /^'file' was sent more than once; send one file per request\.$/;
    await expectError(await post(form(['site_id', site], ['file', first, 'a.zip'], ['file', second, 'b.tar.gz'])), 400, 'invalid_parameter', message);
    await expectError(await post(form(['file', first, 'a.zip'], ['site_id', site], ['file', first, 'a.zip'])), 400, 'invalid_parameter', message);
    // A text part named file besides the file part is a second one as well.
    await expectError(await post(form(['site_id', site], ['file', first, 'a.zip'], ['file', 'b.zip'])), 400, 'invalid_parameter', message);
    // Many file parts of other names: refused rather than read without end.
    const others = Array.from({ length: 6 }, (_, i): Part => [`extra${i}`, first, `${i}.zip`]);
    await expectError(await post(form(['site_id', site], ...others, ['file', first, 'a.zip'])), 400, 'invalid_parameter', /more than 5 file parts/);
    expect(await rowsOf(site)).toEqual([]);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it("another account's site is 404 and keeps nothing of the upload", async () => {
    const site = siteId('owned');
    const zip = await zipBuffer([{ name: 'index.html', data: 'mine' }]);
    expect((await post(form(['site_id', site], ['file', zip, 'a.zip']))).status).toBe(201);
    const { createTestAccount } = await import('../support/runtime');
    const other = await createTestAccount(h.svc.rt, 'business');
    const res = await h.svc.app.request('/v1/hosting/deployments', {
      method: 'POST',
      headers: other.auth,
      body: form(['site_id', site], ['file', zip, 'a.zip']),
    });
    await expectError(res, 404, 'not_found');
    expect((await rowsOf(site)).map((r) => r.accountId)).toEqual([h.accountId]);
  });

  it('Idempotency-Key: the same upload is answered once; another archive under the key is 422', async () => {
    const site = siteId('idem');
    const zip = await zipBuffer([{ name: 'index.html', data: 'once' }]);
    const key = { 'Idempotency-Key': `up-${run}` };
    const first = await post(form(['site_id', site], ['file', zip, 'a.zip']), key);
    expect(first.status).toBe(201);
    const again = await post(form(['file', zip, 'renamed.zip'], ['site_id', site]), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await rowsOf(site)).toHaveLength(1);
    const other = await zipBuffer([{ name: 'index.html', data: 'twice' }]);
    await expectError(await post(form(['site_id', site], ['file', other, 'a.zip']), key), 422, 'idempotency_key_reused');
    expect(await rowsOf(site)).toHaveLength(1);
  });

  it('a retried build reads the stored upload again; once published, a repeat changes nothing', async () => {
    const site = siteId('retry');
    await claimSiteOwner(h.svc.rt.db, h.accountId, site);
    const id = newId('dep');
    const archiveKey = uploadedArchiveKey(id);
    await h.svc.rt.store.put(archiveKey, await zipBuffer([{ name: 'index.html', data: 'second attempt' }]), 'application/octet-stream');
    // As an attempt leaves it when its worker dies after claiming it (no queued job: the test runs the attempt).
    await insertDeployment(h.svc.rt.db, { id, accountId: h.accountId, siteId: site, environment: 'production', sourceUrl: null, archiveKey });
    await h.svc.rt.db.update(deployments).set({ status: 'building', startedAt: new Date() }).where(eq(deployments.id, id));
    const ctx = { rt: h.svc.rt, job: { attemptsMade: 1, id } as never, log: h.svc.rt.log };
    await buildDeployment(ctx, { id });
    expect((await findDeployment(h.svc.rt.db, id))!.status).toBe('published');
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('second attempt');
    expect(await h.svc.rt.store.exists(archiveKey)).toBe(false);
    await buildDeployment(ctx, { id });
    expect((await findDeployment(h.svc.rt.db, id))!.status).toBe('published');
  });

  it('over real HTTP (as curl -F sends it), also past the 2 MB JSON body limit', async () => {
    const server = serve({ fetch: h.svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    try {
      const { port } = server.address() as { port: number };
      const site = siteId('http');
      // Random and stored: the archive itself is over the 2 MB JSON body limit.
      const zip = await zipBuffer([
        { name: 'index.html', data: 'over http' },
        { name: 'noise.bin', data: randomBytes(3 * 1024 * 1024), compress: false },
      ]);
      expect(zip.length).toBeGreaterThan(2 * 1024 * 1024);
      const body = form(['site_id', site], ['file', zip, 'site.zip']);
      const res = await fetch(`http://127.0.0.1:${port}/v1/hosting/deployments`, { method: 'POST', headers: h.auth, body });
      expect(res.status).toBe(201);
      expect((await finished((await res.json()).id)).status).toBe('published');
      expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/')).body.toString()).toBe('over http');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a JSON deploy still works beside it (and still has its body limit)', async () => {
    const res = await h.svc.app.request('/v1/hosting/deployments', {
      method: 'POST',
      headers: { ...h.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ site_id: siteId('json'), pad: 'x'.repeat(3 * 1024 * 1024) }),
    });
    await expectError(res, 413, 'payload_too_large');
  });
});
