import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { makeCsv, makePdf } from '../support/document-fixtures';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { uploadOk, uploadTmpDir } from './helpers';

let svc: TestService;
let workers: WorkerSet;

beforeAll(async () => {
  svc = await startTestService({ UPLOAD_TMP_DIR: uploadTmpDir() });
  // No `meaning` worker yet: an uploaded document's semantic index stays pending until the test starts one.
  workers = await startWorkers(svc.rt, { queues: ['files'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

const PAGES = [
  'Lakeside District yearly review.\n\nThis review covers the twelve months to June.',
  'The harbour welcomed 310 cargo ships, and the ferry line carried 1.2 million passengers.',
  'The police force now counts 212 officers after a recruitment drive in the spring.',
];

const read = (auth: Record<string, string>, id: string) => svc.app.request(`/v1/files/${id}`, { headers: auth });
const readOk = async (auth: Record<string, string>, id: string) => {
  const res = await read(auth, id);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const errorOf = async (res: Response) => {
  const body = await res.json();
  return [res.status, body.error?.code, body.error?.message] as const;
};

describe('GET /v1/files/{file_id}', () => {
  it('answers the file as the list shows it; a document’s semantic_index can be polled from pending to ready', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const table = await uploadOk(svc, a.auth, makeCsv(['city', 'visitors'], [['Townsend', 4]]), 'visits.csv');
    expect(await readOk(a.auth, table.file_id)).toEqual({ ...table, semantic_index: 'none' });

    const doc = await uploadOk(svc, a.auth, await makePdf(PAGES), 'harbour.pdf');
    const listed = (await (await svc.app.request('/v1/files', { headers: a.auth })).json()).data;
    expect(await readOk(a.auth, doc.file_id)).toEqual(listed.find((f: { file_id: string }) => f.file_id === doc.file_id));
    expect(await readOk(a.auth, doc.file_id)).toEqual({ ...doc, semantic_index: 'pending' });

    const meaning = await startWorkers(svc.rt, { queues: ['meaning'] });
    try {
      const ready = await until('the semantic index to be ready', async () => {
        const f = await readOk(a.auth, doc.file_id);
        return f.semantic_index === 'ready' ? f : null;
      });
      expect(ready).toEqual({ ...doc, semantic_index: 'ready' });
    } finally {
      await meaning.close(5_000);
    }
  });

  it('another account’s file, a deleted file, an unknown or malformed id: 404 file_not_found', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const b = await createTestAccount(svc.rt, 'pro');
    const mine = await uploadOk(svc, a.auth, makeCsv(['k', 'v'], [['x', 1]]), 'mine.csv');
    expect((await read(a.auth, mine.file_id)).status).toBe(200);

    expect(await errorOf(await read(b.auth, mine.file_id))).toEqual([404, 'file_not_found', `No file ${mine.file_id} on this account.`]);
    expect(await errorOf(await read(a.auth, 'file_nosuchfile0000000000'))).toEqual([
      404,
      'file_not_found',
      'No file file_nosuchfile0000000000 on this account.',
    ]);
    expect(await errorOf(await read(a.auth, 'not%20an%20id'))).toEqual([404, 'file_not_found', 'No file with that id on this account.']);

    expect((await svc.app.request(`/v1/files/${mine.file_id}`, { method: 'DELETE', headers: a.auth })).status).toBe(204);
    expect((await errorOf(await read(a.auth, mine.file_id)))[0]).toBe(404);
  });

  it('an upload still being parsed is not a file yet: the 404 says to poll its job', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    // The job row an upload answers 202 with, before its ingestion wrote the document.
    const id = `file_parsing${Date.now().toString(36)}`;
    await svc.rt.db.insert(jobs).values({ id, accountId: a.accountId, kind: 'file.ingest', status: 'running', input: {} });
    const [status, code, message] = await errorOf(await read(a.auth, id));
    expect([status, code]).toEqual([404, 'file_not_found']);
    expect(message).toBe(`File ${id} is still being parsed; poll GET /v1/jobs/${id} until it succeeds.`);
  });

  it('is in the OpenAPI document, with the file schema and its 404', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const op = doc.paths['/v1/files/{file_id}'].get;
    expect(op.tags).toEqual(['Files']);
    const schema = op.responses['200'].content['application/json'].schema;
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    expect(Object.keys(resolved.properties)).toEqual(expect.arrayContaining(['file_id', 'filename', 'size_bytes', 'created_at', 'semantic_index']));
    expect(op.responses['404']).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('file_id');
  });
});
