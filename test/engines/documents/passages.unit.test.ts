import { describe, expect, it } from 'vitest';
import { blockPassages, CSV_ROWS_PER_PASSAGE, PASSAGE_MAX_CHARS, pagePassages, rowPassages, type DocxBlock } from '../../../src/engines/documents';

/** Distinct, numbered sentences so a split in the middle of one shows. */
const sentence = (n: number) => `Sentence number ${n} talks about the harvest in the valley and ends here.`;
const sentences = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

/** Whether every passage is made of whole sentences. */
function wholeSentences(contents: string[]): boolean {
  return contents.every((c) => /^Sentence number \d+ .*ends here\.$/s.test(c) && !/ends here\.\S/.test(c));
}

describe('pagePassages', () => {
  it("keeps short paragraphs together and a page's passages on its page", () => {
    const passages = pagePassages({ page: 7, text: 'Title\nFirst paragraph.\nSecond paragraph.' });
    expect(passages).toEqual([{ page: 7, content: 'Title\nFirst paragraph.\nSecond paragraph.' }]);
    expect(pagePassages({ page: 2, text: '' })).toEqual([]);
  });

  it('splits at paragraph boundaries first, then sentences, within the cap', () => {
    const paragraphs = [sentences(1, 6), sentences(7, 6), sentences(13, 30)];
    const passages = pagePassages({ page: 3, text: paragraphs.join('\n') });
    for (const p of passages) {
      expect(p.page).toBe(3);
      expect(p.content.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    }
    expect(wholeSentences(passages.map((p) => p.content.replace(/\n/g, ' ')))).toBe(true);
    // The two short paragraphs do not fit together, so each is a passage of its own.
    expect(passages[0]?.content).toBe(paragraphs[0]);
    expect(passages[1]?.content).toBe(paragraphs[1]);
    // Nothing lost, nothing repeated.
    expect(
      passages
        .map((p) => p.content)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe(paragraphs.join(' '));
  });

  it('cuts a sentence longer than the cap at word boundaries', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
    const passages = pagePassages({ page: 1, text: `${words.join(' ')}.` });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(passages.map((p) => p.content).join(' ')).toBe(`${words.join(' ')}.`);
  });
});

describe('blockPassages', () => {
  const blocks: DocxBlock[] = [
    { kind: 'paragraph', text: 'Preface text.', page: 1 },
    { kind: 'heading', level: 1, text: 'Methods', page: 1 },
    { kind: 'paragraph', text: 'We measured rainfall.', page: 1 },
    { kind: 'paragraph', text: 'And soil moisture.', page: 1 },
    { kind: 'paragraph', text: 'Continued on the next page.', page: 2 },
    { kind: 'heading', level: 2, text: 'Results', page: 2 },
    { kind: 'table', text: 'Site | Rain\nA | 10\nB | 12', page: 2 },
  ];

  it('merges blocks under one heading on one page and carries the nearest heading', () => {
    expect(blockPassages(blocks)).toEqual([
      { page: 1, content: 'Preface text.' },
      { page: 1, heading: 'Methods', content: 'Methods\nWe measured rainfall.\nAnd soil moisture.' },
      { page: 2, heading: 'Methods', content: 'Continued on the next page.' },
      { page: 2, heading: 'Results', content: 'Results\nSite | Rain\nA | 10\nB | 12' },
    ]);
  });

  it('never crosses pages, respects the cap and never splits a table row', () => {
    const row = (i: number) => `row ${i} | ${'x'.repeat(60)} | ${i * 3}`;
    const table = Array.from({ length: 40 }, (_, i) => row(i)).join('\n');
    const long: DocxBlock[] = [
      { kind: 'heading', level: 1, text: 'Data', page: 1 },
      { kind: 'paragraph', text: sentences(1, 20), page: 1 },
      { kind: 'table', text: table, page: 1 },
      { kind: 'paragraph', text: sentences(100, 3), page: 2 },
    ];
    const passages = blockPassages(long);
    for (const p of passages) {
      expect(p.content.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
      expect(p.heading).toBe('Data');
    }
    const rows = passages.flatMap((p) => p.content.split('\n')).filter((l) => l.startsWith('row '));
    expect(rows).toEqual(table.split('\n'));
    expect(passages.filter((p) => p.page === 2).map((p) => p.content)).toEqual([sentences(100, 3)]);
    expect(passages.filter((p) => p.content.includes('Sentence number 100'))).toHaveLength(1);
  });

  it('splits a table row longer than the cap like a paragraph rather than making a huge passage', () => {
    const huge = `cell | ${sentences(1, 30)}`;
    const passages = blockPassages([{ kind: 'table', text: huge, page: 4 }]);
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
  });
});

describe('rowPassages', () => {
  const header = ['id', 'name', 'note'];
  const rows = (first: number, count: number) => Array.from({ length: count }, (_, i) => [String(first + i), `item ${first + i}`, i % 2 ? '' : 'even']);

  it('makes one passage per aligned block of 20 rows', () => {
    const passages = rowPassages(header, rows(41, 45), 41);
    expect(passages.map((p) => [p.page, p.rowEnd])).toEqual([
      [41, 60],
      [61, 80],
      [81, 85],
    ]);
    const lines = passages[0]?.content.split('\n') ?? [];
    expect(lines).toHaveLength(CSV_ROWS_PER_PASSAGE);
    expect(lines[0]).toBe('id: 41, name: item 41, note: even');
    expect(lines[1]).toBe('id: 42, name: item 42');
  });

  it("puts a multi-line cell on its row's line and skips rows with no values", () => {
    const passages = rowPassages(
      ['a', 'b'],
      [
        ['x', 'two\nlines'],
        ['', ''],
        ['y', ''],
      ],
      1,
    );
    expect(passages).toEqual([{ page: 1, rowEnd: 3, content: 'a: x, b: two lines\n\na: y' }]);
    expect(rowPassages(['a'], [[''], ['']], 21)).toEqual([]);
  });

  it('insists on batches aligned to 20 rows', () => {
    expect(() => rowPassages(header, rows(5, 3), 5)).toThrow(RangeError);
    expect(() => rowPassages(header, rows(1, 3), 0)).toThrow(RangeError);
  });
});
