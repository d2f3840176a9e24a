import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherEvidence } from '../../src/documents/answer-question';
import { findAccountDocument } from '../../src/db/queries/documents';
import { createOpenAIEmbedder, EmbeddingsProviderError } from '../../src/engines/embeddings/embedder';
import { embedDocument } from '../../src/documents/embed-document';
import { createPlagiarismIndex } from '../../src/plagiarism';
import { fileEmbedJob } from '../../src/queue/jobs/file-embed';
import { makePdf } from '../support/document-fixtures';
import { FAKE_DIMS, startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings';
import { createTestAccount, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { chat, startFileChatService, uploadOk } from './helpers';

let fake: FakeEmbeddings;
let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeEmbeddings();
  ({ svc, close: stopService } = await startFileChatService({ EMBEDDINGS_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-fake' }, [
    'files',
    'meaning',
    'text',
  ]));
});
afterAll(async () => {
  await stopService?.();
  await fake?.close();
});

const PAGES = [
  'Riverton annual report.\n\nThis report covers the fiscal year that ended in June.',
  'The city is governed by a council of nine members elected by district for four-year terms.',
  'Northwind Outfitters was founded in 1998 in Portland by Margaret and Tom Lindqvist.',
  'The recycling diversion rate reached 41 percent, up from 36 percent the year before.',
];

async function meaningOf(fileId: string) {
  const [row] = await svc.rt.db.execute<{ indexed: boolean; model: string | null }>(sql`
    SELECT meaning_indexed_at IS NOT NULL AS indexed, meaning_model AS model FROM documents WHERE id = ${fileId}`);
  return row!;
}

async function semanticIndex(auth: Record<string, string>, fileId: string): Promise<string | undefined> {
  const res = await svc.app.request('/v1/files', { headers: auth });
  const body = (await res.json()) as { data: { file_id: string; semantic_index: string }[] };
  return body.data.find((f) => f.file_id === fileId)?.semantic_index;
}

async function vectorRows(fileId: string) {
  return svc.rt.db.execute<{ model: string | null; bytes: number }>(sql`
    SELECT sentence_vectors_model AS model, octet_length(sentence_vectors)::int AS bytes FROM document_passages WHERE document_id = ${fileId} ORDER BY ordinal`);
}

describe('EMBEDDINGS_PROVIDER=openai (a strict fake /embeddings)', () => {
  let auth: Record<string, string>;
  let fileId: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    fileId = (await uploadOk(svc, auth, await makePdf(PAGES), 'riverton.pdf')).file_id;
    await until(`vectors of ${fileId}`, async () => (await meaningOf(fileId)).indexed);
  });

  it('embeds every sentence of the document through the provider, stored with the embedder id', async () => {
    expect(svc.rt.embedder.id).toBe('openai:text-embedding-3-small');
    expect(await meaningOf(fileId)).toEqual({ indexed: true, model: 'openai:text-embedding-3-small' });
    const rows = await vectorRows(fileId);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.model).toBe('openai:text-embedding-3-small');
      expect(r.bytes % FAKE_DIMS).toBe(0);
      expect(r.bytes).toBeGreaterThan(0);
    }
    expect(fake.calls.some((c) => c.status === 200 && c.inputs >= PAGES.length)).toBe(true);
    expect(await semanticIndex(auth, fileId)).toBe('ready');
  });

  it('embeds the question at chat time with the same embedder and answers from its page', async () => {
    const before = fake.calls.length;
    const res = await chat(svc, auth, fileId, 'Who founded Northwind Outfitters?');
    expect(res.sources[0]!.page).toBe(3);
    expect(res.answer).toContain('Lindqvist');
    expect(fake.calls.slice(before)).toEqual([{ inputs: 1, status: 200 }]);
  });

  it('a change of embedder answers by words until the background job has re-embedded the document', async () => {
    const first = svc.rt.embedder;
    // As after a restart with OPENAI_EMBEDDINGS_MODEL changed (another id: 64 dimensions).
    const next = createOpenAIEmbedder({ baseUrl: fake.baseUrl, dimensions: 64 });
    svc.rt.embedder = next;
    try {
      expect(await semanticIndex(auth, fileId)).toBe('pending');
      const doc = (await findAccountDocument(
        svc.rt.db,
        (
          await svc.rt.db.execute<{ account_id: string }>(sql`SELECT account_id FROM documents WHERE id = ${fileId}`)
        )[0]!.account_id,
        fileId,
      ))!;
      const calls = fake.calls.length;
      const evidence = await gatherEvidence({ db: svc.rt.db, embedder: next }, doc, 'How many members sit on the council?');
      // No question vector (no call), no sentence similarities: the word path, never the old model's vectors.
      expect(fake.calls.length).toBe(calls);
      expect(evidence.passages[0]!.page).toBe(2);
      expect(evidence.passages.every((p) => p.sentences === undefined)).toBe(true);

      // The stale-work sweep's query finds the document embedded by another model (the database is shared by the
      // whole suite, so only this document's job is queued here, as the sweep would queue it).
      const lost = () =>
        fileEmbedJob.findLost!(svc.rt.db, {
          queuedBefore: new Date(Date.now() + 60_000),
          runningBefore: new Date(Date.now() + 60_000),
          limit: 100_000,
          embedderId: next.id,
        });
      const found = (await lost()).find((l) => l.payload.documentId === fileId);
      expect(found).toBeDefined();
      await svc.rt.queues.enqueue('file.embed', found!.payload, { jobId: `re${found!.jobId}`, account: found!.account });
      await until('re-embedded', async () => {
        const m = await meaningOf(fileId);
        return m.indexed && m.model === next.id;
      });
      const rows = await vectorRows(fileId);
      for (const r of rows) expect(r).toEqual({ model: 'openai:text-embedding-3-small@64', bytes: expect.any(Number) });
      expect(rows.every((r) => r.bytes % 64 === 0 && r.bytes > 0)).toBe(true);
      expect(await semanticIndex(auth, fileId)).toBe('ready');
      const res = await chat(svc, auth, fileId, 'How many members sit on the council?');
      expect(res.sources[0]!.page).toBe(2);
      expect(res.answer).toContain('nine');
      // The sweep's query no longer finds it.
      expect((await lost()).some((l) => l.payload.documentId === fileId)).toBe(false);
    } finally {
      svc.rt.embedder = first;
    }
  });

  it('a re-embed that fails midway continues where it stopped, never mixing models in a ready document', async () => {
    const pages = Array.from(
      { length: 150 },
      (_, i) => `Section ${i + 1} of the ledger records the delivery of ${i + 3} crates of pears to the northern depot.`,
    );
    const longId = (await uploadOk(svc, auth, await makePdf(pages), 'ledger.pdf')).file_id;
    await until(`vectors of ${longId}`, async () => (await meaningOf(longId)).indexed);
    const total = (await vectorRows(longId)).length;
    expect(total).toBeGreaterThan(128);
    const inner = createOpenAIEmbedder({ baseUrl: fake.baseUrl, dimensions: 32 });
    let calls = 0;
    let inputs = 0;
    const flaky = {
      id: inner.id,
      get dimensions() {
        return inner.dimensions;
      },
      async embed(texts: readonly string[]) {
        if (++calls === 2) throw new EmbeddingsProviderError('provider went away', { status: 503 });
        inputs += texts.length;
        return inner.embed(texts);
      },
    };
    await expect(embedDocument({ db: svc.rt.db, log: svc.rt.log, embedder: flaky }, longId)).rejects.toThrow('provider went away');
    const midway = await vectorRows(longId);
    const done = midway.filter((r) => r.model === inner.id).length;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total);
    expect(await meaningOf(longId)).toEqual({ indexed: false, model: inner.id });
    const firstInputs = inputs;
    expect(await embedDocument({ db: svc.rt.db, log: svc.rt.log, embedder: flaky }, longId)).toMatchObject({ status: 'indexed', passages: total - done });
    // Only the passages left were sent again: every sentence went to the provider once in all.
    expect(firstInputs).toBeGreaterThan(0);
    expect(inputs).toBe((await vectorRows(longId)).reduce((n, r) => n + r.bytes / 32, 0));
    expect((await vectorRows(longId)).every((r) => r.model === inner.id)).toBe(true);
    expect(await meaningOf(longId)).toEqual({ indexed: true, model: inner.id });
  });

  it('the plagiarism check pairs sentences by the provider’s vectors', async () => {
    const index = await createPlagiarismIndex();
    const url = `https://embed-${Date.now()}.test/source`;
    const source =
      'The old harbour was rebuilt after the storm of 1952 destroyed most of the wooden piers. ' +
      'Engineers from the capital designed a breakwater of granite blocks quarried in the northern hills. ' +
      'Fishing boats returned within two years, and the market hall opened on the quay in 1956. ' +
      'Tourists now outnumber fishermen on most summer days, and the quay hosts a festival every August.';
    await index.indexDocuments(svc.rt.db, [{ url, text: source }]);
    const submission =
      'The old harbour was rebuilt after the storm of 1952 destroyed most of the wooden piers. ' +
      'A breakwater of granite blocks, quarried in the northern hills, was designed by engineers from the capital. ' +
      'Fishing boats returned within two years, and the market hall opened on the quay in 1956.';
    const calls = fake.calls.length;
    const result = await index.checkText(svc.rt.db, null, submission, { embedder: svc.rt.embedder });
    expect(fake.calls.length).toBeGreaterThan(calls);
    expect(fake.calls.slice(calls).every((c) => c.status === 200)).toBe(true);
    const match = result.matches.find((m) => m.url === url);
    expect(match).toBeDefined();
    expect(result.score).toBeGreaterThan(0.9);
  });
});
