import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCsv, makeDocx, makePdf } from '../support/document-fixtures';
import { createTestAccount, type TestService } from '../support/runtime';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;
let auth: Record<string, string>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService());
  ({ auth } = await createTestAccount(svc.rt, 'pro'));
});
afterAll(() => stopService());

describe('answers read well', () => {
  it('does not glue a heading onto the answer’s first sentence', async () => {
    const id = (
      await uploadOk(
        svc,
        auth,
        await makePdf(
          [
            'Harbor Works annual report.\n\nThis report describes the year of the cooperative.',
            'Membership Grew Strongly During The Spring Season\nThe cooperative admitted 214 new members, most of them fishermen from the northern coast of the bay.',
          ],
          { hardBreaks: true },
        ),
        'report.pdf',
      )
    ).file_id;
    const res = await chat(svc, auth, id, 'How many new members did the cooperative admit?');
    expect(res.answer).toMatch(/^The cooperative admitted 214/);
    expect(res.sources[0]!.page).toBe(2);
  });

  it('does not glue a heading in sentence case onto the answer, in a real PDF and a real .docx (issue 28)', async () => {
    const handbook = [
      'Staff handbook.\n\nThis handbook sets out the terms that apply to every member of staff.',
      'Working hours and leave\nThe standard working week is 37.5 hours. Staff may take 25 days of paid leave a year.\n\n' +
        'Expenses, travel claims and company cars\nClaims are paid within 30 days of receipt.',
    ];
    const pdf = (await uploadOk(svc, auth, await makePdf(handbook, { hardBreaks: true }), 'handbook.pdf')).file_id;
    const docx = (
      await uploadOk(
        svc,
        auth,
        await makeDocx([
          { paragraph: 'This handbook sets out the terms that apply to every member of staff.' },
          { heading: 'Working hours and leave' },
          { paragraph: 'The standard working week is 37.5 hours. Staff may take 25 days of paid leave a year.' },
          // Seven words: longer than a line the reader would take for a heading by its length alone.
          { heading: 'Expenses, travel claims and company cars for staff' },
          { paragraph: 'Claims are paid within 30 days of receipt.' },
        ]),
        'handbook.docx',
      )
    ).file_id;
    for (const id of [pdf, docx]) {
      const week = await chat(svc, auth, id, 'How long is the standard working week?');
      expect(week.answer).toMatch(/^The standard working week is 37\.5 hours\./);
      expect(week.sources[0]!.excerpt).toMatch(/^The standard working week/);
      const claims = await chat(svc, auth, id, 'When are expense claims paid?');
      expect(claims.answer).toMatch(/^Claims are paid within 30 days/);
    }
  });

  it('adds no sentence that is not about the question', async () => {
    const id = (
      await uploadOk(
        svc,
        auth,
        await makePdf([
          'Riverton has 47 parks covering 3,900 acres, and 91 percent of residents live within a ten minute walk of a park.',
          'The January point-in-time count found 612 people experiencing homelessness, 9 percent fewer than a year earlier.',
        ]),
        'city.pdf',
      )
    ).file_id;
    const res = await chat(svc, auth, id, 'How many people live in Riverton?');
    expect(res.answer).toContain('Riverton');
    expect(res.answer).not.toContain('612');
  });

  it('answers a table row with its column names', async () => {
    const docx = await makeDocx([
      { heading: 'Counts' },
      {
        table: [
          ['Species', 'Count', 'Site'],
          ['Kingfisher', '37', 'Lower weir'],
          ['Dipper', '12', 'Mill race'],
        ],
      },
    ]);
    const id = (await uploadOk(svc, auth, docx, 'counts.docx')).file_id;
    const res = await chat(svc, auth, id, 'How many kingfishers were counted?');
    expect(res.answer).toBe('Species: Kingfisher; Count: 37; Site: Lower weir');
  });

  describe('over a CSV with dates (issue 28: a question not computed never pastes rows)', () => {
    // 60 orders, one every few days of 2025: March holds rows 18-27.
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i * 5)).toISOString().slice(0, 10);
    const rows = Array.from({ length: 60 }, (_, i) => [`B${1000 + i}`, day(i), i % 2 ? 'East' : 'West', `${(i * 37) % 500}.25`]);
    const march = rows.filter((r) => String(r[1]).startsWith('2025-03'));
    const marchTotal = march.reduce((s, r) => s + Number(r[3]) * 100, 0) / 100;
    let isoId: string;
    let textId: string;
    beforeAll(async () => {
      isoId = (await uploadOk(svc, auth, makeCsv(['order_id', 'order_date', 'region', 'revenue'], rows), 'dated.csv')).file_id;
      // The same rows with dates the ingestion does not read as dates ("Mar 15 2025"): a text column.
      const spelled = rows.map(([id, d, region, revenue]) => [id!, new Date(`${d}T00:00:00Z`).toUTCString().slice(5, 16), region!, revenue!]);
      textId = (await uploadOk(svc, auth, makeCsv(['order_id', 'order_date', 'region', 'revenue'], spelled), 'spelled.csv')).file_id;
    });

    it('computes the revenue of a month named with its year, citing the month’s rows', async () => {
      const res = await chat(svc, auth, isoId, 'What was the revenue in March 2025?');
      expect(res.answer).toBe(
        `The total revenue where order_date is in March 2025 is ${marchTotal.toLocaleString('en-US', { minimumFractionDigits: 2 })} (over ${march.length} rows).`,
      );
      expect(res.sources[0]!.page).toBe(rows.indexOf(march[0]!) + 1);
      const q1 = rows.filter((r) => String(r[1]) < '2025-04-01').length;
      expect((await chat(svc, auth, isoId, 'How many orders were placed in Q1 2025?')).answer).toBe(`There are ${q1} rows where order_date is in Q1 2025.`);
      expect((await chat(svc, auth, isoId, 'How many orders in 2025-03?')).answer).toBe(`There are ${march.length} rows where order_date is in March 2025.`);
    });

    it('says in one line that it cannot compute, with a small bounded excerpt, when the dates are not a date column', async () => {
      const res = await chat(svc, auth, textId, 'What was the revenue in March 2025?');
      expect(res.answer).toMatch(/^I cannot compute that exactly from this table;/);
      expect(res.answer).not.toContain('\n');
      expect(res.answer).not.toMatch(/order_id: /);
      expect(res.answer.length).toBeLessThan(300);
      expect(res.sources.length).toBeLessThanOrEqual(3);
      for (const s of res.sources) expect(s.excerpt.length).toBeLessThanOrEqual(160);
      expect(JSON.stringify(res).length).toBeLessThan(1500);
    });
  });

  describe('over a CSV', () => {
    const units = [5, 1, 9, 3, 7, 2, 8, 4, 6, 10, 12, 11];
    let id: string;
    beforeAll(async () => {
      const csv = makeCsv(
        ['order_id', 'region', 'units'],
        units.map((u, i) => [`A${i + 1}`, i % 2 ? 'East' : 'West', u]),
      );
      id = (await uploadOk(svc, auth, csv, 'orders.csv')).file_id;
    });

    it('says in one sentence what it cannot compute exactly, instead of dumping rows', async () => {
      const res = await chat(svc, auth, id, 'What is the standard deviation of units?');
      expect(res.answer).not.toContain('\n');
      expect(res.answer).not.toMatch(/\brows? \d/);
      expect(res.answer).toMatch(/cannot compute .*standard deviation/i);
      expect(res.answer.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
    });

    it('still answers a question about one row', async () => {
      const res = await chat(svc, auth, id, 'How many units did order A5 have?');
      expect(res.answer).not.toMatch(/cannot compute/);
      expect(res.answer).toMatch(/\b7\b/);
      expect(res.sources[0]!.page).toBe(5);
    });

    it('computes the median exactly, even count and odd', async () => {
      const sorted = [...units].sort((a, b) => a - b);
      const median = (sorted[5]! + sorted[6]!) / 2;
      expect((await chat(svc, auth, id, 'What is the median units?')).answer).toContain(`is ${median}`);
      const east = units.filter((_, i) => i % 2).sort((a, b) => a - b);
      const eastMedian = (east[2]! + east[3]!) / 2;
      expect((await chat(svc, auth, id, 'What is the median units in the East region?')).answer).toContain(`is ${eastMedian}`);
    });

    it('computes percentiles exactly (linear interpolation between closest ranks)', async () => {
      const sorted = [...units].sort((a, b) => a - b);
      const p = (q: number) => {
        const pos = q * (sorted.length - 1);
        const lo = Math.floor(pos);
        return sorted[lo]! + (pos - lo) * ((sorted[lo + 1] ?? sorted[lo]!) - sorted[lo]!);
      };
      expect((await chat(svc, auth, id, 'What is the 90th percentile of units?')).answer).toContain(`is ${Number(p(0.9).toFixed(2))}`);
      expect((await chat(svc, auth, id, 'What is the 25th percentile of units?')).answer).toContain(`is ${Number(p(0.25).toFixed(2))}`);
    });
  });
});
