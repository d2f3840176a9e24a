// Plagiarism sources an account owns (issue 29 item 4), through the API with the corpus and text workers.
// Seeds of generated text are 300,000 and up: the shared corpus is shared by every test file of a run
// (check.test.ts uses seeds below 10,000, text/plagiarism.test.ts 100,000 and up).
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billUsage } from '../../src/billing/bill-usage';
import { currentBillingPeriod } from '../../src/billing/period';
import { findJob, insertJob } from '../../src/db/queries/jobs';
import { reserveUsage } from '../../src/db/queries/usage';
import { corpusFingerprints, corpusDocuments, usageLedger, usageReservations } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { indexDocuments } from '../../src/plagiarism';
import { checkPlagiarism } from '../../src/workers/processors/plagiarism-check';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { makeDocx, makePdf, makePng } from '../support/document-fixtures';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { generateText } from './text-gen';

let svc: TestService;
let workers: WorkerSet;

const SHARED_URL = `https://shared.example/${Date.now()}`;
const SHARED = generateText(300_001, 220);

beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['text', 'corpus'] });
  await indexDocuments(svc.rt.db, [{ url: SHARED_URL, text: SHARED }]);
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

type Source = { id: string; object: string; url: string; title: string | null; status: string; error: string | null; word_count: number; size_bytes: number };
type Match = { url: string; source: { id: string; scope: 'account' | 'shared' }; similarity: number };
type Check = { id: string; score: number; matches: Match[] };
type Auth = Record<string, string>;

async function addText(auth: Auth, body: object): Promise<Source> {
  const res = await svc.app.request('/v1/plagiarism/sources', jsonRequest(body, auth));
  const json = await res.json();
  if (res.status !== 201) throw new Error(`add answered ${res.status}: ${JSON.stringify(json)}`);
  expect(res.headers.get('location')).toBe(`/v1/plagiarism/sources/${json.id}`);
  return json;
}

function form(data: Buffer | Uint8Array, filename: string, fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(data)]), filename);
  return f;
}

async function addFile(auth: Auth, data: Buffer | Uint8Array, filename: string, fields: Record<string, string>) {
  return svc.app.request('/v1/plagiarism/sources', { method: 'POST', headers: auth, body: form(data, filename, fields) });
}

async function read(auth: Auth, id: string) {
  return svc.app.request(`/v1/plagiarism/sources/${id}`, { headers: auth });
}

/** Polls GET …/{id} until the source leaves `pending`. */
async function settled(auth: Auth, id: string): Promise<Source> {
  return until(`source ${id} indexed`, async () => {
    const s = (await (await read(auth, id)).json()) as Source;
    return s.status === 'pending' ? null : s;
  });
}

async function check(auth: Auth, text: string, scope?: string): Promise<Check> {
  const res = await svc.app.request('/v1/plagiarism/check', jsonRequest(scope ? { text, scope } : { text }, auth));
  const body = await res.json();
  if (res.status !== 200) throw new Error(`check answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

async function usage(auth: Auth) {
  return (await (await svc.app.request('/v1/usage', { headers: auth })).json()) as {
    usage: Record<string, number>;
    storage: { file_bytes: number };
  };
}

describe('POST /v1/plagiarism/sources', () => {
  it('adds a text source: pending, then ready by the corpus worker; a check matches it as the account’s own; storage counts its bytes', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const text = generateText(300_010, 200);
    const before = await usage(auth);
    const added = await addText(auth, { text, url: 'essay-1', title: 'Essay one' });
    expect(added).toMatchObject({ object: 'plagiarism_source', url: 'essay-1', title: 'Essay one', error: null, size_bytes: Buffer.byteLength(text) });
    expect(added.id).toMatch(/^psrc_[a-z0-9]{20}$/);
    expect(['pending', 'ready']).toContain(added.status);
    const ready = await settled(auth, added.id);
    expect(ready.status).toBe('ready');
    expect(ready.word_count).toBe(text.split(/\s+/).filter(Boolean).length);
    expect((await usage(auth)).storage.file_bytes).toBe(before.storage.file_bytes + Buffer.byteLength(text));

    const result = await check(auth, text);
    expect(result.score).toBeGreaterThanOrEqual(0.9);
    expect(result.matches[0]).toMatchObject({ url: 'essay-1', source: { id: added.id, scope: 'account' } });
  });

  it('adds sources from a PDF, a .docx and plain text uploaded as a file part; an image is refused 415, a missing url 400', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const pdfText = generateText(300_020, 120);
    const docxText = generateText(300_021, 120);
    const plainText = generateText(300_022, 120);
    const pdf = await makePdf([pdfText]);
    const docx = await makeDocx([{ paragraph: docxText }]);
    const made: [string, Buffer | Uint8Array, string, string][] = [
      ['paper.pdf', pdf, 'https://papers.example/a', pdfText],
      ['paper.docx', docx, 'https://papers.example/b', docxText],
      ['notes.txt', Buffer.from(plainText), 'notes', plainText],
    ];
    for (const [name, data, url, text] of made) {
      const res = await addFile(auth, data, name, { url });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ url, size_bytes: data.length });
      expect((await settled(auth, body.id)).status).toBe('ready');
      const result = await check(auth, text, 'account');
      expect(result.matches[0]).toMatchObject({ url, source: { id: body.id, scope: 'account' } });
      expect(result.score).toBeGreaterThan(0.8);
    }

    const png = await addFile(auth, makePng(), 'photo.png', { url: 'photo' });
    expect(png.status).toBe(415);
    expect((await png.json()).error.code).toBe('unsupported_file_type');
    const noUrl = await addFile(auth, Buffer.from(plainText), 'notes.txt', {});
    expect(noUrl.status).toBe(400);
    expect((await noUrl.json()).error.message).toMatch(/url/);
  });

  it('refuses a url the account already uses (409 naming the source), an unknown field and an empty text (400)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const first = await addText(auth, { text: generateText(300_030, 60), url: 'same' });
    const again = await svc.app.request('/v1/plagiarism/sources', jsonRequest({ text: 'other words here', url: 'same' }, auth));
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain(first.id);
    const unknown = await svc.app.request('/v1/plagiarism/sources', jsonRequest({ text: 'x y z', url: 'u', scope: 'all' }, auth));
    expect(unknown.status).toBe(400);
    const empty = await svc.app.request('/v1/plagiarism/sources', jsonRequest({ text: '  ', url: 'u' }, auth));
    expect(empty.status).toBe(400);
  });

  it('an Idempotency-Key replays the first answer for JSON and for a file part: one source, one charge', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const body = { text: generateText(300_035, 80), url: 'idem-json' };
    const keyed = { ...auth, 'Idempotency-Key': `idem-${Date.now()}-json` };
    const first = await svc.app.request('/v1/plagiarism/sources', jsonRequest(body, keyed));
    const second = await svc.app.request('/v1/plagiarism/sources', jsonRequest(body, keyed));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((await second.json()).id).toBe((await first.json()).id);

    const data = Buffer.from(generateText(300_036, 80));
    const fileKeyed = { ...auth, 'Idempotency-Key': `idem-${Date.now()}-file` };
    const send = () => svc.app.request('/v1/plagiarism/sources', { method: 'POST', headers: fileKeyed, body: form(data, 'a.txt', { url: 'idem-file' }) });
    const f1 = await send();
    const f2 = await send();
    expect(f1.status).toBe(201);
    expect(f2.status).toBe(201);
    expect((await f2.json()).id).toBe((await f1.json()).id);
    const list = await (await svc.app.request('/v1/plagiarism/sources', { headers: auth })).json();
    expect(list.data.map((s: Source) => s.url).sort()).toEqual(['idem-file', 'idem-json']);
  });

  it('a source over the storage allowance is refused 413 storage_quota_exceeded and not stored', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    await svc.rt.db.execute(
      `INSERT INTO account_storage (account_id, file_bytes) VALUES ('${accountId}', 104857000) ON CONFLICT (account_id) DO UPDATE SET file_bytes = 104857000`,
    );
    const res = await svc.app.request('/v1/plagiarism/sources', jsonRequest({ text: generateText(300_040, 200), url: 'big' }, auth));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('storage_quota_exceeded');
    const list = await (await svc.app.request('/v1/plagiarism/sources', { headers: auth })).json();
    expect(list.data).toEqual([]);
  });
});

describe('GET /v1/plagiarism/sources', () => {
  it('lists the account’s sources newest first, pages with starting_after / ending_before, filters by status, refuses unknown parameters', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const other = await createTestAccount(svc.rt, 'pro');
    await addText(other.auth, { text: 'another account’s words entirely', url: 'theirs' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addText(auth, { text: `source number ${i} with a few words`, url: `s${i}` })).id);
    const newestFirst = [...ids].reverse();

    const page1 = await (await svc.app.request('/v1/plagiarism/sources?limit=2', { headers: auth })).json();
    expect(page1.object).toBe('list');
    expect(page1.data.map((s: Source) => s.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.has_more).toBe(true);
    const page2 = await (await svc.app.request(`/v1/plagiarism/sources?limit=2&starting_after=${page1.data[1].id}`, { headers: auth })).json();
    expect(page2.data.map((s: Source) => s.id)).toEqual(newestFirst.slice(2, 4));
    const page3 = await (await svc.app.request(`/v1/plagiarism/sources?limit=2&starting_after=${page2.data[1].id}`, { headers: auth })).json();
    expect(page3.data.map((s: Source) => s.id)).toEqual(newestFirst.slice(4));
    expect(page3.has_more).toBe(false);
    const back = await (await svc.app.request(`/v1/plagiarism/sources?limit=2&ending_before=${page3.data[0].id}`, { headers: auth })).json();
    expect(back.data.map((s: Source) => s.id)).toEqual(newestFirst.slice(2, 4));

    for (const id of ids) await settled(auth, id);
    const ready = await (await svc.app.request('/v1/plagiarism/sources?status=ready', { headers: auth })).json();
    expect(ready.data).toHaveLength(5);
    const failed = await (await svc.app.request('/v1/plagiarism/sources?status=failed', { headers: auth })).json();
    expect(failed.data).toEqual([]);

    const unknown = await svc.app.request('/v1/plagiarism/sources?sort=url', { headers: auth });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/unknown query parameter 'sort'/);
    const theirs = await (await svc.app.request('/v1/plagiarism/sources', { headers: other.auth })).json();
    const foreignCursor = await svc.app.request(`/v1/plagiarism/sources?starting_after=${theirs.data[0].id}`, { headers: auth });
    expect(foreignCursor.status).toBe(400);
  });
});

describe('DELETE /v1/plagiarism/sources/{id}', () => {
  it('removes the source, its fingerprints and its storage charge; later checks never match it; a second delete is 404', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const text = generateText(300_050, 150);
    const before = await usage(auth);
    const added = await addText(auth, { text, url: 'to-delete' });
    await settled(auth, added.id);
    expect((await check(auth, text)).matches.map((m) => m.source.id)).toContain(added.id);
    const [row] = await svc.rt.db.select({ key: corpusDocuments.key }).from(corpusDocuments).where(eq(corpusDocuments.id, added.id));
    const key = row!.key;
    expect((await svc.rt.db.select().from(corpusFingerprints).where(eq(corpusFingerprints.docKey, key))).length).toBeGreaterThan(0);

    const del = await svc.app.request(`/v1/plagiarism/sources/${added.id}`, { method: 'DELETE', headers: auth });
    expect(del.status).toBe(204);
    expect(await svc.rt.db.select().from(corpusFingerprints).where(eq(corpusFingerprints.docKey, key))).toEqual([]);
    expect((await read(auth, added.id)).status).toBe(404);
    expect((await usage(auth)).storage.file_bytes).toBe(before.storage.file_bytes);
    const after = await check(auth, text);
    expect(after.matches).toEqual([]);
    expect((await svc.app.request(`/v1/plagiarism/sources/${added.id}`, { method: 'DELETE', headers: auth })).status).toBe(404);
  });
});

describe('checks by scope, and isolation between accounts', () => {
  it('scope account matches only the account’s sources, shared only the shared corpus, all (the default) both; a bad scope is 400', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const own = generateText(300_060, 150);
    const added = await addText(auth, { text: own, url: 'own' });
    await settled(auth, added.id);
    const both = `${own}\n\n${SHARED}`;

    const all = await check(auth, both);
    expect(new Set(all.matches.map((m) => m.source.scope))).toEqual(new Set(['account', 'shared']));
    expect(all.matches.find((m) => m.source.scope === 'shared')!.url).toBe(SHARED_URL);
    expect(all.matches.find((m) => m.source.scope === 'account')!.source.id).toBe(added.id);
    expect((await check(auth, both, 'all')).score).toBe(all.score);
    const account = await check(auth, both, 'account');
    expect(account.matches.length).toBeGreaterThan(0);
    expect(account.matches.every((m) => m.source.scope === 'account' && m.source.id === added.id)).toBe(true);
    const shared = await check(auth, both, 'shared');
    expect(shared.matches.length).toBeGreaterThan(0);
    expect(shared.matches.every((m) => m.source.scope === 'shared' && m.url === SHARED_URL)).toBe(true);

    const bad = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: own, scope: 'everyone' }, auth));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/scope/);
  });

  it('another account’s source is 404 to read and to delete, never listed, and 100 parallel checks from A never match B’s sources', async () => {
    const a = await createTestAccount(svc.rt, 'business');
    const b = await createTestAccount(svc.rt, 'business');
    const bText = generateText(300_070, 150);
    const bSource = await addText(b.auth, { text: bText, url: 'b-private' });
    expect((await settled(b.auth, bSource.id)).status).toBe('ready');
    // B's own check matches it: the source is indexed and matchable.
    expect((await check(b.auth, bText)).matches[0]!.source.id).toBe(bSource.id);

    expect((await read(a.auth, bSource.id)).status).toBe(404);
    expect((await svc.app.request(`/v1/plagiarism/sources/${bSource.id}`, { method: 'DELETE', headers: a.auth })).status).toBe(404);
    expect((await (await svc.app.request('/v1/plagiarism/sources', { headers: a.auth })).json()).data).toEqual([]);

    const scopes = ['all', 'account', 'shared', undefined];
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: bText, ...(scopes[i % 4] ? { scope: scopes[i % 4] } : {}) }, a.auth));
        const body = await res.json();
        if (res.status === 202)
          return until('check done', async () => {
            const job = await (await svc.app.request(`/v1/jobs/${body.id}`, { headers: a.auth })).json();
            return job.status === 'succeeded' ? (job.result as Check) : null;
          });
        expect(res.status).toBe(200);
        return body as Check;
      }),
    );
    expect(results).toHaveLength(100);
    for (const r of results) {
      expect(r.matches.filter((m) => m.source.id === bSource.id || m.url === 'b-private')).toEqual([]);
      expect(r.score).toBeLessThan(0.1);
    }
    // B's source still stands.
    expect((await read(b.auth, bSource.id)).status).toBe(200);
  });
});

describe('metering: plagiarism_checks', () => {
  it('each check bills one plagiarism_checks; at the plan’s quota a check is refused 429 quota_exceeded', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const before = (await usage(auth)).usage.plagiarism_checks;
    expect(before).toBe(0);
    await check(auth, SHARED);
    await check(auth, 'A few words of nothing in particular, written for this test alone.');
    expect((await usage(auth)).usage.plagiarism_checks).toBe(2);

    // The free plan has 100 checks a period: use up the rest.
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, {
        accountId,
        keyId: null,
        product: 'plagiarism',
        metric: 'plagiarism_checks',
        quantity: 98,
        sourceId: `seed_${accountId}`,
        periodKey: currentBillingPeriod().key,
      }),
    );
    svc.rt.usage.forget(accountId);
    const refused = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: SHARED }, auth));
    expect(refused.status).toBe(429);
    const err = (await refused.json()).error;
    expect(err.code).toBe('quota_exceeded');
    expect(err.message).toMatch(/plagiarism checks/);
    expect((await usage(auth)).usage.plagiarism_checks).toBe(100);
  });

  it('a check job run twice at once (a redelivery) bills once and releases its hold once; a later re-run does nothing', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const id = newId('plg');
    await svc.rt.db.transaction(async (tx) => {
      const periodKey = currentBillingPeriod().key;
      expect(await reserveUsage(tx, { accountId, metric: 'plagiarism_checks', quantity: 1, quota: 10_000, sourceId: id, periodKey })).toBeNull();
      await insertJob(tx, { id, accountId, keyId: null, kind: 'plagiarism.check', input: { text: SHARED, scope: 'shared' } });
    });
    const run = () => checkPlagiarism({ rt: svc.rt, job: { attemptsMade: 0, opts: {} } as Job, log: svc.rt.log }, { id });
    await Promise.all([run(), run()]);
    await run();
    const job = await findJob(svc.rt.db, id);
    expect(job!.status).toBe('succeeded');
    expect((job!.result as Check).matches[0]).toMatchObject({ url: SHARED_URL, source: { scope: 'shared' } });
    const lines = await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, id));
    expect(lines.map((l) => [l.metric, l.quantity, l.product])).toEqual([['plagiarism_checks', 1, 'plagiarism']]);
    expect(await svc.rt.db.select().from(usageReservations).where(eq(usageReservations.sourceId, id))).toEqual([]);
    expect((await usage(auth)).usage.plagiarism_checks).toBe(1);
  });
});
