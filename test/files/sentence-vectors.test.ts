import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SENTENCE_DIMS } from '../../src/engines/embeddings/sentence-encoder';
import { stem, contentTokens } from '../../src/engines/filechat/question-terms';
import { embedDocument } from '../../src/documents/embed-document';
import { requeueStaleJobs } from '../../src/workers/processors/requeue-stale';
import { makeCsv, makePdf } from '../support/document-fixtures';
import { createTestAccount, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService({}, ['files', 'meaning', 'text']));
});
afterAll(() => stopService());

const PAGES = [
  'Riverton annual report.\n\nThis report covers the fiscal year that ended in June.',
  'The city is governed by a council of nine members elected by district for four-year terms.',
  'Northwind Outfitters was founded in 1998 in Portland by Margaret and Tom Lindqvist.',
  'The recycling diversion rate reached 41 percent, up from 36 percent the year before.',
];

const stems = (text: string) => new Set(contentTokens(text).map((t) => stem(t.word)));

async function semanticIndex(auth: Record<string, string>, fileId: string): Promise<string | undefined> {
  const res = await svc.app.request('/v1/files', { headers: auth });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { file_id: string; semantic_index: string }[] };
  return body.data.find((f) => f.file_id === fileId)?.semantic_index;
}

/**
 * Waits for the `file.embed` job to mark the document (read from the database: polling the API would meet
 * the plan's rate limit), then answers what the list says of it.
 */
async function semanticIndexSettled(auth: Record<string, string>, fileId: string): Promise<string | undefined> {
  await until(`sentence vectors of ${fileId}`, async () => {
    const rows = await svc.rt.db.execute<{ done: boolean }>(sql`SELECT meaning_indexed_at IS NOT NULL AS done FROM documents WHERE id = ${fileId}`);
    return rows[0]?.done;
  });
  return semanticIndex(auth, fileId);
}

describe('sentence vectors (file.embed) and semantic retrieval', () => {
  let auth: Record<string, string>;
  let fileId: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    fileId = (await uploadOk(svc, auth, await makePdf(PAGES), 'riverton.pdf')).file_id;
  });

  it('encodes every sentence of every passage after the upload, then lists the file as ready', async () => {
    expect(await semanticIndexSettled(auth, fileId)).toBe('ready');
    const rows = await svc.rt.db.execute<{ n: number; whole: number; units: number }>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE octet_length(sentence_vectors) % ${SENTENCE_DIMS} = 0 AND octet_length(sentence_vectors) > 0)::int AS whole,
             coalesce(sum(octet_length(sentence_vectors) / ${SENTENCE_DIMS}), 0)::int AS units
      FROM document_passages WHERE document_id = ${fileId}`);
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(rows[0]!.whole).toBe(rows[0]!.n);
    expect(rows[0]!.units).toBeGreaterThanOrEqual(PAGES.length);
  });

  it.each([
    ['How many legislators sit on the local assembly?', 2, 'nine'],
    ['How much rubbish is kept out of landfill?', 4, '41 percent'],
  ])('answers "%s", which shares no word with its sentence, from page %i', async (question, page, fact) => {
    expect(await semanticIndexSettled(auth, fileId)).toBe('ready');
    expect([...stems(question)].filter((s) => stems(PAGES[page - 1]!).has(s))).toEqual([]);
    const res = await chat(svc, auth, fileId, question);
    expect(res.sources[0]!.page).toBe(page);
    expect(res.answer).toContain(fact);
  });

  it('running the job again changes nothing, and a deleted file is skipped', async () => {
    const before = await svc.rt.db.execute<{ v: string }>(sql`
      SELECT string_agg(md5(sentence_vectors), ',' ORDER BY ordinal) AS v FROM document_passages WHERE document_id = ${fileId}`);
    expect(await embedDocument({ db: svc.rt.db, log: svc.rt.log }, fileId)).toEqual({ status: 'skipped', reason: 'done' });
    const after = await svc.rt.db.execute<{ v: string }>(sql`
      SELECT string_agg(md5(sentence_vectors), ',' ORDER BY ordinal) AS v FROM document_passages WHERE document_id = ${fileId}`);
    expect(after[0]!.v).toBe(before[0]!.v);
    expect(await embedDocument({ db: svc.rt.db, log: svc.rt.log }, 'file_doesnotexist')).toEqual({ status: 'skipped', reason: 'gone' });
  });

  it('a document whose file.embed job was lost is queued again by the sweeper and gets its vectors', async () => {
    expect(await semanticIndexSettled(auth, fileId)).toBe('ready');
    // As if Redis had lost the job after the upload's commit: no vectors, not indexed, no job.
    await svc.rt.db.execute(sql`UPDATE document_passages SET sentence_vectors = NULL WHERE document_id = ${fileId}`);
    await svc.rt.db.execute(sql`UPDATE documents SET meaning_indexed_at = NULL, created_at = now() - interval '1 minute' WHERE id = ${fileId}`);
    await svc.rt.queues.get('meaning').remove(`embed-${fileId}`);
    expect(await semanticIndex(auth, fileId)).toBe('pending');
    await requeueStaleJobs({ rt: svc.rt, job: {} as never, log: svc.rt.log });
    expect(await semanticIndexSettled(auth, fileId)).toBe('ready');
    const rows = await svc.rt.db.execute<{ missing: number }>(sql`
      SELECT count(*) FILTER (WHERE sentence_vectors IS NULL)::int AS missing FROM document_passages WHERE document_id = ${fileId}`);
    expect(rows[0]!.missing).toBe(0);
  });

  it('a CSV table is listed with no semantic index', async () => {
    const csv = (await uploadOk(svc, auth, makeCsv(['city', 'people'], [['Riverton', '148300']]), 'cities.csv')).file_id;
    expect(await semanticIndex(auth, csv)).toBe('none');
  });
});
