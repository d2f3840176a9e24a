import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPassages, documentRows, documents, jobs } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { makeCorruptPdf, makeCsv, makeDocx, makeEncryptedPdf, makePdf, makePng, makeWindowsExe, makeZeroPagePdf } from '../support/document-fixtures';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { filesUnder, upload, uploadForm, uploadOk, uploadTmpDir } from './helpers';

let svc: TestService;
let workers: WorkerSet;
const stagingDir = uploadTmpDir();

beforeAll(async () => {
  svc = await startTestService({ UPLOAD_TMP_DIR: stagingDir });
  workers = await startWorkers(svc.rt, { queues: ['files'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return body;
}

/** Nothing of a refused upload may remain: no document, no passages or rows, no blob, no staged file. */
async function expectNothingStored(accountId: string) {
  expect(await svc.rt.db.select().from(documents).where(eq(documents.accountId, accountId))).toEqual([]);
  expect(await svc.rt.db.select().from(documentPassages).where(eq(documentPassages.accountId, accountId))).toEqual([]);
  expect(await svc.rt.db.select().from(documentRows).where(eq(documentRows.accountId, accountId))).toEqual([]);
  expect(filesUnder(`${svc.rt.config.STORAGE_DIR}/documents/${accountId}`)).toEqual([]);
  expect(filesUnder(stagingDir)).toEqual([]);
}

describe('POST /v1/file/upload', () => {
  it('201 for a PDF, with the spec 2.7 fields; its passages keep their pages and the original is stored', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const pdf = await makePdf(['Alpha page talks about granite.', 'Beta page talks about basalt.', 'Gamma page talks about marble.']);
    const file = await uploadOk(svc, auth, pdf, 'rocks.pdf');
    expect(file.file_id).toMatch(/^file_[a-z0-9]{20}$/);
    expect(file.filename).toBe('rocks.pdf');
    expect(file.size_bytes).toBe(pdf.length);
    expect(file.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [doc] = await svc.rt.db.select().from(documents).where(eq(documents.id, file.file_id));
    expect(doc).toMatchObject({ accountId, kind: 'pdf', pageCount: 3, sizeBytes: pdf.length });
    const passages = await svc.rt.db.select().from(documentPassages).where(eq(documentPassages.documentId, file.file_id));
    expect(passages.map((p) => p.page).sort()).toEqual([1, 2, 3]);
    expect(passages.find((p) => p.page === 2)?.content).toContain('basalt');
    const blob = await svc.rt.store.head(doc!.blobKey);
    expect(blob).toMatchObject({ size: pdf.length, contentType: 'application/pdf' });
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('201 for a .docx and a CSV, typed by content whatever their names say', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const docx = await makeDocx([{ heading: 'Report' }, { paragraph: 'The first page.' }, { pageBreak: true }, { paragraph: 'The second page.' }]);
    const csv = makeCsv(
      ['city', 'population'],
      [
        ['Lyon', 522000],
        ['Nice', 342000],
      ],
    );
    const d = await uploadOk(svc, auth, docx, 'report.bin');
    const c = await uploadOk(svc, auth, csv, 'cities.txt');
    const kinds = await svc.rt.db
      .select({ id: documents.id, kind: documents.kind, pages: documents.pageCount })
      .from(documents)
      .where(eq(documents.accountId, (await svc.rt.db.select().from(documents).where(eq(documents.id, d.file_id)))[0]!.accountId));
    expect(kinds.find((k) => k.id === d.file_id)).toMatchObject({ kind: 'docx', pages: 2 });
    expect(kinds.find((k) => k.id === c.file_id)).toMatchObject({ kind: 'csv', pages: 2 });
  });

  it('a filename is kept as sent, minus any directory part', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const csv = makeCsv(['a', 'b'], [[1, 2]]);
    expect((await uploadOk(svc, auth, csv, 'C:\\Users\\me\\Données 2026.csv')).filename).toBe('Données 2026.csv');
  });

  it('415 unsupported_file_type for an executable renamed .pdf, a PNG and plain prose, with nothing stored', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    await expectError(await upload(svc, auth, makeWindowsExe(), 'invoice.pdf'), 415, 'unsupported_file_type', /executable/i);
    await expectError(await upload(svc, auth, makePng(), 'scan.pdf'), 415, 'unsupported_file_type', /PNG/);
    await expectError(
      await upload(svc, auth, Buffer.from('Just a note to myself about nothing in particular.\n'), 'notes.csv'),
      415,
      'unsupported_file_type',
      /not a CSV/,
    );
    const unicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id\tname\n1\tAnn\n2\tBob\n', 'utf16le')]);
    await expectError(await upload(svc, auth, unicodeText, 'export.csv'), 415, 'unsupported_file_type', /UTF-16 text file .*save it as UTF-8/);
    await expectNothingStored(accountId);
    expect(
      await svc.rt.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.accountId, accountId))),
    ).toEqual([]);
  });

  it('422 invalid_file for a corrupt PDF, with nothing left behind (and the job answers the same 422)', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const body = await expectError(await upload(svc, auth, makeCorruptPdf(), 'broken.pdf'), 422, 'invalid_file', /broken\.pdf.*PDF/);
    expect(body.error.message).not.toMatch(/at .*\.ts:\d+/);
    await expectNothingStored(accountId);
    const [job] = await svc.rt.db.select().from(jobs).where(eq(jobs.accountId, accountId));
    const polled = await svc.app.request(`/v1/jobs/${job!.id}`, { headers: auth });
    expect(polled.status).toBe(422);
  });

  it('422 for a .docx whose zip is broken and for a CSV with an unbalanced quote', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const docx = await makeDocx([{ paragraph: 'Hello there.' }]);
    await expectError(await upload(svc, auth, docx.subarray(0, Math.floor(docx.length * 0.6)), 'cut.docx'), 422, 'invalid_file');
    await expectError(await upload(svc, auth, Buffer.from('name,quote\nann,"never closed\nbob,fine\n'), 'q.csv'), 422, 'invalid_file', /line/);
    await expectNothingStored(accountId);
  });

  it('says why a PDF cannot be used: no text layer, encrypted, no pages; and names an empty file', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    await expectError(
      await upload(svc, auth, await makePdf(['']), 'blank.pdf'),
      422,
      'invalid_file',
      /'blank\.pdf'.*no text layer.*text recognition found no words/,
    );
    await expectError(await upload(svc, auth, await makeEncryptedPdf(), 'locked.pdf'), 422, 'invalid_file', /'locked\.pdf'.*(encrypt|password)/i);
    await expectError(await upload(svc, auth, makeZeroPagePdf(), 'none.pdf'), 422, 'invalid_file', /'none\.pdf'.*(no pages|0 pages|has no text)/i);
    await expectError(await upload(svc, auth, Buffer.alloc(0), 'empty.csv'), 415, 'unsupported_file_type', /'empty\.csv' is an empty file/);
    await expectNothingStored(accountId);
  });

  it('400 missing_required_field without a `file` part; 400 invalid_parameter for a body that is not multipart', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const wrongField = uploadForm(makeCsv(['a', 'b'], [[1, 2]]), 'x.csv', 'document');
    await expectError(await svc.app.request('/v1/file/upload', { method: 'POST', headers: auth, body: wrongField }), 400, 'missing_required_field', /'file'/);
    const empty = new FormData();
    empty.append('note', 'no file here');
    await expectError(await svc.app.request('/v1/file/upload', { method: 'POST', headers: auth, body: empty }), 400, 'missing_required_field');
    await expectError(
      await svc.app.request('/v1/file/upload', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"file":"x"}' }),
      400,
      'invalid_parameter',
      /multipart\/form-data/,
    );
  });

  it('401 without a key, 403 on the free plan', async () => {
    const csv = makeCsv(['a', 'b'], [[1, 2]]);
    await expectError(await svc.app.request('/v1/file/upload', { method: 'POST', body: uploadForm(csv, 'a.csv') }), 401, 'unauthorized');
    const free = await createTestAccount(svc.rt, 'free');
    await expectError(await upload(svc, free.auth, csv, 'a.csv'), 403, 'forbidden', /files/);
  });
});

describe('POST /v1/file/upload over a real HTTP connection', () => {
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const addr = server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('413 file_too_large for 20 MB + 1 byte, counted on the bytes received (no Content-Length to trust), with nothing stored', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    // A CSV-looking file, so a type check could not be what refuses it.
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a,b\n');
    const form = uploadForm(big, 'big.csv');
    // Streamed with chunked encoding: the server only learns the size by counting.
    const encoded = new Response(form);
    const res = await fetch(`${base}/v1/file/upload`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'file_too_large', /20 MB/);
    await expectNothingStored(accountId);
  });

  it('a small upload over HTTP answers 201', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const pdf = await makePdf(['A page about the river Loire.']);
    const res = await fetch(`${base}/v1/file/upload`, { method: 'POST', headers: auth, body: uploadForm(pdf, 'loire.pdf') });
    expect(res.status).toBe(201);
  });
});
