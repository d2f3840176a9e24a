import { describe, expect, it } from 'vitest';
import { answerFromCsvResult, type CsvPlan, type CsvResult, type CsvRowRef, type CsvTable } from '../../../src/engines/filechat';

const TABLE: CsvTable = {
  header: ['region', 'product', 'units', 'revenue', 'date'],
  rowCount: 120,
  columns: [
    { name: 'region', type: 'text', values: ['East', 'West', 'North'] },
    { name: 'product', type: 'text', values: ['Widget', 'Gadget'] },
    { name: 'units', type: 'integer' },
    { name: 'revenue', type: 'number' },
    { name: 'date', type: 'date' },
  ],
};

const REGION = 0;
const UNITS = 2;
const REVENUE = 3;
const DATE = 4;

function row(n: number, region = 'East', product = 'Widget', units = '10', revenue = '100.00', date = '2023-01-05'): CsvRowRef {
  return { rowNumber: n, cells: [region, product, units, revenue, date] };
}

const range = (from: number, to: number): CsvRowRef[] => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));
const EAST = { column: REGION, op: 'eq', value: 'East' } as const;

describe('answerFromCsvResult: aggregates', () => {
  it('states a sum with every digit of the result, grouping only the whole part, and cites row ranges', () => {
    const plan: CsvPlan = { aggregate: 'sum', column: REVENUE, filters: [EAST] };
    const result: CsvResult = { kind: 'aggregate', value: '1234567.50', matched: 17, rows: [...range(41, 50), ...range(52, 58)] };
    const answer = answerFromCsvResult(plan, TABLE, result);
    expect(answer.answer).toBe('The total revenue where region is East is 1,234,567.50 (over 17 rows).');
    expect(answer.sources).toEqual([
      { page: 41, excerpt: 'rows 41-50: region: East, product: Widget, units: 10, revenue: 100.00, date: 2023-01-05' },
      { page: 52, excerpt: 'rows 52-58: region: East, product: Widget, units: 10, revenue: 100.00, date: 2023-01-05' },
    ]);
  });

  it('keeps a long fraction and a negative sum exact', () => {
    const plan: CsvPlan = { aggregate: 'sum', column: REVENUE, filters: [] };
    const answer = answerFromCsvResult(plan, TABLE, { kind: 'aggregate', value: '-9876543.123456789', matched: 3, rows: [row(4), row(9), row(10)] });
    expect(answer.answer).toBe('The total revenue is -9,876,543.123456789 (over 3 rows).');
    expect(answer.sources.map((s) => s.excerpt.split(':')[0])).toEqual(['row 4', 'rows 9-10']);
    expect(answer.sources.map((s) => s.page)).toEqual([4, 9]);
  });

  it('rounds an average to 2 decimals on the decimal string, dropping trailing zeros', () => {
    const plan: CsvPlan = { aggregate: 'avg', column: UNITS, filters: [] };
    const avg = (value: string): string => answerFromCsvResult(plan, TABLE, { kind: 'aggregate', value, matched: 120, rows: range(1, 50) }).answer;
    expect(avg('41.499999')).toBe('The average units is 41.5 (over 120 rows).');
    expect(avg('42.000000')).toBe('The average units is 42 (over 120 rows).');
    expect(avg('2.005000')).toBe('The average units is 2.01 (over 120 rows).');
    expect(avg('1234.994999')).toBe('The average units is 1,234.99 (over 120 rows).');
    expect(avg('-0.004000')).toBe('The average units is 0 (over 120 rows).');
    expect(avg('99.995')).toBe('The average units is 100 (over 120 rows).');
  });

  it('cites the whole table as one range when the aggregate covers every row', () => {
    const plan: CsvPlan = { aggregate: 'avg', column: UNITS, filters: [] };
    const answer = answerFromCsvResult(plan, TABLE, { kind: 'aggregate', value: '12.5', matched: 120, rows: range(1, 50) });
    expect(answer.sources).toEqual([{ page: 1, excerpt: 'rows 1-120: region: East, product: Widget, units: 10, revenue: 100.00, date: 2023-01-05' }]);
  });

  it('counts as integers, with and without filters', () => {
    const count = (filters: CsvPlan['filters'], value: string): string =>
      answerFromCsvResult({ aggregate: 'count', filters }, TABLE, {
        kind: 'aggregate',
        value,
        matched: Number(value),
        rows: range(1, Math.min(50, Number(value))),
      }).answer;
    expect(count([], '120')).toBe('The table has 120 rows.');
    expect(count([EAST], '1')).toBe('There is 1 row where region is East.');
    expect(count([EAST, { column: UNITS, op: 'gte', value: '5' }], '17')).toBe('There are 17 rows where region is East and units is at least 5.');
    expect(count([], '12345')).toBe('The table has 12,345 rows.');
  });

  it('says so plainly when nothing matches, or no matched row holds a number', () => {
    const sum: CsvPlan = { aggregate: 'sum', column: REVENUE, filters: [{ column: UNITS, op: 'gt', value: '1000' }] };
    expect(answerFromCsvResult(sum, TABLE, { kind: 'aggregate', value: null, matched: 0, rows: [] })).toEqual({
      answer: 'There are no rows where units is greater than 1000.',
      sources: [],
    });
    const blank = answerFromCsvResult(sum, TABLE, { kind: 'aggregate', value: null, matched: 2, rows: [row(5), row(6)] });
    expect(blank.answer).toBe('None of the 2 rows where units is greater than 1000 has a number in revenue.');
    expect(blank.sources).toEqual([{ page: 5, excerpt: 'rows 5-6: region: East, product: Widget, units: 10, revenue: 100.00, date: 2023-01-05' }]);
    expect(answerFromCsvResult({ aggregate: 'count', filters: [EAST] }, TABLE, { kind: 'aggregate', value: '0', matched: 0, rows: [] }).answer).toBe(
      'There are no rows where region is East.',
    );
  });
});

describe('answerFromCsvResult: extremes', () => {
  it('names the value and the row holding it, leaving out what the question fixed', () => {
    const plan: CsvPlan = { aggregate: 'max', column: REVENUE, filters: [] };
    const answer = answerFromCsvResult(plan, TABLE, {
      kind: 'extreme',
      value: '9800',
      matched: 120,
      rows: [row(37, 'West', 'Gadget', '40', '9800', '2023-03-01')],
    });
    expect(answer.answer).toBe('The highest revenue is 9,800 (row 37: region West, product Gadget, units 40, date 2023-03-01).');
    expect(answer.sources).toEqual([{ page: 37, excerpt: 'row 37: region: West, product: Gadget, units: 40, revenue: 9800, date: 2023-03-01' }]);

    const filtered = answerFromCsvResult({ aggregate: 'min', column: UNITS, filters: [EAST] }, TABLE, {
      kind: 'extreme',
      value: '2',
      matched: 17,
      rows: [row(3, 'East', 'Gadget', '2'), row(4, 'East', 'Widget', '2'), row(8, 'East', 'Gadget', '2'), row(20, 'East', 'Widget', '2')],
    });
    expect(filtered.answer).toBe(
      'The lowest units where region is East is 2 (row 3: product Gadget, revenue 100.00, date 2023-01-05; row 4: product Widget, revenue 100.00, date 2023-01-05; row 8: product Gadget, revenue 100.00, date 2023-01-05; and 1 more row).',
    );
    expect(filtered.sources.map((s) => s.page)).toEqual([3, 8, 20]);
    expect(filtered.sources[0]!.excerpt).toMatch(/^rows 3-4: /);
  });

  it('speaks of dates as earliest and latest, and keeps them as written', () => {
    const answer = answerFromCsvResult({ aggregate: 'min', column: DATE, filters: [] }, TABLE, {
      kind: 'extreme',
      value: '2021-02-03',
      matched: 120,
      rows: [row(1)],
    });
    expect(answer.answer).toMatch(/^The earliest date is 2021-02-03 \(row 1: /);
  });
});

describe('answerFromCsvResult: groups and rows', () => {
  it("gives one line per group and cites each group's row span", () => {
    const plan: CsvPlan = { aggregate: 'sum', column: REVENUE, filters: [], groupBy: REGION };
    const answer = answerFromCsvResult(plan, TABLE, {
      kind: 'groups',
      total: 3,
      groups: [
        { key: 'East', value: '12345.5', matched: 17, firstRow: 2, lastRow: 118 },
        { key: 'West', value: '900', matched: 1, firstRow: 7, lastRow: 7 },
        { key: '', value: null, matched: 2, firstRow: 40, lastRow: 41 },
      ],
    });
    expect(answer.answer).toBe('Total revenue by region (3 groups):\nEast: 12,345.5 (17 rows)\nWest: 900 (1 row)\n(blank): no numbers (2 rows)');
    expect(answer.sources).toEqual([
      { page: 2, excerpt: 'rows 2-118: East' },
      { page: 7, excerpt: 'row 7: West' },
      { page: 40, excerpt: 'rows 40-41: (blank)' },
    ]);
  });

  it('counts per group, says how many groups are not shown, and cites at most 10', () => {
    const groups = Array.from({ length: 30 }, (_, i) => ({ key: `P${i}`, value: String(100 - i), matched: 100 - i, firstRow: i + 1, lastRow: i + 200 }));
    const answer = answerFromCsvResult({ aggregate: 'count', filters: [EAST], groupBy: 1 }, TABLE, { kind: 'groups', total: 45, groups });
    const lines = answer.answer.split('\n');
    expect(lines[0]).toBe('Number of rows by product where region is East (45 groups):');
    expect(lines[1]).toBe('P0: 100 rows');
    expect(lines).toHaveLength(22);
    expect(lines[21]).toBe('… and 25 more groups.');
    expect(answer.sources).toHaveLength(10);
    expect(answer.sources[0]).toEqual({ page: 1, excerpt: 'rows 1-200: P0' });
  });

  it('lists the first 5 matching rows and cites every row returned, by range', () => {
    const plan: CsvPlan = { aggregate: 'rows', filters: [{ column: UNITS, op: 'gt', value: '100' }] };
    const rows = [...range(41, 60)];
    const answer = answerFromCsvResult(plan, TABLE, { kind: 'rows', matched: 37, rows });
    const lines = answer.answer.split('\n');
    expect(lines[0]).toBe('37 rows match where units is greater than 100; the first 5:');
    expect(lines.slice(1)).toEqual(range(41, 45).map((r) => `row ${r.rowNumber}: region East, product Widget, units 10, revenue 100.00, date 2023-01-05`));
    expect(answer.sources).toEqual([{ page: 41, excerpt: 'rows 41-60: region: East, product: Widget, units: 10, revenue: 100.00, date: 2023-01-05' }]);
  });

  it('says one row matches, skips empty cells, and says plainly when none does', () => {
    const plan: CsvPlan = { aggregate: 'rows', filters: [EAST] };
    const one = answerFromCsvResult(plan, TABLE, { kind: 'rows', matched: 1, rows: [{ rowNumber: 9, cells: ['East', '', '3', '', '2023-05-01'] }] });
    expect(one.answer).toBe('1 row matches where region is East:\nrow 9: region East, units 3, date 2023-05-01');
    expect(one.sources).toEqual([{ page: 9, excerpt: 'row 9: region: East, units: 3, date: 2023-05-01' }]);
    expect(answerFromCsvResult(plan, TABLE, { kind: 'rows', matched: 0, rows: [] })).toEqual({
      answer: 'There are no rows where region is East.',
      sources: [],
    });
  });

  it('cuts a long row excerpt at 300 characters and cites at most 10 ranges', () => {
    const wide: CsvTable = { header: ['note'], rowCount: 40, columns: [{ name: 'note', type: 'text' }] };
    const rows = Array.from({ length: 20 }, (_, i) => ({ rowNumber: i * 2 + 1, cells: [`word `.repeat(100).trim()] }));
    const answer = answerFromCsvResult({ aggregate: 'rows', filters: [] }, wide, { kind: 'rows', matched: 20, rows });
    expect(answer.sources).toHaveLength(10);
    expect(answer.sources.map((s) => s.page)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    for (const s of answer.sources) {
      expect(s.excerpt.length).toBeLessThanOrEqual(300);
      expect(s.excerpt).toMatch(/^row \d+: note: word word .*word…$/);
    }
    expect(answer.answer.split('\n')[0]).toBe('The table has 20 rows; the first 5:');
  });
});
