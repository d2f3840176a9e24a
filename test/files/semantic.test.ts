import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIMS } from '../../src/engines/embeddings';
import { stem, contentTokens } from '../../src/engines/filechat/question-terms';
import { makePdf } from '../support/document-fixtures';
import { createTestAccount, type TestService } from '../support/runtime';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService());
});
afterAll(() => stopService());

const PAGES = [
  'Lakeside District yearly review.\n\nThis review covers the twelve months to June.',
  'The harbour welcomed 310 cargo ships, and the ferry line carried 1.2 million passengers.',
  'The police force now counts 212 officers after a recruitment drive in the spring.',
  'Volunteers planted 3,000 oak and maple saplings along the river banks.',
];

const stems = (text: string) => new Set(contentTokens(text).map((t) => stem(t.word)));

describe('POST /v1/file/chat finds a page worded unlike the question', () => {
  let auth: Record<string, string>;
  let fileId: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    fileId = (await uploadOk(svc, auth, await makePdf(PAGES), 'lakeside.pdf')).file_id;
  });

  it('stores a vector with every passage', async () => {
    const rows = await svc.rt.db.execute<{ n: number; sized: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE octet_length(embedding) = ${DIMS})::int AS sized FROM document_passages WHERE document_id = ${fileId}`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(rows[0]!.sized).toBe(rows[0]!.n);
  });

  it.each([
    ['How many cops patrol the streets?', 3, '212'],
    ['How many vessels docked?', 2, '310'],
  ])('answers "%s", which shares no content word with the page, from page %i', async (question, page, fact) => {
    const shared = [...stems(question)].filter((s) => stems(PAGES[page - 1]!).has(s));
    expect(shared).toEqual([]);
    const res = await chat(svc, auth, fileId, question);
    expect(res.sources[0]!.page).toBe(page);
    expect(res.answer).toContain(fact);
  });

  it('still answers by the question’s own words first', async () => {
    const res = await chat(svc, auth, fileId, 'How many passengers did the ferry line carry?');
    expect(res.sources[0]!.page).toBe(2);
    expect(res.answer).toContain('1.2 million');
  });
});
