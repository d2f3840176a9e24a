import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { type CheckDetails, createPlagiarismIndex, type PlagiarismIndex } from '../../src/plagiarism';
import { EngineThreads } from '../../src/threads/pool';
import { generateText, lightlyEdit, wordSlice } from '../plagiarism/text-gen';

const threads = new EngineThreads(1);
let client: postgres.Sql;
let db: Db;
let index: PlagiarismIndex;
/** URLs unique to this run, texts from seeds no other file uses: the suite's database is shared by every test file. */
const run = randomBytes(4).toString('hex');
const corpus = Array.from({ length: 12 }, (_, i) => ({ url: `https://threads-${run}.test/doc-${i}`, text: generateText(81_000 + i, 600) }));

beforeAll(async () => {
  client = postgres(inject('databaseUrl'), { max: 4, onnotice: () => {} });
  db = drizzle(client, { schema }) as unknown as Db;
  index = await createPlagiarismIndex();
  await index.indexDocuments(db, corpus);
});

afterAll(async () => {
  await threads.close();
  await client?.end({ timeout: 5 });
});

/** Everything but the timings, which differ from run to run. */
const comparable = ({ stats: { ms: _, ...stats }, ...rest }: CheckDetails) => ({ ...rest, stats });

describe('plagiarism checks on engine threads', () => {
  it('give exactly the result of the check in process: score, verdict, every passage and its offsets', async () => {
    // Copied, lightly edited and original prose mixed, long enough to give many passages over several documents.
    const text = [
      wordSlice(corpus[0]!.text, 0, 0.5),
      generateText(82_001, 400),
      lightlyEdit(corpus[3]!.text, 7),
      wordSlice(corpus[7]!.text, 0.3, 0.9),
      generateText(82_002, 300),
      corpus[11]!.text,
    ].join('\n\n');
    const inProcess = await index.checkTextDetailed(db, null, text);
    const threaded = await index.checkTextDetailed(db, null, text, { threads });
    expect(threads.started).toBe(1);
    expect(inProcess.details.length).toBeGreaterThan(3);
    expect(new Set(inProcess.details.map((d) => d.url)).size).toBe(4);
    expect(inProcess.verdict).not.toBe('original');
    expect(comparable(threaded)).toEqual(comparable(inProcess));
    expect(JSON.stringify(comparable(threaded))).toBe(JSON.stringify(comparable(inProcess)));
  });

  it('agree on a text too short to fingerprint and on an original one, and with a stems-only index', async () => {
    for (const text of ['Hello there.', generateText(82_003, 500)]) {
      expect(comparable(await index.checkTextDetailed(db, null, text, { threads }))).toEqual(comparable(await index.checkTextDetailed(db, null, text)));
    }
    const stems = await createPlagiarismIndex({ lexicon: null });
    const text = `${generateText(82_004, 200)} ${corpus[5]!.text}`;
    const inProcess = await stems.checkTextDetailed(db, null, text);
    expect(comparable(await stems.checkTextDetailed(db, null, text, { threads }))).toEqual(comparable(inProcess));
  });
});
