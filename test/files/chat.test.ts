import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingPeriodOf } from '../../src/billing/period';
import { documents } from '../../src/db/schema';
import { billUsage } from '../../src/billing/bill-usage';
import { makeCsv, makeDocx, makePdf } from '../support/document-fixtures';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, type TestService } from '../support/runtime';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService());
});
afterAll(() => stopService());

const PDF_PAGES = [
  'Harbor Works annual report.\n\nThis report describes the year of the Harbor Works cooperative and its members.',
  'Membership grew during the spring. The cooperative admitted 214 new members, most of them fishermen from the northern coast.',
  'The new cold storage warehouse opened in October. It holds 900 tonnes of frozen fish and runs on solar power from its roof.',
  'The board elected Marta Quintero as chair. She replaces Jonas Ekberg, who retired after twelve years of service.',
];

const SALES_HEADER = ['order_id', 'region', 'product', 'units', 'unit price', 'date'];
const SALES: (string | number)[][] = [];
const REGIONS = ['North', 'South', 'East', 'West'];
const PRODUCTS = ['Widget', 'Gadget', 'Sprocket'];
for (let i = 1; i <= 60; i++) {
  SALES.push([`A${1000 + i}`, REGIONS[i % 4]!, PRODUCTS[i % 3]!, ((i * 7) % 50) + 1, `${(i % 9) + 10}.25`, `2026-0${(i % 9) + 1}-1${i % 10}`]);
}
const rowsWhere = (pred: (r: (string | number)[]) => boolean) => SALES.map((r, i) => ({ r, n: i + 1 })).filter(({ r }) => pred(r));

describe('POST /v1/file/chat over a PDF', () => {
  let auth: Record<string, string>;
  let fileId: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    fileId = (await uploadOk(svc, auth, await makePdf(PDF_PAGES), 'harbor.pdf')).file_id;
  });

  it('answers with the sentence that answers, citing its page in the document’s own words (spec 2.8)', async () => {
    const res = await chat(svc, auth, fileId, 'How many new members did the cooperative admit?');
    expect(res.id).toMatch(/^chat_[a-z0-9]{20}$/);
    expect(res.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.answer).toContain('214');
    expect(res.sources[0]!.page).toBe(2);
    expect(PDF_PAGES[1]).toContain(res.sources[0]!.excerpt.replace(/…$/, ''));
  });

  it('finds each fact on its own page', async () => {
    expect((await chat(svc, auth, fileId, 'How much frozen fish does the warehouse hold?')).sources[0]!.page).toBe(3);
    const chair = await chat(svc, auth, fileId, 'Who was elected chair of the board?');
    expect(chair.sources[0]!.page).toBe(4);
    expect(chair.answer).toContain('Marta Quintero');
  });

  it('matches a misspelled word through trigram similarity', async () => {
    const res = await chat(svc, auth, fileId, 'When did the warehuose open?');
    expect(res.sources[0]?.page).toBe(3);
    expect(res.answer).toContain('October');
  });

  it('bills one file chat per answer', async () => {
    const before = (await (await svc.app.request('/v1/usage', { headers: auth })).json()).usage.file_chats as number;
    await chat(svc, auth, fileId, 'What powers the warehouse?');
    const after = (await (await svc.app.request('/v1/usage', { headers: auth })).json()).usage.file_chats as number;
    expect(after).toBe(before + 1);
  });
});

describe('a document in another language', () => {
  it('is indexed with its own text search configuration, so inflected forms still match', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const pages = [
      "Le rapport annuel de la coopérative décrit l'année de ses membres et de leurs bateaux dans le port.",
      "Les pêcheurs du nord ont construit un nouvel entrepôt frigorifique pendant l'été, avec les fonds de la région.",
      'Le conseil a élu une nouvelle présidente pour les cinq prochaines années, après un vote de tous les membres.',
    ];
    const fileId = (await uploadOk(svc, auth, await makePdf(pages), 'rapport.pdf')).file_id;
    const [doc] = await svc.rt.db.select().from(documents).where(eq(documents.id, fileId));
    expect(doc!.searchConfig).toBe('french');
    // "entrepôts" and "frigorifiques" only match the page's singular forms through the French stemmer.
    const res = await chat(svc, auth, fileId, 'Qui a construit les entrepôts frigorifiques ?');
    expect(res.sources[0]!.page).toBe(2);
  });
});

describe('POST /v1/file/chat over a .docx with page breaks and a table', () => {
  let auth: Record<string, string>;
  const blocks = [
    { heading: 'Field guide' },
    { paragraph: 'This guide covers the birds of the valley.' },
    { pageBreak: true as const },
    { heading: 'Herons', level: 2 as const },
    { paragraph: 'The grey heron nests in tall alder trees near the lake.' },
    { pageBreak: true as const },
    { heading: 'Counts', level: 2 as const },
    {
      table: [
        ['Species', 'Count'],
        ['Kingfisher', '37'],
        ['Dipper', '12'],
      ],
    },
  ];

  it('cites the page the document records, with or without rendered page breaks', async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    for (const renderedPageBreaks of [false, true]) {
      const fileId = (await uploadOk(svc, auth, await makeDocx(blocks, { renderedPageBreaks }), 'guide.docx')).file_id;
      const heron = await chat(svc, auth, fileId, 'Where does the grey heron nest?');
      expect(heron.sources[0]!.page).toBe(2);
      expect(heron.answer).toContain('alder');
      const kingfisher = await chat(svc, auth, fileId, 'How many kingfishers were counted?');
      expect(kingfisher.sources[0]!.page).toBe(3);
      expect(kingfisher.answer).toContain('37');
    }
  });
});

describe('POST /v1/file/chat over a CSV: exact answers citing rows', () => {
  let auth: Record<string, string>;
  let fileId: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    fileId = (await uploadOk(svc, auth, makeCsv(SALES_HEADER, SALES), 'sales.csv')).file_id;
  });
  const numberIn = (answer: string) => Number((answer.match(/-?\d[\d,]*(\.\d+)?/g) ?? []).map((s) => s.replace(/,/g, ''))[0]);

  it('counts rows, and rows matching a value', async () => {
    expect(numberIn((await chat(svc, auth, fileId, 'How many rows are there?')).answer)).toBe(60);
    const east = await chat(svc, auth, fileId, 'How many orders are from the East region?');
    expect(numberIn(east.answer)).toBe(rowsWhere((r) => r[1] === 'East').length);
  });

  it('counts the distinct values of a text column when that is what is counted', async () => {
    const res = await chat(svc, auth, fileId, 'How many products are there?');
    expect(res.answer).toMatch(/\(3 groups\)/);
    for (const p of PRODUCTS) expect(res.answer).toContain(p);
  });

  it('sums and averages exactly, and cites the row range in the excerpt', async () => {
    const total = SALES.reduce((s, r) => s + Number(r[3]), 0);
    const res = await chat(svc, auth, fileId, 'What is the total units?');
    expect(res.answer.replace(/,/g, '')).toContain(String(total));
    expect(res.sources[0]!.page).toBe(1);
    expect(res.sources[0]!.excerpt).toMatch(/^rows 1-60: /);

    const west = rowsWhere((r) => r[1] === 'West');
    const westTotal = west.reduce((s, { r }) => s + Number(String(r[4])) * 100, 0) / 100;
    const sum = await chat(svc, auth, fileId, 'What is the sum of unit price in the West region?');
    expect(numberIn(sum.answer)).toBeCloseTo(westTotal, 10);
    expect(sum.sources[0]!.page).toBe(west[0]!.n);
    expect(sum.sources[0]!.excerpt).toMatch(new RegExp(`^rows? ${west[0]!.n}[-:]`));
    const avg = await chat(svc, auth, fileId, 'What is the average units?');
    expect(numberIn(avg.answer)).toBeCloseTo(Math.round((total / 60) * 100) / 100, 2);
  });

  it('finds the maximum and minimum with the rows that hold them', async () => {
    const max = Math.max(...SALES.map((r) => Number(r[3])));
    const res = await chat(svc, auth, fileId, 'What is the highest units?');
    expect(numberIn(res.answer)).toBe(max);
    const holder = rowsWhere((r) => Number(r[3]) === max)[0]!;
    expect(res.sources[0]!.page).toBe(holder.n);
    const min = Math.min(...SALES.map((r) => Number(r[3])));
    expect(numberIn((await chat(svc, auth, fileId, 'What is the lowest units?')).answer)).toBe(min);
  });

  it('groups by a column', async () => {
    const res = await chat(svc, auth, fileId, 'total units by region');
    for (const region of REGIONS) {
      const sum = rowsWhere((r) => r[1] === region).reduce((s, { r }) => s + Number(r[3]), 0);
      expect(res.answer).toMatch(new RegExp(`${region}: ${sum.toLocaleString('en-US')}\\b`));
    }
  });

  it('ranks groups by their number, not its text ("10" above "9")', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const csv = makeCsv(
      ['team', 'points'],
      [
        ['Ash', 9],
        ['Birch', 4],
        ['Birch', 6],
        ['Cedar', 3],
      ],
    );
    const id = (await uploadOk(svc, auth, csv, 'teams.csv')).file_id;
    const res = await chat(svc, auth, id, 'Which team has the highest total points?');
    expect(res.answer.indexOf('Birch')).toBeGreaterThanOrEqual(0);
    expect(res.answer.indexOf('Birch')).toBeLessThan(res.answer.indexOf('Ash'));
    expect(res.sources[0]!.page).toBe(2);
  });

  it('filters on a numeric comparison', async () => {
    const expected = rowsWhere((r) => Number(r[3]) > 40).length;
    expect(numberIn((await chat(svc, auth, fileId, 'How many rows have units greater than 40?')).answer)).toBe(expected);
  });
});

describe('POST /v1/file/chat errors', () => {
  it('404 file_not_found for an unknown id and for another account’s file', async () => {
    const a = await createTestAccount(svc.rt, 'pro');
    const b = await createTestAccount(svc.rt, 'pro');
    const fileId = (await uploadOk(svc, a.auth, makeCsv(['x', 'y'], [[1, 2]]), 'a.csv')).file_id;
    for (const [auth, id] of [
      [a.auth, 'file_doesnotexist00000000'],
      [b.auth, fileId],
    ] as const) {
      const res = await svc.app.request('/v1/file/chat', jsonRequest({ file_id: id, message: 'How many rows?' }, auth));
      const body = await res.json();
      expect(res.status).toBe(404);
      expect(body.error.code).toBe('file_not_found');
    }
  });

  it('400 missing_required_field for a missing or blank file_id or message', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    for (const body of [{ message: 'hi' }, { file_id: 'file_x', message: '  ' }, { file_id: 'file_x' }]) {
      const res = await svc.app.request('/v1/file/chat', jsonRequest(body, auth));
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('missing_required_field');
    }
  });

  it('401 without a key, 403 on the free plan, 429 once the file chats are used up', async () => {
    expect((await svc.app.request('/v1/file/chat', jsonRequest({ file_id: 'file_x', message: 'hi' }))).status).toBe(401);
    const free = await createTestAccount(svc.rt, 'free');
    expect((await svc.app.request('/v1/file/chat', jsonRequest({ file_id: 'file_x', message: 'hi' }, free.auth))).status).toBe(403);
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const fileId = (await uploadOk(svc, auth, makeCsv(['x', 'y'], [[1, 2]]), 'a.csv')).file_id;
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, {
        accountId,
        keyId: null,
        product: null,
        metric: 'file_chats',
        quantity: 2_000,
        sourceId: `seed_${accountId}`,
        periodKey: billingPeriodOf(new Date()).key,
      }),
    );
    const res = await svc.app.request('/v1/file/chat', jsonRequest({ file_id: fileId, message: 'How many rows?' }, auth));
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('quota_exceeded');
  });
});

describe('FILE_CHAT_PROVIDER=openai', () => {
  let llm: FakeApi;
  const seen: { body: { messages: { role: string; content: string }[] } }[] = [];
  let other: TestService;
  let stopOther: () => Promise<void>;

  beforeAll(async () => {
    llm = await startFakeApi<(typeof seen)[number]['body']>('/chat/completions', (call, res) => {
      seen.push(call);
      sendJson(res, 200, { choices: [{ message: { content: 'In its own words: 214 people joined.' } }] });
    });
    ({ svc: other, close: stopOther } = await startFileChatService({ FILE_CHAT_PROVIDER: 'openai', OPENAI_BASE_URL: llm.baseUrl }));
  });
  afterAll(async () => {
    await stopOther();
    await llm.close();
  });

  it('words the answer with the model from the retrieved passages only, keeping the engine’s sources', async () => {
    const { auth } = await createTestAccount(other.rt, 'pro');
    const fileId = (await uploadOk(other, auth, await makePdf(PDF_PAGES), 'harbor.pdf')).file_id;
    const res = await chat(other, auth, fileId, 'How many new members did the cooperative admit?');
    expect(res.answer).toBe('In its own words: 214 people joined.');
    expect(res.sources[0]!.page).toBe(2);
    const sent = JSON.stringify(seen.at(-1)!.body.messages);
    expect(sent).toContain('214 new members');
    expect(sent).not.toContain('Marta Quintero');
  });
});
