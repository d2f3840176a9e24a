import { describe, expect, it } from 'vitest';
import { describeCsvPlan, planCsvQuestion, type CsvFilter, type CsvPlan, type CsvTable } from '../../../src/engines/filechat';

const SALES: CsvTable = {
  header: ['order_id', 'region', 'product', 'units', 'revenue', 'date', 'unit_price', 'Sales Rep', 'warehouse'],
  rowCount: 120,
  columns: [
    { name: 'order_id', type: 'integer' },
    { name: 'region', type: 'text', values: ['East', 'West', 'North'] },
    { name: 'product', type: 'text', values: ['Widget', 'Gadget', 'Super Widget'] },
    { name: 'units', type: 'integer' },
    { name: 'revenue', type: 'number' },
    { name: 'date', type: 'date' },
    { name: 'unit_price', type: 'number' },
    { name: 'Sales Rep', type: 'text', values: ['Ann Lee', 'Bo Chen'] },
    { name: 'warehouse', type: 'text', values: ['North', 'Central'] },
  ],
};

const col = (name: string): number => {
  const i = SALES.header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};

/** A plan written with column names: `plan('sum', 'revenue', [['region', 'eq', 'East']], 'product')`. */
function plan(aggregate: CsvPlan['aggregate'], column?: string, filters: [string, CsvFilter['op'], string][] = [], groupBy?: string): CsvPlan {
  const out: CsvPlan = { aggregate, filters: filters.map(([c, op, value]) => ({ column: col(c), op, value })) };
  if (column !== undefined) out.column = col(column);
  if (groupBy !== undefined) out.groupBy = col(groupBy);
  return out;
}

describe('planCsvQuestion', () => {
  const cases: [string, CsvPlan][] = [
    // count
    ['How many rows are there?', plan('count')],
    ['How many records?', plan('count')],
    ['Count the rows', plan('count')],
    ['What is the total number of orders?', plan('count')],
    ['How many orders are from the East region?', plan('count', undefined, [['region', 'eq', 'East']])],
    ['How many rows have region West?', plan('count', undefined, [['region', 'eq', 'West']])],
    ['how many rows have units above 50', plan('count', undefined, [['units', 'gt', '50']])],
    ['How many orders did Ann Lee close?', plan('count', undefined, [['Sales Rep', 'eq', 'Ann Lee']])],
    ['how many orders were not in the West?', plan('count', undefined, [['region', 'ne', 'West']])],
    // sum
    ['What is the total revenue?', plan('sum', 'revenue')],
    ['Sum of units', plan('sum', 'units')],
    ['total revenue in the West', plan('sum', 'revenue', [['region', 'eq', 'West']])],
    ['How many units were sold in the East?', plan('sum', 'units', [['region', 'eq', 'East']])],
    ['How much revenue came from Super Widget?', plan('sum', 'revenue', [['product', 'eq', 'Super Widget']])],
    ['What is the revenue of the West region?', plan('sum', 'revenue', [['region', 'eq', 'West']])],
    ["what's the total revenue for products other than Widget", plan('sum', 'revenue', [['product', 'ne', 'Widget']])],
    // avg
    ['What is the average units?', plan('avg', 'units')],
    ['mean revenue for product Widget', plan('avg', 'revenue', [['product', 'eq', 'Widget']])],
    ['What is the average unit price?', plan('avg', 'unit_price')],
    ['average revenue of orders over 5000', plan('avg', 'revenue', [['revenue', 'gt', '5000']])],
    // max / min
    ['What is the highest revenue?', plan('max', 'revenue')],
    ['maximum units', plan('max', 'units')],
    ['Which product has the largest revenue?', plan('max', 'revenue')],
    ['What is the lowest revenue in the North warehouse?', plan('min', 'revenue', [['warehouse', 'eq', 'North']])],
    ['minimum units', plan('min', 'units')],
    ['smallest unit price', plan('min', 'unit_price')],
    ['What is the cheapest product?', plan('min', 'unit_price')],
    ['When was the most recent order?', plan('max', 'date')],
    ['What is the earliest date?', plan('min', 'date')],
    // group by
    ['total revenue by region', plan('sum', 'revenue', [], 'region')],
    ['revenue per region', plan('sum', 'revenue', [], 'region')],
    ['for each region, how many rows', plan('count', undefined, [], 'region')],
    ['average units grouped by product', plan('avg', 'units', [], 'product')],
    ['Break down revenue by sales rep for the East', plan('sum', 'revenue', [['region', 'eq', 'East']], 'Sales Rep')],
    ['Which region has the most orders?', plan('count', undefined, [], 'region')],
    ['Which region has the highest total revenue?', plan('sum', 'revenue', [], 'region')],
    ['How many different products are there?', plan('count', undefined, [], 'product')],
    ['maximum revenue per product where units is at least 10', plan('max', 'revenue', [['units', 'gte', '10']], 'product')],
    // rows
    ['Show rows where units is greater than 100', plan('rows', undefined, [['units', 'gt', '100']])],
    ['list the orders with revenue over 5000', plan('rows', undefined, [['revenue', 'gt', '5000']])],
    ['rows where region is North', plan('rows', undefined, [['region', 'eq', 'North']])],
    ['Which orders have more than 100 units?', plan('rows', undefined, [['units', 'gt', '100']])],
    [
      'show orders with at least 20 units and revenue below 1,500.50',
      plan('rows', undefined, [
        ['units', 'gte', '20'],
        ['revenue', 'lt', '1500.5'],
      ]),
    ],
    ['list rows with units at most 5', plan('rows', undefined, [['units', 'lte', '5']])],
    [
      'Find orders where units is less than 3 in the North warehouse',
      plan('rows', undefined, [
        ['units', 'lt', '3'],
        ['warehouse', 'eq', 'North'],
      ]),
    ],
    ['rows where units is 7', plan('rows', undefined, [['units', 'eq', '7']])],
    ['rows where units is not 7', plan('rows', undefined, [['units', 'ne', '7']])],
    ['list rows with 100 or more units', plan('rows', undefined, [['units', 'gte', '100']])],
    [
      'orders with revenue between 2k and 500',
      plan('rows', undefined, [
        ['revenue', 'gte', '500'],
        ['revenue', 'lte', '2000'],
      ]),
    ],
    ['please show me all rows', plan('rows')],
    ['Can you list the rows from the North region', plan('rows', undefined, [['region', 'eq', 'North']])],
  ];

  it.each(cases)('%s', (question, expected) => {
    expect(planCsvQuestion(question, SALES)).toEqual(expected);
  });

  it('has at least 40 phrasings', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each([
    'What is this file about?',
    'Summarize the table',
    'Who wrote this?',
    'What does the table show?',
    'How many columns are there?',
    // Sum and average need numbers: "region" holds words.
    'What is the average region?',
    'total of product',
    // One column cannot equal two values at once; a wrong number is worse than no plan.
    'total revenue in East or West',
    // Two numeric columns could be meant and none is named.
    'How many rows are over 50?',
    'What is the total units and revenue?',
    // Numbers, dates and statistics the plan has no place for: dropping them would answer another question.
    'What is the total revenue for order 1234?',
    'list the 10 largest orders',
    // A month without a year names no period (see csv-plan-dates.unit.test.ts for those with one).
    'total revenue in March',
    'What is the standard deviation of revenue?',
    'What percentile is the revenue?',
    'What is the 120th percentile of revenue?',
    'What percentage of revenue came from the East?',
  ])('has no plan for %j', (question) => {
    expect(planCsvQuestion(question, SALES)).toBeNull();
  });

  it('plans medians and percentiles with their rank as an exact fraction', () => {
    const revenue = SALES.header.indexOf('revenue');
    const region = SALES.header.indexOf('region');
    expect(planCsvQuestion('What is the median revenue?', SALES)).toEqual({ aggregate: 'median', column: revenue, filters: [], fraction: '0.5' });
    expect(planCsvQuestion('What is the 90th percentile of revenue?', SALES)).toMatchObject({ aggregate: 'percentile', column: revenue, fraction: '0.9' });
    expect(planCsvQuestion('p95 revenue', SALES)).toMatchObject({ aggregate: 'percentile', column: revenue, fraction: '0.95' });
    expect(planCsvQuestion('upper quartile of revenue', SALES)).toMatchObject({ aggregate: 'percentile', fraction: '0.75' });
    expect(planCsvQuestion('the 2.5th percentile of revenue', SALES)).toMatchObject({ aggregate: 'percentile', fraction: '0.025' });
    expect(planCsvQuestion('median revenue by region', SALES)).toMatchObject({ aggregate: 'median', column: revenue, groupBy: region });
  });

  it('matches headers by words: case, underscores, camelCase, units in brackets, plurals', () => {
    const table: CsvTable = {
      header: ['UnitPrice', 'Qty Sold', 'Revenue (USD)', 'shipping-cost', 'Category'],
      rowCount: 10,
      columns: [
        { name: 'UnitPrice', type: 'number' },
        { name: 'Qty Sold', type: 'integer' },
        { name: 'Revenue (USD)', type: 'number' },
        { name: 'shipping-cost', type: 'number' },
        { name: 'Category', type: 'text', values: ['Toys', 'Garden Tools'] },
      ],
    };
    expect(planCsvQuestion('average unit prices', table)).toEqual({ aggregate: 'avg', column: 0, filters: [] });
    expect(planCsvQuestion('What is the total qty sold for garden tools?', table)).toEqual({
      aggregate: 'sum',
      column: 1,
      filters: [{ column: 4, op: 'eq', value: 'Garden Tools' }],
    });
    expect(planCsvQuestion('total revenue by categories', table)).toEqual({ aggregate: 'sum', column: 2, filters: [], groupBy: 4 });
    expect(planCsvQuestion('highest Shipping Cost', table)).toEqual({ aggregate: 'max', column: 3, filters: [] });
    // One distinctive word of a header names it: "price" is only in UnitPrice.
    expect(planCsvQuestion('What is the highest price?', table)).toEqual({ aggregate: 'max', column: 0, filters: [] });
  });

  it('uses the only numeric column when none is named, and the money column for an amount in money', () => {
    const table: CsvTable = {
      header: ['city', 'population'],
      rowCount: 5,
      columns: [
        { name: 'city', type: 'text', values: ['Oslo', 'Bergen'] },
        { name: 'population', type: 'integer' },
      ],
    };
    expect(planCsvQuestion('What is the average?', table)).toEqual({ aggregate: 'avg', column: 1, filters: [] });
    expect(planCsvQuestion('Which city is the biggest?', table)).toEqual({ aggregate: 'max', column: 1, filters: [] });
    expect(planCsvQuestion('list cities over 100000', table)).toEqual({ aggregate: 'rows', filters: [{ column: 1, op: 'gt', value: '100000' }] });
    expect(planCsvQuestion('rows over $5,000', SALES)).toBeNull();
    const priced: CsvTable = { ...SALES, header: SALES.header.map((h) => (h === 'revenue' ? 'weight' : h)) };
    // "revenue" renamed: unit_price is now the only money column.
    expect(planCsvQuestion('list orders over $5k', priced)).toEqual({ aggregate: 'rows', filters: [{ column: col('unit_price'), op: 'gt', value: '5000' }] });
  });

  it('gives a value in two columns to the column the question names, else the first', () => {
    expect(planCsvQuestion('How many rows are from the North warehouse?', SALES)).toEqual(plan('count', undefined, [['warehouse', 'eq', 'North']]));
    expect(planCsvQuestion('How many rows have warehouse North?', SALES)).toEqual(plan('count', undefined, [['warehouse', 'eq', 'North']]));
    expect(planCsvQuestion('How many rows are from the North?', SALES)).toEqual(plan('count', undefined, [['region', 'eq', 'North']]));
  });

  it('needs the column name beside a value that is an everyday word', () => {
    const table: CsvTable = {
      header: ['grade', 'score'],
      rowCount: 4,
      columns: [
        { name: 'grade', type: 'text', values: ['A', 'B', 'Other'] },
        { name: 'score', type: 'number' },
      ],
    };
    expect(planCsvQuestion('What is the average score of a student?', table)).toEqual({ aggregate: 'avg', column: 1, filters: [] });
    expect(planCsvQuestion('What is the average score for grade A?', table)).toEqual({
      aggregate: 'avg',
      column: 1,
      filters: [{ column: 0, op: 'eq', value: 'A' }],
    });
    expect(planCsvQuestion('average score where grade is other', table)).toEqual({
      aggregate: 'avg',
      column: 1,
      filters: [{ column: 0, op: 'eq', value: 'Other' }],
    });
  });
});

describe('planCsvQuestion with period columns', () => {
  const YEARS: CsvTable = {
    header: ['year', 'sales', 'FiscalYear'],
    rowCount: 5,
    columns: [
      { name: 'year', type: 'integer' },
      { name: 'sales', type: 'number' },
      { name: 'FiscalYear', type: 'integer' },
    ],
  };

  it('groups by a numeric column only when it is a period, or when asked to "group by"', () => {
    expect(planCsvQuestion('sales per year', YEARS)).toEqual({ aggregate: 'sum', column: 1, filters: [], groupBy: 0 });
    expect(planCsvQuestion('total sales by fiscal year', YEARS)).toEqual({ aggregate: 'sum', column: 1, filters: [], groupBy: 2 });
    expect(planCsvQuestion('What were the sales in year 2020?', YEARS)).toEqual({
      aggregate: 'sum',
      column: 1,
      filters: [{ column: 0, op: 'eq', value: '2020' }],
    });
    expect(planCsvQuestion('How many rows have sales over 10 percent?', YEARS)).toEqual({
      aggregate: 'count',
      filters: [{ column: 1, op: 'gt', value: '10' }],
    });
    expect(planCsvQuestion('average units per unit price', SALES)).toBeNull();
    expect(planCsvQuestion('count rows grouped by units', SALES)).toEqual(plan('count', undefined, [], 'units'));
  });
});

describe('describeCsvPlan', () => {
  it('says what is computed, in a line', () => {
    expect(describeCsvPlan(plan('sum', 'revenue', [['region', 'eq', 'East']]), SALES)).toBe('sum of revenue where region = East');
    expect(describeCsvPlan(plan('count'), SALES)).toBe('count of rows');
    expect(
      describeCsvPlan(
        plan(
          'avg',
          'units',
          [
            ['units', 'gte', '10'],
            ['region', 'ne', 'West'],
          ],
          'product',
        ),
        SALES,
      ),
    ).toBe('average of units by product where units >= 10 and region != West');
    expect(describeCsvPlan(plan('rows', undefined, [['revenue', 'lt', '5']]), SALES)).toBe('rows where revenue < 5');
    expect(describeCsvPlan(plan('max', 'date'), SALES)).toBe('maximum of date');
  });
});
