import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createAccount } from '../../src/db/queries/accounts';
import * as schema from '../../src/db/schema';
import { loadLexicon, type Lexicon } from '../../src/engines/lexicon';
import { createPlagiarismIndex, readableDocument, readableText, type PlagiarismIndex } from '../../src/plagiarism';
import { kgramHashes } from '../../src/engines/plagiarism';
import { generateText, lightlyEdit, wordSlice } from './text-gen';

/** A drizzle handle whose every SQL statement is counted (postgres.js `debug` fires once per statement sent). */
function countingDatabase(url: string) {
  const counter = { statements: [] as string[] };
  const client = postgres(url, { max: 4, onnotice: () => {}, debug: (_conn, query) => counter.statements.push(query) });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, client, counter };
}

let db: Db;
let client: postgres.Sql;
let counter: { statements: string[] };
let index: PlagiarismIndex;
let lexicon: Lexicon;
let accountA: string;
let accountB: string;
/** URLs unique to this run: the suite's database is shared by every test file. */
const run = randomBytes(4).toString('hex');
const url = (name: string) => `https://corpus-${run}.test/${name}`;

/** The public corpus of this file: documents 0..19 generated from seeds 1000..1019. */
const corpus = Array.from({ length: 20 }, (_, i) => ({ url: url(`doc-${i}`), text: generateText(1000 + i, 500) }));

async function statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const before = counter.statements.length;
  const result = await fn();
  return { result, statements: counter.statements.slice(before) };
}

beforeAll(async () => {
  ({ db, client, counter } = countingDatabase(inject('databaseUrl')));
  lexicon = await loadLexicon();
  index = await createPlagiarismIndex();
  accountA = (await createAccount(db, { name: 'plagiarism A', planId: 'free' })).id;
  accountB = (await createAccount(db, { name: 'plagiarism B', planId: 'free' })).id;
  const result = await index.indexDocuments(db, corpus, { batchSize: 8 });
  expect(result).toMatchObject({ documents: 20, inserted: 20, replaced: 0, unchanged: 0 });
});

afterAll(async () => {
  await client?.end({ timeout: 5 });
});

/** Replaces words by a WordNet synonym with the same canonical key (what the text engine's paraphrase mode does). */
function swapSynonyms(text: string): { text: string; swapped: number } {
  let swapped = 0;
  const out = text.replace(/[A-Za-z]+/g, (word) => {
    const lower = word.toLowerCase();
    const key = lexicon.canonicalKey(lower);
    if (key === lower) return word;
    for (const pos of lexicon.partsOfSpeech(lower)) {
      for (const base of lexicon.baseForms(lower, pos)) {
        for (const lemma of lexicon.synsets(base, pos)[0]?.lemmas ?? []) {
          if (lemma !== base && lemma !== lower && /^[a-z]+$/.test(lemma) && lexicon.canonicalKey(lemma) === key) {
            swapped++;
            return lemma;
          }
        }
      }
    }
    return word;
  });
  return { text: out, swapped };
}

describe('checkText against the corpus', () => {
  it('flags a verbatim copy as plagiarised, with the right source and the excerpt in the submitted wording', async () => {
    const text = corpus[3]!.text;
    const res = await index.checkText(db, null, text);
    expect(res.score).toBeGreaterThanOrEqual(0.9);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(corpus[3]!.url);
    expect(res.matches[0]!.similarity).toBeGreaterThanOrEqual(0.9);
    expect(text).toContain(res.matches[0]!.excerpt);
    expect(res.matches[0]!.excerpt.length).toBeGreaterThan(text.length * 0.9);
    expect(Object.keys(res.matches[0]!).sort()).toEqual(['breakdown', 'excerpt', 'similarity', 'source', 'url']);
    expect(new Set(res.matches.map((m) => m.url))).toEqual(new Set([corpus[3]!.url]));
  });

  it('calls half copied and half original mixed', async () => {
    const text = `${wordSlice(corpus[5]!.text, 0, 0.5)}\n\n${wordSlice(generateText(5005, 500), 0, 0.5)}`;
    const res = await index.checkText(db, null, text);
    expect(res.score).toBeGreaterThanOrEqual(0.3);
    expect(res.score).toBeLessThan(0.6);
    expect(res.verdict).toBe('mixed');
    expect(res.matches.map((m) => m.url)).toEqual([corpus[5]!.url]);
  });

  it('calls a text of its own original', async () => {
    const res = await index.checkText(db, null, generateText(777_777, 800));
    expect(res.score).toBeLessThan(0.1);
    expect(res.verdict).toBe('original');
  });

  it('still matches a copy with light edits (changed words, punctuation, case)', async () => {
    const text = lightlyEdit(corpus[7]!.text, 42);
    expect(text).not.toBe(corpus[7]!.text);
    const res = await index.checkText(db, null, text);
    expect(res.score).toBeGreaterThanOrEqual(0.6);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(corpus[7]!.url);
    expect(text).toContain(res.matches[0]!.excerpt);
  });

  it('still matches a paraphrase by synonyms with the same canonical key', async () => {
    const { text, swapped } = swapSynonyms(corpus[9]!.text);
    expect(swapped).toBeGreaterThan(20);
    const res = await index.checkText(db, null, text);
    expect(res.score).toBeGreaterThanOrEqual(0.9);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(corpus[9]!.url);
  });

  it('answers original for a text too short to fingerprint, without touching the database', async () => {
    const { result, statements } = await statementsOf(() => index.checkText(db, null, 'Hello there.'));
    expect(result).toEqual({ score: 0, verdict: 'original', matches: [] });
    expect(statements).toEqual([]);
  });

  it('runs the same small number of statements for a short and a long text', async () => {
    const short = await statementsOf(() => index.checkText(db, null, wordSlice(corpus[1]!.text, 0, 0.2)));
    const long = await statementsOf(() =>
      index.checkText(
        db,
        null,
        corpus
          .slice(0, 10)
          .map((d) => d.text)
          .join('\n\n') + generateText(31337, 3000),
      ),
    );
    expect(short.result.verdict).toBe('plagiarised');
    expect(long.result.matches.length).toBeGreaterThanOrEqual(10);
    expect(short.statements).toHaveLength(2);
    expect(long.statements).toHaveLength(2);
    // ...and one more statement when nothing in the corpus shares a fingerprint: the lookup alone.
    const none = await statementsOf(() => index.checkText(db, null, generateText(4242, 300)));
    expect(none.statements.length).toBeLessThanOrEqual(2);
  });
});

describe('sparse candidates', () => {
  const GLACIER =
    'The research station on the glacier was founded in 1957 by a team of Norwegian geologists. Every summer its scientists ' +
    'drilled deep cores from the ice to measure ancient temperatures. Their records show warm periods, cold winters and the ' +
    'steady retreat of the glacier. When the station closed in 2004 the last director donated the equipment to a university in Bergen.';
  // The same sentences with their words put in another order: many shared words, almost no shared k-gram.
  const REORDERED =
    'In 1957 Norwegian geologists, a team, founded the research station on the glacier. To measure ancient temperatures, ' +
    'the scientists drilled its cores deep from the ice every summer. Cold winters, warm periods and the steady glacier retreat ' +
    'are shown in their records. A university in Bergen received the equipment from the last director when, in 2004, the station closed.';

  it('a source with a single fingerprint hit is still a candidate, and its sentences are paired', async () => {
    const owner = (await createAccount(db, { name: 'plagiarism sparse', planId: 'free' })).id;
    await index.indexDocument(db, { url: url('glacier'), text: GLACIER, accountId: owner });
    const dense = await createPlagiarismIndex({ maxSparseCandidates: 0 });
    const stored = index.prepare({ url: url('glacier'), text: GLACIER }).fingerprints;
    const asked = new Set(kgramHashes(index.normalizer.normalize(REORDERED).keys, index.params.k));
    expect(
      stored.filter((f) => asked.has(f.hash)),
      'this text shares exactly one stored fingerprint with its source',
    ).toHaveLength(1);
    const withoutSparse = await dense.checkTextDetailed(db, owner, REORDERED);
    expect(withoutSparse.matches.filter((m) => m.url === url('glacier'))).toEqual([]);
    const result = await index.checkTextDetailed(db, owner, REORDERED);
    expect(result.matches.map((m) => m.url)).toContain(url('glacier'));
    expect(result.score).toBeGreaterThan(0.9);
    expect(result.matches[0]!.breakdown.identical).toBeGreaterThan(0.8);
  });
});

describe('indexing', () => {
  it('replaces a document when its URL is indexed again: one document, the new text', async () => {
    const u = url('replaced');
    const first = generateText(2001, 300);
    const second = generateText(2002, 300);
    const a = await index.indexDocument(db, { url: u, text: first, title: 'First' });
    expect(a.status).toBe('inserted');
    const b = await index.indexDocument(db, { url: u, text: second, title: 'Second' });
    expect(b).toMatchObject({ status: 'replaced', id: a.id });
    const docs = (await index.listDocuments(db, { limit: 10_000 })).filter((d) => d.url === u);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ id: a.id, title: 'Second' });
    expect((await index.getDocument(db, { url: u }))!.text).toBe(second);
    expect((await index.checkText(db, null, first)).verdict).toBe('original');
    const res = await index.checkText(db, null, second);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(u);
  });

  it('is idempotent: the same text again changes nothing', async () => {
    const u = url('same');
    const text = generateText(2003, 200);
    const a = await index.indexDocument(db, { url: u, text });
    const b = await index.indexDocument(db, { url: u, text });
    expect(b).toMatchObject({ status: 'unchanged', id: a.id });
    const bulk = await index.indexDocuments(db, [{ url: u, text }]);
    expect(bulk).toMatchObject({ documents: 1, unchanged: 1, inserted: 0, replaced: 0 });
  });

  it('writes one indexDocument in one transaction of a few statements', async () => {
    const { result, statements } = await statementsOf(() => index.indexDocument(db, { url: url('tx'), text: generateText(2004, 2000) }));
    expect(result.status).toBe('inserted');
    expect(result.fingerprints).toBeGreaterThan(100);
    expect(statements[0]!.trim().toLowerCase()).toBe('begin');
    expect(statements.at(-1)!.trim().toLowerCase()).toBe('commit');
    expect(statements.length).toBeLessThanOrEqual(6);
  });

  it('bulk-imports in batches with a constant number of statements per batch', async () => {
    const docs = Array.from({ length: 120 }, (_, i) => ({ url: url(`bulk-${i}`), text: generateText(3000 + i, 150) }));
    const { result, statements } = await statementsOf(() => index.indexDocuments(db, docs, { batchSize: 50, vacuum: false }));
    expect(result).toMatchObject({ documents: 120, inserted: 120 });
    // 3 batches × (lookup of existing + begin + upsert + delete + insert + commit)
    expect(statements.length).toBeLessThanOrEqual(3 * 6);
    const res = await index.checkText(db, null, docs[77]!.text);
    expect(res.matches[0]!.url).toBe(docs[77]!.url);
    // Maintenance on request (by default only once enough rows changed, as autovacuum would judge).
    const vacuumed = await index.indexDocuments(db, [{ url: url('vacuumed'), text: generateText(3600, 100) }], { vacuum: true });
    expect(vacuumed.maintenance).toBe('vacuum');
    // Given twice in one import, a URL is one document with the last text.
    const dup = await index.indexDocuments(db, [
      { url: url('dup'), text: generateText(3500, 200) },
      { url: url('dup'), text: generateText(3501, 200) },
    ]);
    expect(dup).toMatchObject({ documents: 1, inserted: 1 });
    expect((await index.getDocument(db, { url: url('dup') }))!.text).toBe(generateText(3501, 200));
  });

  it('removes a document and its fingerprints', async () => {
    const u = url('removed');
    const text = generateText(2005, 300);
    const { id } = await index.indexDocument(db, { url: u, text });
    const key = (await client<{ key: number }[]>`SELECT key FROM corpus_documents WHERE id = ${id}`)[0]!.key;
    expect((await index.checkText(db, null, text)).verdict).toBe('plagiarised');
    expect(await index.removeDocument(db, { url: u })).toBe(true);
    expect(await index.removeDocument(db, { url: u })).toBe(false);
    expect((await index.checkText(db, null, text)).verdict).toBe('original');
    const left = await client<{ n: number }[]>`SELECT count(*)::int AS n FROM corpus_fingerprints WHERE doc_key = ${key}`;
    expect(left[0]!.n).toBe(0);
  });

  it('refuses a document without a URL, in a bulk import before writing anything', async () => {
    await expect(index.indexDocument(db, { url: '  ', text: 'some text here' })).rejects.toThrow(/url/);
    const good = { url: url('before-bad'), text: generateText(2006, 100) };
    await expect(index.indexDocuments(db, [good, { url: '', text: 'x' }])).rejects.toThrow(/url/);
    expect(await index.getDocument(db, { url: good.url })).toBeNull();
  });

  it('stores text without NUL characters (Postgres refuses them)', async () => {
    const text = `${generateText(2007, 100)}\u0000 tail`;
    const r = await index.indexDocument(db, { url: url('nul'), text });
    expect(r.status).toBe('inserted');
    expect((await index.getDocument(db, { url: url('nul') }))!.text).toBe(text.replace('\u0000', ''));
  });
});

describe('schemes', () => {
  it('ignores documents fingerprinted with other parameters until they are re-indexed', async () => {
    const other = await createPlagiarismIndex({ params: { ...index.params, k: 5 } });
    expect(other.scheme).not.toBe(index.scheme);
    const text = generateText(7001, 300);
    await other.indexDocument(db, { url: url('stale'), text });
    expect((await other.checkText(db, null, text)).verdict).toBe('plagiarised');
    expect((await index.checkText(db, null, text)).verdict).toBe('original');
    expect(await index.countStale(db)).toBeGreaterThanOrEqual(1);
    const r = await index.reindexStale(db);
    expect(r.replaced).toBeGreaterThanOrEqual(1);
    expect(await index.countStale(db)).toBe(0);
    const res = await index.checkText(db, null, text);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(url('stale'));
  });
});

describe('private documents', () => {
  const privateText = generateText(6001, 400);
  const privateUrl = url('private-a');

  beforeAll(async () => {
    await index.indexDocument(db, { url: privateUrl, text: privateText, accountId: accountA });
  });

  it('are matched for their own account', async () => {
    const res = await index.checkText(db, accountA, privateText);
    expect(res.verdict).toBe('plagiarised');
    expect(res.matches[0]!.url).toBe(privateUrl);
  });

  it('are never matched for another account or the public corpus', async () => {
    for (const who of [accountB, null]) {
      const res = await index.checkText(db, who, privateText);
      expect(res).toEqual({ score: 0, verdict: 'original', matches: [] });
    }
    // Not even as part of a text that also copies a public document.
    const mixed = await index.checkText(db, accountB, `${corpus[2]!.text}\n\n${privateText}`);
    expect(mixed.matches.map((m) => m.url)).not.toContain(privateUrl);
    expect(new Set(mixed.matches.map((m) => m.url))).toEqual(new Set([corpus[2]!.url]));
  });

  it('the same URL is separate per account and in the public corpus', async () => {
    const otherText = generateText(6002, 300);
    const b = await index.indexDocument(db, { url: privateUrl, text: otherText, accountId: accountB });
    expect(b.status).toBe('inserted');
    expect((await index.checkText(db, accountA, privateText)).matches[0]!.url).toBe(privateUrl);
    expect((await index.checkText(db, accountA, otherText)).verdict).toBe('original');
    expect((await index.checkText(db, accountB, otherText)).verdict).toBe('plagiarised');
    expect((await index.listDocuments(db, { accountId: accountA })).map((d) => d.url)).toEqual([privateUrl]);
    expect(await index.countDocuments(db, accountB)).toBe(1);
    // Removing from one scope leaves the others alone.
    expect(await index.removeDocument(db, { url: privateUrl, accountId: accountB })).toBe(true);
    expect(await index.removeDocument(db, { url: privateUrl })).toBe(false);
    expect((await index.checkText(db, accountA, privateText)).verdict).toBe('plagiarised');
  });

  it('go when their account is deleted', async () => {
    const c = (await createAccount(db, { name: 'plagiarism C', planId: 'free' })).id;
    const text = generateText(6003, 300);
    await index.indexDocument(db, { url: url('private-c'), text, accountId: c });
    await client`DELETE FROM accounts WHERE id = ${c}`;
    expect(await index.countDocuments(db, c)).toBe(0);
  });
});

describe('readableText', () => {
  it('keeps the readable text of a page and drops navigation, scripts, styles and images', () => {
    const html = `<!doctype html><html><head><title> The  Page </title><style>body{color:red}</style><script>var x = "hidden";</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <h1>Rivers of the North</h1><p>The <a href="https://example.com/r">great river</a> flows <b>north</b>.</p>
      <img src="x.png" alt="a picture"><p>Second&nbsp;paragraph.</p><script>track()</script></body></html>`;
    const text = readableText(html);
    expect(text).toContain('Rivers of the North');
    expect(text).toContain('The great river flows north.');
    expect(text).toContain('Second paragraph.');
    for (const hidden of ['Home', 'About us', 'hidden', 'color', 'picture', 'track', 'example.com', 'x.png']) expect(text).not.toContain(hidden);
    expect(readableDocument(html).title).toBe('The Page');
  });
});
