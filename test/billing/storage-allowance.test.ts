import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createApiKey } from '../../src/db/queries/accounts';
import { getStoredBytes } from '../../src/db/queries/storage';
import { plans, storageClaims } from '../../src/db/schema';
import { makeCorruptPdf, makeCsv } from '../support/document-fixtures';
import { startFileChatService, upload, type UploadedFile } from '../files/helpers';
import type { TestService } from '../support/runtime';

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
    expect(await storageOf(auth)).toEqual({ used_bytes: 10_000, allowed_bytes: ALLOWANCE, file_bytes: 10_000, site_bytes: 0 });
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

  it('an upload that cannot be parsed is not kept, and does not count', async () => {
    const { auth } = await smallPlanAccount();
    expect((await upload(svc, auth, makeCorruptPdf(), 'broken.pdf')).status).toBe(422);
    expect(await storageOf(auth)).toEqual({ used_bytes: 0, allowed_bytes: ALLOWANCE, file_bytes: 0, site_bytes: 0 });
  });
});
