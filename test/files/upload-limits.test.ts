import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPassages, documentRows, documents, jobs } from '../../src/db/schema';
import { COSTLY_DOCUMENTS } from '../engines/documents/costly-documents';
import { createTestAccount, type TestService } from '../support/runtime';
import { startFileChatService, upload } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService({}, ['files']));
});
afterAll(() => stopService());

describe('POST /v1/file/upload of a file over a per-file limit', () => {
  for (const doc of COSTLY_DOCUMENTS) {
    it(`422 file_too_complex naming the limit, nothing stored: ${doc.name} (${doc.shape})`, async () => {
      const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
      const res = await upload(svc, auth, await doc.build(), doc.name);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(body.error.code).toBe('file_too_complex');
      const reason = new RegExp(doc.refused.source.replace(/^\^/, '').replace(/\$$/, ''));
      expect(body.error.message).toContain(`'${doc.name}'`);
      expect(body.error.message).toMatch(reason);
      // The job row says the same when polled.
      const [job] = await svc.rt.db.select().from(jobs).where(eq(jobs.accountId, accountId));
      const polled = await svc.app.request(`/v1/jobs/${job!.id}`, { headers: auth });
      expect(polled.status).toBe(422);
      expect(((await polled.json()) as { error: { code: string } }).error.code).toBe('file_too_complex');
      expect(await svc.rt.db.select().from(documents).where(eq(documents.accountId, accountId))).toEqual([]);
      expect(await svc.rt.db.select().from(documentPassages).where(eq(documentPassages.accountId, accountId))).toEqual([]);
      expect(await svc.rt.db.select().from(documentRows).where(eq(documentRows.accountId, accountId))).toEqual([]);
    });
  }
});
