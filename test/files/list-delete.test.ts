import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPassages, documentRows, documents, jobs } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { makeCsv } from '../support/document-fixtures';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { uploadOk, uploadTmpDir, type UploadedFile } from './helpers';

let svc: TestService;
let workers: WorkerSet;

beforeAll(async () => {
  svc = await startTestService({ UPLOAD_TMP_DIR: uploadTmpDir() });
  workers = await startWorkers(svc.rt, { queues: ['files'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

const csv = (n: number) =>
  makeCsv(
    ['city', 'visitors'],
    [
      [`Town${n}`, n],
      [`Village${n}`, n * 2],
    ],
  );
const list = async (auth: Record<string, string>, query = '') => svc.app.request(`/v1/files${query}`, { headers: auth });
const listOk = async (auth: Record<string, string>, query = '') => {
  const res = await list(auth, query);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { object: 'list'; data: UploadedFile[]; has_more: boolean };
};
const errorOf = async (res: Response) => {
  const body = await res.json();
  return [res.status, body.error?.code, body.error?.message] as const;
};

/** Follows `starting_after` until `has_more` is false; every id seen, in order. */
async function pageThrough(auth: Record<string, string>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let pages = 0; pages < 50; pages++) {
    const page = await listOk(auth, `?limit=${limit}${cursor}`);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((f) => f.file_id));
    if (!page.has_more) return ids;
    cursor = `&starting_after=${page.data.at(-1)!.file_id}`;
  }
  throw new Error('more than 50 pages');
}

/** A CSV table as the list shows it: the upload's answer, and no sentence vectors (the planner answers tables). */
const listed = (f: UploadedFile) => ({ ...f, semantic_index: 'none' });

describe('GET /v1/files', () => {
  it('lists the account’s files newest first, each as its upload answered (CSV: no semantic index); pages have no duplicates or gaps', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const b = await createTestAccount(svc.rt, 'pro');
    const uploaded: UploadedFile[] = [];
    for (let i = 1; i <= 5; i++) uploaded.push(await uploadOk(svc, a.auth, csv(i), `table-${i}.csv`));
    const theirs = await uploadOk(svc, b.auth, csv(9), 'theirs.csv');

    const all = await listOk(a.auth);
    expect(all.object).toBe('list');
    expect(all.has_more).toBe(false);
    const newestFirst = [...uploaded].sort((x, y) => y.created_at.localeCompare(x.created_at) || y.file_id.localeCompare(x.file_id));
    expect(all.data).toEqual(newestFirst.map(listed));
    expect(all.data.map((f) => f.file_id)).not.toContain(theirs.file_id);
    expect((await listOk(b.auth)).data).toEqual([listed(theirs)]);

    expect(await pageThrough(a.auth, 2)).toEqual(newestFirst.map((f) => f.file_id));
    const first = await listOk(a.auth, '?limit=2');
    expect(first.has_more).toBe(true);
    // ending_before the first item of page 2 gives page 1 back.
    const second = await listOk(a.auth, `?limit=2&starting_after=${first.data[1]!.file_id}`);
    const back = await listOk(a.auth, `?limit=2&ending_before=${second.data[0]!.file_id}`);
    expect(back.data).toEqual(first.data);
    expect(back.has_more).toBe(false);
    expect((await listOk(a.auth, `?limit=1&ending_before=${second.data[0]!.file_id}`)).has_more).toBe(true);
  });

  it('orders files created in the same millisecond by id, so paging one at a time still sees each once', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) ids.push((await uploadOk(svc, a.auth, csv(i), `t${i}.csv`)).file_id);
    await svc.rt.db
      .update(documents)
      .set({ createdAt: new Date('2026-01-01T00:00:00.000Z') })
      .where(inArray(documents.id, ids));
    const expected = [...ids].sort().reverse();
    expect(await pageThrough(a.auth, 1)).toEqual(expected);
    expect(await pageThrough(a.auth, 3)).toEqual(expected);
    const last = await listOk(a.auth, `?limit=2&ending_before=${expected[3]}`);
    expect(last.data.map((f) => f.file_id)).toEqual(expected.slice(1, 3));
  });

  it('refuses bad paging parameters with invalid_parameter naming them', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const b = await createTestAccount(svc.rt, 'pro');
    const mine = await uploadOk(svc, a.auth, csv(1), 'mine.csv');
    const cases: [string, RegExp][] = [
      ['?limit=0', /'limit'/],
      ['?limit=101', /'limit'/],
      ['?limit=2.5', /'limit'/],
      ['?limit=abc', /'limit'/],
      ['?limit=', /'limit'/],
      ['?limit=1&limit=2', /'limit'/],
      ['?status=ready', /'status'/],
      [`?starting_after=${mine.file_id}&ending_before=${mine.file_id}`, /starting_after/],
      ['?starting_after=file_doesnotexist0000000', /'starting_after'/],
      ['?ending_before=%00', /'ending_before'/],
    ];
    for (const [query, message] of cases) {
      const [status, code, text] = await errorOf(await list(a.auth, query));
      expect([status, code], query).toEqual([400, 'invalid_parameter']);
      expect(text, query).toMatch(message);
    }
    // Another account's file marks no place in this account's list.
    expect((await errorOf(await list(b.auth, `?starting_after=${mine.file_id}`))).slice(0, 2)).toEqual([400, 'invalid_parameter']);
    expect((await listOk(a.auth, '?limit=100')).data).toHaveLength(1);
  });

  it('401 without a key, 403 on a plan without files', async () => {
    expect((await errorOf(await list({}))).slice(0, 2)).toEqual([401, 'unauthorized']);
    const free = await createTestAccount(svc.rt, 'free');
    expect((await errorOf(await list(free.auth))).slice(0, 2)).toEqual([403, 'forbidden']);
  });
});

describe('DELETE /v1/files/{file_id}', () => {
  it('removes the document, its passages, rows, job row and blob; then it is gone from list and chat, and a second delete is 404', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const keep = await uploadOk(svc, a.auth, csv(1), 'keep.csv');
    const gone = await uploadOk(svc, a.auth, csv(2), 'gone.csv');
    const [doc] = await svc.rt.db.select().from(documents).where(eq(documents.id, gone.file_id));
    expect(await svc.rt.store.head(doc!.blobKey)).not.toBeNull();

    const res = await svc.app.request(`/v1/files/${gone.file_id}`, { method: 'DELETE', headers: a.auth });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    const db = svc.rt.db;
    expect(await db.select().from(documents).where(eq(documents.id, gone.file_id))).toEqual([]);
    expect(await db.select().from(documentPassages).where(eq(documentPassages.documentId, gone.file_id))).toEqual([]);
    expect(await db.select().from(documentRows).where(eq(documentRows.documentId, gone.file_id))).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.id, gone.file_id))).toEqual([]);
    expect(await svc.rt.store.head(doc!.blobKey)).toBeNull();
    // The other file is untouched.
    expect((await db.select().from(documentRows).where(eq(documentRows.documentId, keep.file_id))).length).toBe(2);
    expect((await listOk(a.auth)).data).toEqual([listed(keep)]);

    const chat = await svc.app.request('/v1/file/chat', jsonRequest({ file_id: gone.file_id, message: 'How many visitors?' }, a.auth));
    expect((await errorOf(chat)).slice(0, 2)).toEqual([404, 'file_not_found']);
    expect((await errorOf(await svc.app.request(`/v1/jobs/${gone.file_id}`, { headers: a.auth }))).slice(0, 2)).toEqual([404, 'not_found']);
    const again = await svc.app.request(`/v1/files/${gone.file_id}`, { method: 'DELETE', headers: a.auth });
    expect((await errorOf(again)).slice(0, 2)).toEqual([404, 'file_not_found']);
  });

  it('another account’s file is not found and stays; unknown and malformed ids are not found; 401 and 403', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const b = await createTestAccount(svc.rt, 'pro');
    const mine = await uploadOk(svc, a.auth, csv(3), 'mine.csv');
    const del = (id: string, auth: Record<string, string>) => svc.app.request(`/v1/files/${id}`, { method: 'DELETE', headers: auth });
    expect((await errorOf(await del(mine.file_id, b.auth))).slice(0, 2)).toEqual([404, 'file_not_found']);
    expect((await listOk(a.auth)).data).toEqual([listed(mine)]);
    expect((await errorOf(await del('file_unknown000000000000', a.auth))).slice(0, 2)).toEqual([404, 'file_not_found']);
    expect((await errorOf(await del('not-an-id', a.auth))).slice(0, 2)).toEqual([404, 'file_not_found']);
    expect((await errorOf(await del(mine.file_id, {}))).slice(0, 2)).toEqual([401, 'unauthorized']);
    const free = await createTestAccount(svc.rt, 'free');
    expect((await errorOf(await del(mine.file_id, free.auth))).slice(0, 2)).toEqual([403, 'forbidden']);
    expect((await listOk(a.auth)).data).toEqual([listed(mine)]);
  });

  it('two deletes at once: exactly one 204, the other 404', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const f = await uploadOk(svc, a.auth, csv(4), 'race.csv');
    const statuses = await Promise.all([1, 2].map(async () => (await svc.app.request(`/v1/files/${f.file_id}`, { method: 'DELETE', headers: a.auth })).status));
    expect(statuses.sort()).toEqual([204, 404]);
  });
});
