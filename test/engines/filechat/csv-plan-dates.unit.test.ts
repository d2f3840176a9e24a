import { describe, expect, it } from 'vitest';
import { answerFromCsvResult, planCsvQuestion, type CsvPlan, type CsvTable } from '../../../src/engines/filechat';

/** The eval's sales export: one date column, order_date. */
const SALES: CsvTable = {
  header: ['order_id', 'order_date', 'region', 'channel', 'product', 'units', 'revenue'],
  rowCount: 200,
  columns: [
    { name: 'order_id', type: 'text' },
    { name: 'order_date', type: 'date' },
    { name: 'region', type: 'text', values: ['East', 'West', 'North'] },
    { name: 'channel', type: 'text', values: ['Online', 'Retail'] },
    { name: 'product', type: 'text', values: ['Summit Tent', 'Trail Pack'] },
    { name: 'units', type: 'integer' },
    { name: 'revenue', type: 'number' },
  ],
};
const DATE = 1;
const REGION = 2;
const UNITS = 5;
const REVENUE = 6;

const within = (from: string, to: string, label: string) => [
  { column: DATE, op: 'gte', value: from, label },
  { column: DATE, op: 'lt', value: to, label },
];

describe('planCsvQuestion: a period of the calendar filters the date column', () => {
  it.each([
    ['What was the revenue in March 2025?', { aggregate: 'sum', column: REVENUE, filters: within('2025-03-01', '2025-04-01', 'in March 2025') }],
    ['total revenue in Mar 2025', { aggregate: 'sum', column: REVENUE, filters: within('2025-03-01', '2025-04-01', 'in March 2025') }],
    ['What is the total revenue for 2025-03?', { aggregate: 'sum', column: REVENUE, filters: within('2025-03-01', '2025-04-01', 'in March 2025') }],
    ['How many orders in December 2024?', { aggregate: 'count', filters: within('2024-12-01', '2025-01-01', 'in December 2024') }],
    ['How many orders were placed in 2024?', { aggregate: 'count', filters: within('2024-01-01', '2025-01-01', 'in 2024') }],
    ['What is the average units in Q1 2025?', { aggregate: 'avg', column: UNITS, filters: within('2025-01-01', '2025-04-01', 'in Q1 2025') }],
    ['How many orders in 2025 Q4?', { aggregate: 'count', filters: within('2025-10-01', '2026-01-01', 'in Q4 2025') }],
    ['total revenue on 2025-02-28', { aggregate: 'sum', column: REVENUE, filters: within('2025-02-28', '2025-03-01', 'on 2025-02-28') }],
    ['How many orders after March 2025?', { aggregate: 'count', filters: [{ column: DATE, op: 'gte', value: '2025-04-01', label: 'after March 2025' }] }],
    ['How many orders since Q2 2025?', { aggregate: 'count', filters: [{ column: DATE, op: 'gte', value: '2025-04-01', label: 'since Q2 2025' }] }],
    ['How many orders before 2025?', { aggregate: 'count', filters: [{ column: DATE, op: 'lt', value: '2025-01-01', label: 'before 2025' }] }],
    [
      'total revenue in the East region in March 2025',
      {
        aggregate: 'sum',
        column: REVENUE,
        filters: [{ column: REGION, op: 'eq', value: 'East' }, ...within('2025-03-01', '2025-04-01', 'in March 2025')],
      },
    ],
    ['revenue in May 2025 by region', { aggregate: 'sum', column: REVENUE, groupBy: REGION, filters: within('2025-05-01', '2025-06-01', 'in May 2025') }],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, SALES)).toEqual(expected);
  });

  it.each([
    // Which year is meant cannot be told.
    'What was the revenue in March?',
    // A range, or two periods at once: filters all hold together, so no plan says it.
    'total revenue between March 2025 and May 2025',
    'revenue in March 2025 or April 2025',
    'orders from 2020 to 2024',
    // Not a real day.
    'total revenue on 2025-02-30',
  ])('has no plan for %j', (question) => {
    expect(planCsvQuestion(question, SALES)).toBeNull();
  });

  it('has no plan when two date columns could be meant and none is named, and uses the one named', () => {
    const two: CsvTable = {
      header: [...SALES.header, 'ship_date'],
      rowCount: 200,
      columns: [...SALES.columns, { name: 'ship_date', type: 'date' }],
    };
    expect(planCsvQuestion('What was the revenue in March 2025?', two)).toBeNull();
    expect(planCsvQuestion('total revenue with ship_date in March 2025', two)).toEqual({
      aggregate: 'sum',
      column: REVENUE,
      filters: [
        { column: 7, op: 'gte', value: '2025-03-01', label: 'in March 2025' },
        { column: 7, op: 'lt', value: '2025-04-01', label: 'in March 2025' },
      ],
    });
  });

  it('leaves a bare year to a numeric year column ("year 2024" compares it)', () => {
    const withYear: CsvTable = { header: [...SALES.header, 'year'], rowCount: 200, columns: [...SALES.columns, { name: 'year', type: 'integer' }] };
    expect(planCsvQuestion('How many orders in year 2024?', withYear)).toEqual({ aggregate: 'count', filters: [{ column: 7, op: 'eq', value: '2024' }] });
  });

  it('leaves a table without a date column as it was: "in March 2025" has no plan', () => {
    const noDate: CsvTable = { ...SALES, columns: SALES.columns.map((c, i) => (i === DATE ? { name: c.name, type: 'text' as const } : c)) };
    expect(planCsvQuestion('What was the revenue in March 2025?', noDate)).toBeNull();
  });
});

describe('answerFromCsvResult: a period reads as the period', () => {
  it('says "in March 2025" once, not the two comparisons it is computed with', () => {
    const plan = planCsvQuestion('What was the revenue in March 2025?', SALES) as CsvPlan;
    const answer = answerFromCsvResult(plan, SALES, {
      kind: 'aggregate',
      value: '1234.50',
      matched: 2,
      rows: [
        { rowNumber: 40, cells: ['A1040', '2025-03-02', 'East', 'Online', 'Trail Pack', '3', '1000.00'] },
        { rowNumber: 41, cells: ['A1041', '2025-03-09', 'West', 'Retail', 'Summit Tent', '1', '234.50'] },
      ],
    });
    expect(answer.answer).toBe('The total revenue where order_date is in March 2025 is 1,234.50 (over 2 rows).');
    expect(answer.sources.map((s) => s.page)).toEqual([40]);
  });
});
