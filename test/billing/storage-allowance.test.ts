import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import type { Job } from 'bullmq';
import { insertJob } from '../../src/db/queries/jobs';
import { claimStorage, getStoredBytes } from '../../src/db/queries/storage';
import { jobs, plans, storageClaims } from '../../src/db/schema';
import { sweepOrphanStorage } from '../../src/workers/processors/sweep-orphan-storage';
import { makeCorruptPdf, makeCsv } from '../support/document-fixtures';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { startFileChatService, upload, type UploadedFile } from '../files/helpers';
import { signedInClient } from '../support/dashboard';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { type FileHost, startFileHost } from '../support/file-host';
import { jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

// A plan like pro but with room for ten of the test's files: 10 × 1000 bytes and a little over.
const ALLOWANCE = 10_500;
const PLAN = 'test-storage-small';

let svc: TestService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ svc, close } = await startFileChatService({}, ['files']));
  await svc.rt.db
    .insert(plans)
    .values({
      id: PLAN,
      rateLimitPerMinute: 100_000,
      quotaTextTokens: 1_000_000,
      quotaImagesGenerated: 0,
      quotaAudioSeconds: 0,
      quotaFileChats: 100,
      storageBytes: ALLOWANCE,
      features: ['usage', 'files'],
    })
    .onConflictDoNothing();
});
afterAll(async () => {
  await close();
});

async function smallPlanAccount() {
  const account = await createAccount(svc.rt.db, { name: 'storage', planId: PLAN as 'pro' });
  const key = await createApiKey(svc.rt.db, { accountId: account.id, label: 't' });
  return { accountId: account.id, auth: { Authorization: `Bearer ${key.key}` } };
}

/** A CSV of exactly `bytes` bytes, different for each `n`. */
function csvOf(bytes: number, n: number): Buffer {
  const head = makeCsv(['id', 'note'], [[n, 'x']]);
  const pad = bytes - head.length;
  const csv = makeCsv(['id', 'note'], [[n, 'x'.repeat(1 + pad)]]);
  expect(csv.length).toBe(bytes);
  return csv;
}

interface StorageReport {
  used_bytes: number;
  limit_bytes: number;
  remaining_bytes: number;
  allowed_bytes: number;
  file_bytes: number;
  site_bytes: number;
}
const storageOf = async (auth: Record<string, string>): Promise<StorageReport> =>
  (await (await svc.app.request('/v1/usage', { headers: auth })).json()).storage;

describe('the plan’s storage allowance for uploaded files', () => {
  it('100 parallel uploads of 1000 bytes against 10,500 allowed: 10 are kept, 90 refused with 413 naming used and allowed bytes', async () => {
    const { accountId, auth } = await smallPlanAccount();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => upload(svc, auth, csvOf(1000, n), `part-${n}.csv`)));
    const kept = answers.filter((r) => r.status === 201 || r.status === 202);
    const refused = answers.filter((r) => r.status === 413);
    expect(kept).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      const body = await r.json();
      expect(body.error.code).toBe('storage_quota_exceeded');
      expect(body.error.message).toMatch(/needs 1000 bytes of storage, but the account stores 10000 of the 10500 bytes the test-storage-small plan allows/);
    }
    const stored = await getStoredBytes(svc.rt.db, accountId);
    expect(stored).toEqual({ fileBytes: 10_000, siteBytes: 0 });
    expect(await storageOf(auth)).toEqual({
      used_bytes: 10_000,
      limit_bytes: ALLOWANCE,
      remaining_bytes: ALLOWANCE - 10_000,
      allowed_bytes: ALLOWANCE,
      file_bytes: 10_000,
      site_bytes: 0,
    });
    // Nothing of a refused upload was stored or charged.
    expect(await svc.rt.db.select().from(storageClaims).where(eq(storageClaims.accountId, accountId))).toHaveLength(10);
  });

  it('deleting a file frees its bytes for the next upload; a second delete frees nothing', async () => {
    const { auth } = await smallPlanAccount();
    const first = (await (await upload(svc, auth, csvOf(6000, 1), 'big.csv')).json()) as UploadedFile;
    expect((await storageOf(auth)).used_bytes).toBe(6000);
    const refused = await upload(svc, auth, csvOf(5000, 2), 'other.csv');
    expect(refused.status).toBe(413);
    expect((await refused.json()).error.message).toContain('stores 6000 of the 10500 bytes');

    expect((await svc.app.request(`/v1/files/${first.file_id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect(await storageOf(auth)).toMatchObject({ used_bytes: 0, file_bytes: 0 });
    expect((await svc.app.request(`/v1/files/${first.file_id}`, { method: 'DELETE', headers: auth })).status).toBe(404);
    expect((await storageOf(auth)).used_bytes).toBe(0);
    expect((await upload(svc, auth, csvOf(5000, 2), 'other.csv')).status).toBe(201);
    expect((await storageOf(auth)).used_bytes).toBe(5000);
  });

  it('the dashboard overview shows the storage used against the allowance', async () => {
    const { accountId, auth } = await smallPlanAccount();
    expect((await upload(svc, auth, csvOf(1000, 9), 'shown.csv')).status).toBe(201);
    const { client } = await signedInClient(svc.app, svc.rt, { accountId });
    expect((await client.get('/dashboard')).status).toBe(200);
    expect(client.lastHtml).toMatch(/data-metric="storage".*?files 1000 bytes, sites 0 bytes.*?1000 bytes of 10 KB/s);
  });

  it('an upload that cannot be parsed is not kept, and does not count', async () => {
    const { auth } = await smallPlanAccount();
    expect((await upload(svc, auth, makeCorruptPdf(), 'broken.pdf')).status).toBe(422);
    expect(await storageOf(auth)).toEqual({
      used_bytes: 0,
      limit_bytes: ALLOWANCE,
      remaining_bytes: ALLOWANCE,
      allowed_bytes: ALLOWANCE,
      file_bytes: 0,
      site_bytes: 0,
    });
  });
});

describe('storage charged for an upload that never became a file', () => {
  it('is released by the hourly sweep once an hour old; a kept file and an upload still being parsed stay charged', async () => {
    const { accountId, auth } = await smallPlanAccount();
    const kept = (await (await upload(svc, auth, csvOf(1000, 7), 'kept.csv')).json()) as UploadedFile;
    // Charged as the upload route charges, then the process "died": no job row was ever written.
    const charge = (objectId: string, bytes: number) => svc.rt.db.transaction((tx) => claimStorage(tx, accountId, 'file', [{ objectId, bytes }], ALLOWANCE));
    await charge('file_orphan0000000001', 2000);
    await charge('file_parsing000000001', 3000);
    await insertJob(svc.rt.db, { id: 'file_parsing000000001', accountId, keyId: null, kind: 'file.ingest', input: {} });
    await svc.rt.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, 'file_parsing000000001'));
    const hourAgo = new Date(Date.now() - 3_700_000);
    await svc.rt.db.update(storageClaims).set({ createdAt: hourAgo }).where(eq(storageClaims.accountId, accountId));
    expect((await storageOf(auth)).file_bytes).toBe(6000);

    await sweepOrphanStorage({ rt: svc.rt, job: { attemptsMade: 0, opts: {} } as Job, log: svc.rt.log });
    expect(await storageOf(auth)).toMatchObject({ used_bytes: 4000, file_bytes: 4000 });
    const left = await svc.rt.db.select({ id: storageClaims.objectId }).from(storageClaims).where(eq(storageClaims.accountId, accountId));
    expect(left.map((c) => c.id).sort()).toEqual([kept.file_id, 'file_parsing000000001'].sort());
  });
});

describe('the plan’s storage allowance for hosted sites', () => {
  // 5,000 bytes: room for two of the 2,000-byte sites below, not three.
  const SITES_PLAN = 'test-storage-sites';
  let host: FileHost;
  let workers: WorkerSet;
  let hosting: TestService;
  beforeAll(async () => {
    hosting = await startTestService({ FETCH_ALLOW_PRIVATE: 'true', HOSTING_DOMAIN: 'kiln.test' });
    workers = await startWorkers(hosting.rt, { queues: ['deploy'] });
    host = await startFileHost();
    await hosting.rt.db
      .insert(plans)
      .values({
        id: SITES_PLAN,
        rateLimitPerMinute: 100_000,
        quotaTextTokens: 0,
        quotaImagesGenerated: 0,
        quotaAudioSeconds: 0,
        quotaFileChats: 0,
        storageBytes: 5000,
        features: ['usage', 'hosting'],
      })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await workers.close(5_000);
    await hosting.close();
    await host.close();
  });

  async function sitesAccount() {
    const account = await createAccount(hosting.rt.db, { name: 'sites', planId: SITES_PLAN as 'business' });
    const key = await createApiKey(hosting.rt.db, { accountId: account.id, label: 't' });
    return { accountId: account.id, auth: { Authorization: `Bearer ${key.key}` } };
  }

  /** An archive at `path` whose two files hold `bytes` bytes together, with content unique to `tag`. */
  async function siteArchive(path: string, tag: string, bytes: number): Promise<string> {
    const half = Math.floor(bytes / 2);
    const text = (n: number, part: string) => `${tag}-${part}-`.padEnd(n, '.');
    host.put(
      path,
      await zipBuffer([
        { name: 'index.html', data: text(half, 'index') },
        { name: 'about.html', data: text(bytes - half, 'about') },
      ]),
    );
    return host.url(path);
  }

  async function deployAndWait(auth: Record<string, string>, body: object) {
    const created = await hosting.app.request('/v1/hosting/deployments', jsonRequest(body, auth));
    expect(created.status).toBe(201);
    const { id } = await created.json();
    return until(`deployment ${id} to finish`, async () => {
      const d = await (await hosting.app.request(`/v1/hosting/deployments/${id}`, { headers: auth })).json();
      return d.status === 'published' || d.status === 'failed' ? d : null;
    });
  }

  const hostedStorage = async (auth: Record<string, string>): Promise<StorageReport> =>
    (await (await hosting.app.request('/v1/usage', { headers: auth })).json()).storage;

  it('5 sites of 2,000 bytes deployed in parallel against 5,000 allowed: 2 publish, 3 fail naming used and allowed bytes', async () => {
    const { auth } = await sitesAccount();
    const urls = await Promise.all(Array.from({ length: 5 }, (_, i) => siteArchive(`/parallel-${i}.zip`, `parallel-${i}-${Date.now()}`, 2000)));
    const ended = await Promise.all(urls.map((url, i) => deployAndWait(auth, { site_id: `par${i}-${Date.now()}`, source_url: url })));
    const published = ended.filter((d) => d.status === 'published');
    const failed = ended.filter((d) => d.status === 'failed');
    expect(published).toHaveLength(2);
    expect(failed).toHaveLength(3);
    for (const d of failed)
      expect(d.error).toMatch(/need 2000 bytes of new storage, but the account stores 4000 of the 5000 bytes the test-storage-sites plan allows \(1000 free\)/);
    expect(await hostedStorage(auth)).toEqual({
      used_bytes: 4000,
      limit_bytes: 5000,
      remaining_bytes: 1000,
      allowed_bytes: 5000,
      file_bytes: 0,
      site_bytes: 4000,
    });
  });

  it('once all the allowance is used, a deploy request is 413 at once, naming used and allowed bytes', async () => {
    const { auth } = await sitesAccount();
    const site = `full-${Date.now()}`;
    const url = await siteArchive(`/${site}.zip`, site, 5000);
    expect((await deployAndWait(auth, { site_id: site, source_url: url })).status).toBe('published');
    expect((await hostedStorage(auth)).site_bytes).toBe(5000);
    const refused = await hosting.app.request('/v1/hosting/deployments', jsonRequest({ site_id: site, source_url: url }, auth));
    expect(refused.status).toBe(413);
    const body = await refused.json();
    expect(body.error.code).toBe('storage_quota_exceeded');
    expect(body.error.message).toMatch(/stores 5000 of the 5000 bytes the test-storage-sites plan allows \(0 free\)/);
  });

  it('the same content deployed to a second site, or deployed again, is charged once', async () => {
    const { auth } = await sitesAccount();
    const tag = `shared-${Date.now()}`;
    const url = await siteArchive(`/${tag}.zip`, tag, 3000);
    expect((await deployAndWait(auth, { site_id: `${tag}-a`, source_url: url })).status).toBe('published');
    expect((await deployAndWait(auth, { site_id: `${tag}-b`, source_url: url })).status).toBe('published');
    expect((await deployAndWait(auth, { site_id: `${tag}-a`, source_url: url })).status).toBe('published');
    expect((await hostedStorage(auth)).site_bytes).toBe(3000);
  });
});
