import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { deploymentUploads, deployments } from '../../src/db/schema';
import { expireIdleDigestUploads } from '../../src/hosting/expire-idle-uploads';
import { UPLOAD_IDLE_MS } from '../../src/hosting/digest-deploy';
import { createTestAccount, jsonRequest } from '../support/runtime';
import { filesUnder, uploadTmpDir } from '../files/helpers';
import { edgeGet, HOSTING_DOMAIN, startHostingHarness, until, type HostingHarness } from './support/hosting-harness';

let h: HostingHarness;
const stagingDir = uploadTmpDir();
const run = randomBytes(3).toString('hex');
const siteId = (name: string) => `dg-${name}-${run}`;
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  h = await startHostingHarness({ UPLOAD_TMP_DIR: stagingDir, DEPLOY_MAX_ARCHIVE_BYTES: String(64 * 1024) });
});
afterAll(async () => {
  await h.close();
});

/** A site as path → content; every content unique to this run, so no earlier run's storage counts. */
const site = (files: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(files).map(([p, body]) => [p, `${body} ${run}`]));
const digests = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([p, body]) => [p, sha(body)]));

const create = (body: Record<string, unknown>, auth = h.auth) => h.svc.app.request('/v1/hosting/deployments', jsonRequest(body, auth));
const put = (id: string, hash: string, body: string | Buffer, auth = h.auth) =>
  h.svc.app.request(`/v1/hosting/deployments/${id}/files/${hash}`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
const finalize = (id: string, auth = h.auth) => h.svc.app.request(`/v1/hosting/deployments/${id}/finalize`, { method: 'POST', headers: auth });

async function finished(id: string, auth = h.auth) {
  return until(`deployment ${id} to finish`, async () => {
    const d = await (await h.svc.app.request(`/v1/hosting/deployments/${id}`, { headers: auth })).json();
    return d.status === 'published' || d.status === 'failed' ? d : null;
  });
}

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

/** Uploads every required content of `files` (by hash), returning the last answer. */
async function uploadRequired(id: string, required: string[], files: Record<string, string>, auth = h.auth) {
  const byHash = new Map(Object.values(files).map((body) => [sha(body), body]));
  let last: any;
  for (const hash of required) {
    const res = await put(id, hash, byHash.get(hash)!, auth);
    last = await res.json();
    expect(res.status, JSON.stringify(last)).toBe(200);
  }
  return last;
}

const served = (name: string, path: string) => edgeGet(h.edge.httpPort, `${name}.${HOSTING_DOMAIN}`, path);

describe('deploys by file digests', () => {
  it('asks for what it lacks, builds once all is uploaded, the edge serves it; a redeploy asks only for what changed', async () => {
    const name = siteId('main');
    const files: Record<string, string> = {
      ...site({ 'index.html': '<h1>home</h1>', 'about/index.html': 'about', 'css/site.css': 'body{}', 'copy.html': '<h1>home</h1>' }),
      _redirects: `# ${run}\n/old /about/ 301\n`,
    };
    const res = await create({ site_id: name, files: digests(files) });
    const created = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({ status: 'uploading', site_id: name, environment: 'production' });
    // Distinct contents: index.html and copy.html share one.
    const expected = [...new Set(Object.values(files).map(sha))].sort();
    expect(created.required).toEqual(expected);

    // A body that does not hash to its name: 400, nothing stored, still required.
    await expectError(await put(created.id, expected[0]!, 'not it'), 400, 'invalid_parameter', /SHA-256/);
    // A hash the manifest does not name.
    await expectError(await put(created.id, sha('elsewhere'), 'elsewhere'), 409, 'conflict', /does not list/);
    // Finalising before everything arrived names the missing count.
    await expectError(await finalize(created.id), 409, 'conflict', new RegExp(`misses ${expected.length} file contents`));

    const first = await put(created.id, sha(files['css/site.css']!), files['css/site.css']!);
    const firstBody = await first.json();
    expect(first.status).toBe(200);
    expect(firstBody).toMatchObject({
      sha256: sha(files['css/site.css']!),
      size: Buffer.byteLength(files['css/site.css']!),
      missing: expected.length - 1,
      status: 'uploading',
    });
    // A retried upload is harmless: the same answer, nothing changes.
    const again = await put(created.id, sha(files['css/site.css']!), files['css/site.css']!);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);

    const last = await uploadRequired(
      created.id,
      expected.filter((x) => x !== sha(files['css/site.css']!)),
      files,
    );
    expect(last).toMatchObject({ missing: 0, required: [] });
    expect(['pending', 'building', 'published']).toContain(last.status);
    const d = await finished(created.id);
    expect(d.status, d.error).toBe('published');
    await until('served', async () => (await served(name, '/')).body.toString() === files['index.html']);
    expect((await served(name, '/about/')).body.toString()).toBe(files['about/index.html']);
    expect((await served(name, '/copy')).body.toString()).toBe(files['index.html']);
    // _redirects is a rule, not a file.
    const redirected = await served(name, '/old');
    expect(redirected.status).toBe(301);
    expect((await served(name, '/_redirects')).status).toBe(404);
    // A retry after the build (the client did not see the answer) is still harmless.
    expect((await put(created.id, sha(files['css/site.css']!), files['css/site.css']!)).status).toBe(200);
    // The manifest rows went with the publish.
    expect(await h.svc.rt.db.select().from(deploymentUploads).where(eq(deploymentUploads.deploymentId, created.id))).toEqual([]);

    // Redeploy with one file changed: only it is required.
    const changed: Record<string, string> = { ...files, 'about/index.html': `about, changed ${run}` };
    const second = await (await create({ site_id: name, files: digests(changed) })).json();
    expect(second).toMatchObject({ status: 'uploading', required: [sha(changed['about/index.html']!)] });
    // A content it already holds is not required; uploading it anyway is harmless.
    const heldAgain = await put(second.id, sha(changed['css/site.css']!), changed['css/site.css']!);
    expect(heldAgain.status).toBe(200);
    expect(await heldAgain.json()).toMatchObject({ missing: 1, required: second.required, status: 'uploading' });
    await uploadRequired(second.id, second.required, changed);
    expect((await finished(second.id)).status).toBe('published');
    await until('changed file served', async () => (await served(name, '/about/')).body.toString() === changed['about/index.html']);

    // The same files again: nothing required, the build is queued at once.
    const third = await create({ site_id: name, files: digests(changed) });
    const thirdBody = await third.json();
    expect(third.status).toBe(201);
    expect(thirdBody.required).toEqual([]);
    expect(['pending', 'building', 'published']).toContain(thirdBody.status);
    expect((await finished(thirdBody.id)).status).toBe('published');

    // Each step is in the account's activity, with the key that asked.
    const audit = await listAudit(h.svc.rt.db, h.accountId, { limit: 20 });
    const mine = audit.filter((e) => e.target === created.id);
    expect(mine.map((e) => e.action).sort()).toEqual(['deployment.digests_sent', 'deployment.finalized']);
    expect(mine[0]).toMatchObject({ actorKind: 'api_key', actor: 'test' });
    expect(mine[0]!.actorId).toMatch(/^key_/);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('concurrent uploads (twice each, with finalizes racing) finish the deployment exactly once', async () => {
    const name = siteId('race');
    const files = site(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p/${i}.html`, `page ${i}`])));
    const created = await (await create({ site_id: name, files: digests(files) })).json();
    expect(created.required).toHaveLength(12);
    const bodies = Object.values(files);
    const answers = await Promise.all([
      ...[...bodies, ...bodies].map(async (body) => {
        const res = await put(created.id, sha(body), body);
        expect(res.status).toBe(200);
        return res.json();
      }),
      ...[1, 2, 3].map(async () => (await finalize(created.id)).status),
    ]);
    const uploads = answers.filter((a): a is { missing: number } => typeof a === 'object');
    // Every content counted once: some answer saw none missing, none saw fewer than none.
    expect(uploads.map((a) => a.missing)).toContain(0);
    expect(Math.min(...uploads.map((a) => a.missing))).toBe(0);
    expect((await finished(created.id)).status).toBe('published');
    const audit = await listAudit(h.svc.rt.db, h.accountId, { limit: 100 });
    expect(audit.filter((e) => e.target === created.id && e.action === 'deployment.finalized')).toHaveLength(1);
  });

  it("another account's identical content is still required of it, and its uploads are checked the same", async () => {
    const name = siteId('shared');
    const files = site({ 'index.html': 'shared content' });
    const mine = await (await create({ site_id: name, files: digests(files) })).json();
    await uploadRequired(mine.id, mine.required, files);
    expect((await finished(mine.id)).status).toBe('published');

    const other = await createTestAccount(h.svc.rt, 'business');
    const res = await create({ site_id: siteId('other'), files: digests(files) }, other.auth);
    const theirs = await res.json();
    expect(res.status).toBe(201);
    expect(theirs).toMatchObject({ status: 'uploading', required: [sha(files['index.html']!)] });
    // Nor can it use this account's deployment.
    await expectError(await put(mine.id, sha(files['index.html']!), files['index.html']!, other.auth), 404, 'not_found');
    await expectError(await put(theirs.id, sha(files['index.html']!), 'guess', other.auth), 400, 'invalid_parameter');
    await uploadRequired(theirs.id, theirs.required, files, other.auth);
    expect((await finished(theirs.id, other.auth)).status).toBe('published');
  });

  it('refuses unsafe paths and bad manifests like an archive, with nothing recorded', async () => {
    const name = siteId('paths');
    const h1 = sha('x');
    await expectError(await create({ site_id: name, files: { '../x': h1 } }), 400, 'invalid_parameter', /\.\./);
    await expectError(await create({ site_id: name, files: { '/etc/passwd': h1 } }), 400, 'invalid_parameter', /absolute/);
    await expectError(await create({ site_id: name, files: { 'a/b': h1, 'a//b': h1 } }), 400, 'invalid_parameter', /duplicate/);
    await expectError(await create({ site_id: name, files: { a: h1, 'a/b': h1 } }), 400, 'invalid_parameter', /both a file and a folder/);
    await expectError(await create({ site_id: name, files: {} }), 400, 'invalid_parameter', /no files/);
    await expectError(await create({ site_id: name, files: { 'index.html': 'abc' } }), 400, 'invalid_parameter', /SHA-256/);
    await expectError(
      await create({ site_id: name, files: { 'index.html': h1 }, source_url: 'https://example.com/a.zip' }),
      400,
      'invalid_parameter',
      /source_url/,
    );
    expect(await h.svc.rt.db.select().from(deployments).where(eq(deployments.siteId, name))).toEqual([]);
  });

  it('caps a file like an archive entry (413), and a finalize after all arrived answers the deployment', async () => {
    const name = siteId('cap');
    const big = randomBytes(64 * 1024 + 1);
    const small = `small ${run}`;
    const created = await (await create({ site_id: name, files: { 'big.bin': sha(big), 'index.html': sha(small) } })).json();
    await expectError(await put(created.id, sha(big), big), 413, 'file_too_large');
    expect(filesUnder(stagingDir)).toEqual([]);
    const after = await (await put(created.id, sha(small), small)).json();
    expect(after).toMatchObject({ missing: 1, required: [sha(big)], status: 'uploading' });
  });

  it('an upload left idle is failed by the sweep, and takes no more uploads', async () => {
    const name = siteId('idle');
    const files = site({ 'index.html': 'idle' });
    const created = await (await create({ site_id: name, files: digests(files) })).json();
    const ctx = { rt: h.svc.rt, log: h.svc.rt.log } as any;
    // Not yet idle long enough.
    await expireIdleDigestUploads(ctx, undefined, Date.now());
    expect((await (await h.svc.app.request(`/v1/hosting/deployments/${created.id}`, { headers: h.auth })).json()).status).toBe('uploading');
    await expireIdleDigestUploads(ctx, undefined, Date.now() + UPLOAD_IDLE_MS + 60_000);
    const d = await (await h.svc.app.request(`/v1/hosting/deployments/${created.id}`, { headers: h.auth })).json();
    expect(d).toMatchObject({ status: 'failed', error: expect.stringMatching(/No file was uploaded/) });
    await expectError(await put(created.id, sha(files['index.html']!), files['index.html']!), 409, 'conflict', /failed/);
    await expectError(await finalize(created.id), 409, 'conflict', /failed/);
  });
});
