/**
 * The eval's questions, as a ChatPDF user would type them, with their known answers.
 *  - PDF / .docx: the page the answer is on (sources[0].page must be it) and the key fact the answer must
 *    contain. Every .docx question is asked of both uploads of the handbook (with and without Word's
 *    rendered page break marks), which must cite the same pages.
 *  - CSV: the exact value, computed here from the same rows the CSV is written from (integer cents, no
 *    floats; averages rounded half away from zero to 2 places), and the first data row the answer must
 *    cite where one is defined (the first matching row; row 1 for a whole-table figure; the first row
 *    holding a minimum/maximum). Group-by answers must give every group's value.
 */
import { MEANING_QUESTIONS } from './meaning';
import { compare, dec, divideRounded, show, sum, type Decimal } from './decimal';
import { CHANNELS, DEPARTMENTS, EMPLOYEES, LOCATIONS, REGIONS, SALES, type EmployeeRow, type SaleRow } from './tables';

export type FileKey = 'report.pdf' | 'report-scan.pdf' | 'handbook.docx' | 'handbook-rendered.docx' | 'sales.csv' | 'employees.csv';
/** `scan`: the city report's PDF questions asked of the same report rasterised to a noisy 150 DPI scan (no text layer). */
/** `meaning`: questions sharing no content word with the sentence that answers them (meaning.ts). */
export type DocumentKind = 'pdf' | 'scan' | 'docx' | 'csv' | 'meaning';

export interface ProseQuestion {
  kind: 'pdf' | 'scan' | 'docx' | 'meaning';
  file: FileKey;
  message: string;
  /** Expected sources[0].page. */
  page: number;
  /** The key fact: a case-insensitive substring, or a pattern. */
  answer: string | RegExp;
}

export type CsvExpectation =
  | { type: 'number'; value: Decimal }
  | { type: 'date'; value: string }
  /** Every group's value must be stated; with `top`, the question asks which group ranks first, and that group must come first. */
  | { type: 'groups'; groups: { key: string; value: Decimal }[]; top?: string };

export interface CsvQuestion {
  kind: 'csv';
  file: FileKey;
  message: string;
  expect: CsvExpectation;
  /** Expected first cited data row (sources[0].page, excerpt starting `row N:` / `rows N-…:`), where defined. */
  firstRow?: number;
}

export type Question = ProseQuestion | CsvQuestion;

// ---- PDF: the city report ---------------------------------------------------------------------------------

const pdf = (message: string, page: number, answer: string | RegExp): ProseQuestion => ({ kind: 'pdf', file: 'report.pdf', message, page, answer });

const PDF_QUESTIONS: ProseQuestion[] = [
  pdf('What is the population of Riverton?', 1, '148,300'),
  pdf('How many people live in Riverton?', 1, '148,300'),
  pdf('Who is the mayor of Riverton?', 1, 'Elena Vasquez'),
  pdf('When was Riverton incorporated?', 1, '1852'),
  pdf('What was the general fund budget for fiscal year 2025?', 2, '$412 million'),
  pdf('What credit rating does the city have?', 2, 'AA+'),
  pdf('What is the property tax rate?', 2, '1.12 percent'),
  pdf('How many sworn police officers does the city have?', 3, '312'),
  pdf('What is the average response time of the fire department?', 3, '6 minutes 40 seconds'),
  pdf('When did the Harbor Express bus route launch?', 4, 'March 2025'),
  pdf('How much did the Elm Street bridge repair cost?', 4, '$18.5 million'),
  pdf('How many lead service lines were replaced?', 5, '2,150'),
  pdf('How much did water rates go up?', 5, '4.5 percent'),
  pdf('How big is Millbrook Park?', 6, '22 acres'),
  pdf('How many children attended the summer camps?', 6, '3,800'),
  pdf('How much does the city spend on parks?', 6, '$21 million'),
  pdf('How many new housing units were permitted?', 7, '1,240'),
  pdf('What is the median rent in Riverton?', 7, '$1,685'),
  pdf('What is the unemployment rate?', 8, '3.9 percent'),
  pdf('Who is the largest employer in the city?', 8, 'Riverton Medical Center'),
  pdf('Where did the new library branch open?', 9, 'Eastgate'),
  pdf('When did curbside composting start?', 10, 'April'),
  pdf('How many trees were planted this year?', 10, '4,700'),
  pdf('How many free vaccination clinics were held?', 11, '64'),
  pdf('What is the proposed budget for next year?', 12, '$431 million'),
  pdf('How much is the five-year capital improvement plan?', 12, '$1.3 billion'),
];

// ---- .docx: the employee handbook -------------------------------------------------------------------------

const HANDBOOK_QUESTIONS: [string, number, string | RegExp][] = [
  ['When was Northwind Outfitters founded?', 1, '1998'],
  ['How many stores does Northwind have?', 1, '38 stores'],
  ['What are the core hours?', 2, /10 a\.m\. to 3 p\.m\./],
  ['How much notice do I need to give if I am sick?', 2, '2 hours'],
  ['How much does the company match on 401(k) contributions?', 3, '5 percent'],
  ['What discount do employees get on merchandise?', 3, '30 percent'],
  ['How many days of paid time off do new employees get?', 4, '15 days'],
  ['How long is parental leave?', 4, '16 weeks'],
  ['How much vacation do I get in my first year?', 4, '15 days'],
  ['How many days a week can I work from home?', 5, 'two days a week'],
  ['How much is the internet allowance for remote workers?', 5, '$40'],
  ['What is the hotel limit in Boston?', 6, '$260'],
  ['What is the meal allowance per day in Denver?', 6, '$68'],
  ['What is the mileage reimbursement rate?', 6, '67 cents'],
  ['How often do passwords have to be changed?', 7, '180 days'],
  ['How much notice should I give when I resign?', 8, 'two weeks'],
  ['When do I have to return my laptop after leaving?', 8, '5 business days'],
];

/** The same questions of the scanned report: read by text recognition, so the same pages must be cited. */
const SCAN_QUESTIONS: ProseQuestion[] = PDF_QUESTIONS.map((q) => ({ ...q, kind: 'scan', file: 'report-scan.pdf' }));

const DOCX_QUESTIONS: ProseQuestion[] = (['handbook.docx', 'handbook-rendered.docx'] as const).flatMap((file) =>
  HANDBOOK_QUESTIONS.map(([message, page, answer]): ProseQuestion => ({ kind: 'docx', file, message, page, answer })),
);

// ---- CSV: exact answers computed from the rows ------------------------------------------------------------

const count = (n: number): CsvExpectation => ({ type: 'number', value: dec(n) });
const value = (d: Decimal): CsvExpectation => ({ type: 'number', value: d });
const centsOf = (c: bigint): Decimal => ({ units: c, scale: 2 });
const tenthsOf = (t: number): Decimal => ({ units: BigInt(t), scale: 1 });

function firstOf<T extends { n: number }>(rows: T[]): number {
  if (rows.length === 0) throw new Error('a question whose filter matches no row');
  return rows[0]!.n;
}

/** The first row (in file order) holding the extreme of `measure`, and the extreme. */
function extreme<T extends { n: number }>(rows: T[], measure: (r: T) => Decimal, op: 'min' | 'max'): { value: Decimal; row: number } {
  let best = rows[0]!;
  for (const r of rows) {
    const c = compare(measure(r), measure(best));
    if (op === 'max' ? c > 0 : c < 0) best = r;
  }
  return { value: measure(best), row: best.n };
}

function groups<T, K extends string>(
  rows: T[],
  keys: readonly K[],
  keyOf: (r: T) => K,
  measure: (rs: T[]) => Decimal,
): Extract<CsvExpectation, { type: 'groups' }> {
  return {
    type: 'groups',
    groups: keys.filter((k) => rows.some((r) => keyOf(r) === k)).map((k) => ({ key: k, value: measure(rows.filter((r) => keyOf(r) === k)) })),
  };
}

/**
 * "Which region has the most orders?": the groups, the one with the largest value first (a tie would make
 * the question ambiguous, so it is refused here), and the first row of that group, which the answer's first
 * source must cite.
 */
function ranked<T extends { n: number }, K extends string>(
  rows: T[],
  keys: readonly K[],
  keyOf: (r: T) => K,
  measure: (rs: T[]) => Decimal,
): { expect: CsvExpectation; firstRow: number } {
  const g = groups(rows, keys, keyOf, measure);
  const sorted = [...g.groups].sort((a, b) => compare(b.value, a.value));
  if (sorted.length > 1 && compare(sorted[0]!.value, sorted[1]!.value) === 0) throw new Error(`tied top groups ${sorted[0]!.key} and ${sorted[1]!.key}`);
  const top = sorted[0]!.key;
  return { expect: { ...g, top }, firstRow: firstOf(rows.filter((r) => keyOf(r) === top)) };
}

const avg = (values: Decimal[]): Decimal => divideRounded(sum(values), values.length);

const sales = (pred: (r: SaleRow) => boolean = () => true) => SALES.filter(pred);
const revenue = (r: SaleRow) => centsOf(r.revenueCents);
const unitPrice = (r: SaleRow) => centsOf(r.unitPriceCents);
const units = (r: SaleRow) => dec(r.units);

const people = (pred: (r: EmployeeRow) => boolean = () => true) => EMPLOYEES.filter(pred);
const salary = (r: EmployeeRow) => dec(r.salary);
const rating = (r: EmployeeRow) => tenthsOf(r.ratingTenths);

const csv = (file: FileKey, message: string, expect: CsvExpectation, firstRow?: number): CsvQuestion => ({
  kind: 'csv',
  file,
  message,
  expect,
  ...(firstRow === undefined ? {} : { firstRow }),
});

function salesQuestions(): CsvQuestion[] {
  const q = (message: string, expect: CsvExpectation, firstRow?: number) => csv('sales.csv', message, expect, firstRow);
  const west = sales((r) => r.region === 'West');
  const online = sales((r) => r.channel === 'Online');
  const over50 = sales((r) => r.units > 50);
  const cheap = sales((r) => r.unitPriceCents < 3000n);
  const east = sales((r) => r.region === 'East');
  const tents = sales((r) => r.product === 'Summit Tent');
  const wholesale = sales((r) => r.channel === 'Wholesale');
  const retail = sales((r) => r.channel === 'Retail');
  const north = sales((r) => r.region === 'North');
  const over70 = sales((r) => r.units > 70);
  const northKayaks = sales((r) => r.product === 'River Kayak' && r.region === 'North');
  const notCentral = sales((r) => r.region !== 'Central');
  const onlinePacks = sales((r) => r.channel === 'Online' && r.product === 'Trail Pack');
  const maxRevenue = extreme(SALES, revenue, 'max');
  const minUnits = extreme(SALES, units, 'min');
  const maxRetailPrice = extreme(retail, unitPrice, 'max');
  const minNorthRevenue = extreme(north, revenue, 'min');
  const latest = SALES.reduce((a, r) => (r.orderDate > a.orderDate ? r : a));
  const earliest = SALES.reduce((a, r) => (r.orderDate < a.orderDate ? r : a));
  const products = [...new Set(SALES.map((r) => r.product))];
  const reps = [...new Set(SALES.map((r) => r.rep))];
  const busiestRegion = ranked(
    SALES,
    REGIONS,
    (r) => r.region,
    (rs) => dec(rs.length),
  );
  const bestRep = ranked(
    SALES,
    reps,
    (r) => r.rep,
    (rs) => sum(rs.map(revenue)),
  );

  return [
    // counts
    q('How many orders are in this file?', count(SALES.length), 1),
    q('How many orders came from the West region?', count(west.length), firstOf(west)),
    q('How many orders were placed online?', count(online.length), firstOf(online)),
    q('How many orders had more than 50 units?', count(over50.length), firstOf(over50)),
    q('How many orders have a unit price below 30?', count(cheap.length), firstOf(cheap)),
    q('How many orders were not from the Central region?', count(notCentral.length), firstOf(notCentral)),
    // sums
    q('What is the total revenue?', value(sum(SALES.map(revenue))), 1),
    q('What was the total revenue in the East region?', value(sum(east.map(revenue))), firstOf(east)),
    q('How many units of Summit Tent were sold?', value(sum(tents.map(units))), firstOf(tents)),
    q('What is the total revenue from online orders of Trail Pack?', value(sum(onlinePacks.map(revenue))), firstOf(onlinePacks)),
    // averages
    q('What is the average unit price?', value(avg(SALES.map(unitPrice))), 1),
    q("What's the average revenue for wholesale orders?", value(avg(wholesale.map(revenue))), firstOf(wholesale)),
    // extremes
    q('What is the highest revenue for a single order?', value(maxRevenue.value), maxRevenue.row),
    q('What is the smallest number of units in an order?', value(minUnits.value), minUnits.row),
    q('What is the most recent order date?', { type: 'date', value: latest.orderDate }, latest.n),
    q('When was the earliest order placed?', { type: 'date', value: earliest.orderDate }, earliest.n),
    q('What is the highest unit price among retail orders?', value(maxRetailPrice.value), maxRetailPrice.row),
    q('What is the lowest revenue in the North region?', value(minNorthRevenue.value), minNorthRevenue.row),
    // listings
    q('Show me the orders with more than 70 units.', count(over70.length), firstOf(over70)),
    q('List all River Kayak orders from the North region.', count(northKayaks.length), firstOf(northKayaks)),
    // group-by
    q(
      'What is the total revenue by region?',
      groups(
        SALES,
        REGIONS,
        (r) => r.region,
        (rs) => sum(rs.map(revenue)),
      ),
    ),
    q(
      'How many orders per product?',
      groups(
        SALES,
        products,
        (r) => r.product,
        (rs) => dec(rs.length),
      ),
    ),
    q(
      'What is the average number of units per order in each channel?',
      groups(
        SALES,
        CHANNELS,
        (r) => r.channel,
        (rs) => avg(rs.map(units)),
      ),
    ),
    q('Which region has the most orders?', busiestRegion.expect, busiestRegion.firstRow),
    q('Which sales rep had the highest total revenue?', bestRep.expect, bestRep.firstRow),
  ];
}

function employeeQuestions(): CsvQuestion[] {
  const q = (message: string, expect: CsvExpectation, firstRow?: number) => csv('employees.csv', message, expect, firstRow);
  const engineering = people((r) => r.department === 'Engineering');
  const marketing = people((r) => r.department === 'Marketing');
  const after2018 = people((r) => r.startYear > 2018);
  const topRated = people((r) => r.ratingTenths >= 45);
  const remote = people((r) => r.remote);
  const richFinance = people((r) => r.department === 'Finance' && r.salary > 100_000);
  const maxSalary = extreme(EMPLOYEES, salary, 'max');
  const minSalary = extreme(EMPLOYEES, salary, 'min');
  const bestPaid = ranked(
    EMPLOYEES,
    DEPARTMENTS,
    (r) => r.department,
    (rs) => avg(rs.map(salary)),
  );

  return [
    q('How many employees are there?', count(EMPLOYEES.length), 1),
    q('How many people work in Engineering?', count(engineering.length), firstOf(engineering)),
    q('How many employees started after 2018?', count(after2018.length), firstOf(after2018)),
    q('How many employees have a performance rating of at least 4.5?', count(topRated.length), firstOf(topRated)),
    q('How many employees work remotely?', count(remote.length), firstOf(remote)),
    q('What is the average salary?', value(avg(EMPLOYEES.map(salary))), 1),
    q('What is the average salary in the Marketing department?', value(avg(marketing.map(salary))), firstOf(marketing)),
    q('What is the highest salary?', value(maxSalary.value), maxSalary.row),
    q('Who has the lowest salary?', value(minSalary.value), minSalary.row),
    q('Show employees in the Finance department with a salary over 100,000.', count(richFinance.length), firstOf(richFinance)),
    q(
      'What is the total salary cost per department?',
      groups(
        EMPLOYEES,
        DEPARTMENTS,
        (r) => r.department,
        (rs) => sum(rs.map(salary)),
      ),
    ),
    q(
      'How many employees are in each department?',
      groups(
        EMPLOYEES,
        DEPARTMENTS,
        (r) => r.department,
        (rs) => dec(rs.length),
      ),
    ),
    q('Which department has the highest average salary?', bestPaid.expect, bestPaid.firstRow),
    q(
      'What is the average performance rating by location?',
      groups(
        EMPLOYEES,
        LOCATIONS,
        (r) => r.location,
        (rs) => avg(rs.map(rating)),
      ),
    ),
  ];
}

export const QUESTIONS: Question[] = [
  ...PDF_QUESTIONS,
  ...SCAN_QUESTIONS,
  ...DOCX_QUESTIONS,
  ...salesQuestions(),
  ...employeeQuestions(),
  ...MEANING_QUESTIONS,
];

/** How a CSV expectation reads in the failure list. */
export function describeExpectation(e: CsvExpectation): string {
  if (e.type === 'number') return show(e.value);
  if (e.type === 'date') return e.value;
  return (e.top ? `${e.top} first; ` : '') + e.groups.map((g) => `${g.key}: ${show(g.value)}`).join(', ');
}
