import { clip } from './excerpt';
import { percentileName } from './csv-percentiles';
import { formatCount, groupDigits, roundAverage, rowRange, rowsWord, rowWithHeaders } from './csv-format';
import type { ChatAnswer, ChatSource, CsvAggregate, CsvFilter, CsvPlan, CsvResult, CsvRowRef, CsvTable } from './types';

/** Rows listed in a `rows` answer; the rest are counted, and cited. */
const LISTED_ROWS = 5;
/** Tied rows named in a min/max answer. */
const LISTED_EXTREMES = 3;
/** Cells named per row in a min/max answer: enough to tell which row it is. */
const CELLS_PER_EXTREME = 4;
/** Group lines in a grouped answer. */
const LISTED_GROUPS = 20;
/** spec 2.8: citations per answer. */
const MAX_SOURCES = 10;

const OP_WORDS: Record<CsvFilter['op'], string> = {
  eq: 'is',
  ne: 'is not',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
};

/**
 * The answer to a table question, worded from the exact result: every figure is the executor's own
 * digits (only grouped; averages rounded to 2 places), and every cited row is a row the result holds.
 */
export function answerFromCsvResult(plan: CsvPlan, table: CsvTable, result: CsvResult): ChatAnswer {
  const words = new Wording(plan, table);
  switch (result.kind) {
    case 'aggregate':
      return { answer: words.aggregate(result), sources: rowSources(table, citedRows(plan, table, result)) };
    case 'extreme':
      return { answer: words.extreme(result), sources: rowSources(table, result.rows) };
    case 'rows':
      return { answer: words.rows(result), sources: rowSources(table, result.rows) };
    case 'groups':
      return { answer: words.groups(result), sources: groupSources(result.groups) };
  }
}

class Wording {
  private readonly where: string;
  private readonly column: string;

  constructor(
    private readonly plan: CsvPlan,
    private readonly table: CsvTable,
  ) {
    // A period's two filters (first day, first day after) read once, as the period: "order_date is in March 2025".
    const said = new Set<string>();
    const conditions: string[] = [];
    for (const f of plan.filters) {
      if (f.label === undefined) {
        conditions.push(`${this.name(f.column)} ${OP_WORDS[f.op]} ${f.value}`);
        continue;
      }
      const key = `${f.column} ${f.label}`;
      if (said.has(key)) continue;
      said.add(key);
      conditions.push(`${this.name(f.column)} is ${f.label}`);
    }
    this.where = conditions.join(' and ');
    this.column = plan.column === undefined ? '' : this.name(plan.column);
  }

  aggregate(result: Extract<CsvResult, { kind: 'aggregate' }>): string {
    if (result.matched === 0) return this.none();
    const over = `(over ${formatCount(result.matched)} ${rowsWord(result.matched)})`;
    switch (this.plan.aggregate) {
      case 'sum':
      case 'avg': {
        if (result.value === null) return this.noNumbers(result.matched);
        const what = this.plan.aggregate === 'sum' ? 'total' : 'average';
        const value = this.plan.aggregate === 'sum' ? groupDigits(result.value) : roundAverage(result.value);
        return `The ${what} ${this.column}${this.whereClause()} is ${value} ${over}.`;
      }
      case 'median':
      case 'percentile':
        if (result.value === null) return this.noNumbers(result.matched);
        return `The ${this.statistic()}${this.whereClause()} is ${exactDecimal(result.value)} ${over}.`;
      case 'min':
      case 'max':
        if (result.value === null) return this.noNumbers(result.matched);
        return `The ${this.extremeWord(this.plan.aggregate)} ${this.column}${this.whereClause()} is ${this.value(result.value)} ${over}.`;
      default: {
        const n = Number(result.value ?? result.matched);
        const count = Number.isFinite(n) ? n : result.matched;
        if (!this.where) return `The table has ${formatCount(count)} ${rowsWord(count)}.`;
        return `There ${count === 1 ? 'is' : 'are'} ${formatCount(count)} ${rowsWord(count)} where ${this.where}.`;
      }
    }
  }

  extreme(result: Extract<CsvResult, { kind: 'extreme' }>): string {
    if (result.matched === 0) return this.none();
    if (result.value === null) return this.noNumbers(result.matched);
    const op = this.plan.aggregate === 'min' ? 'min' : 'max';
    const named = result.rows.slice(0, LISTED_EXTREMES).map((row) => this.identify(row));
    if (result.rows.length > LISTED_EXTREMES) named.push(`and ${result.rows.length - LISTED_EXTREMES} more ${rowsWord(result.rows.length - LISTED_EXTREMES)}`);
    const which = named.length > 0 ? ` (${named.join('; ')})` : '';
    return `The ${this.extremeWord(op)} ${this.column}${this.whereClause()} is ${this.value(result.value)}${which}.`;
  }

  rows(result: Extract<CsvResult, { kind: 'rows' }>): string {
    if (result.matched === 0) return this.none();
    const shown = result.rows.slice(0, LISTED_ROWS);
    const more = result.matched > shown.length ? `; the first ${shown.length}` : '';
    const head = this.where
      ? `${formatCount(result.matched)} ${rowsWord(result.matched)} ${result.matched === 1 ? 'matches' : 'match'} where ${this.where}${more}:`
      : `The table has ${formatCount(result.matched)} ${rowsWord(result.matched)}${more}:`;
    return [head, ...shown.map((row) => clip(`row ${row.rowNumber}: ${rowWithHeaders(this.table, row, ' ')}`))].join('\n');
  }

  groups(result: Extract<CsvResult, { kind: 'groups' }>): string {
    if (result.groups.length === 0) return this.none();
    const by = this.name(this.plan.groupBy ?? 0);
    const measure =
      this.plan.aggregate === 'sum'
        ? `Total ${this.column}`
        : this.plan.aggregate === 'avg'
          ? `Average ${this.column}`
          : this.plan.aggregate === 'max'
            ? `${capitalise(this.extremeWord('max'))} ${this.column}`
            : this.plan.aggregate === 'min'
              ? `${capitalise(this.extremeWord('min'))} ${this.column}`
              : this.plan.aggregate === 'median' || this.plan.aggregate === 'percentile'
                ? capitalise(this.statistic())
                : 'Number of rows';
    const head = `${measure} by ${by}${this.whereClause()} (${formatCount(result.total)} ${result.total === 1 ? 'group' : 'groups'}):`;
    const lines = result.groups.slice(0, LISTED_GROUPS).map((g) => {
      const key = g.key === '' ? '(blank)' : g.key;
      const rows = `${formatCount(g.matched)} ${rowsWord(g.matched)}`;
      if (this.plan.aggregate === 'count' || this.plan.aggregate === 'rows') return `${key}: ${rows}`;
      if (g.value === null) return `${key}: no numbers (${rows})`;
      const median = this.plan.aggregate === 'median' || this.plan.aggregate === 'percentile';
      return `${key}: ${this.plan.aggregate === 'avg' ? roundAverage(g.value) : median ? exactDecimal(g.value) : this.value(g.value)} (${rows})`;
    });
    const hidden = result.total - lines.length;
    if (hidden > 0) lines.push(`… and ${formatCount(hidden)} more ${hidden === 1 ? 'group' : 'groups'}.`);
    return [head, ...lines].join('\n');
  }

  /** "median units", "90th percentile of units". */
  private statistic(): string {
    if (this.plan.aggregate === 'median') return `median ${this.column}`;
    return `${percentileName(this.plan.fraction ?? '0.5')} percentile of ${this.column}`;
  }

  private none(): string {
    return this.where ? `There are no rows where ${this.where}.` : 'The table has no rows.';
  }

  private noNumbers(matched: number): string {
    if (!this.where) return `No row has a number in ${this.column}.`;
    return `None of the ${formatCount(matched)} ${rowsWord(matched)} where ${this.where} has a number in ${this.column}.`;
  }

  private whereClause(): string {
    return this.where ? ` where ${this.where}` : '';
  }

  /** Dates have an earliest and a latest; numbers a lowest and a highest. */
  private extremeWord(op: Extract<CsvAggregate, 'min' | 'max'>): string {
    const date = this.plan.column !== undefined && this.table.columns[this.plan.column]?.type === 'date';
    return op === 'max' ? (date ? 'latest' : 'highest') : date ? 'earliest' : 'lowest';
  }

  /** A min/max value: numbers grouped with every digit kept, dates as they are. */
  private value(value: string): string {
    const type = this.plan.column === undefined ? undefined : this.table.columns[this.plan.column]?.type;
    return type === 'integer' || type === 'number' ? groupDigits(value) : value;
  }

  /** "row 37: product Gadget, region West": the row's words first, leaving out what the question already fixed. */
  private identify(row: CsvRowRef): string {
    const fixed = new Set(this.plan.filters.filter((f) => f.op === 'eq').map((f) => f.column));
    if (this.plan.column !== undefined) fixed.add(this.plan.column);
    const order = row.cells
      .map((cell, i) => ({ cell: cell.trim(), i }))
      .filter(({ cell, i }) => cell !== '' && !fixed.has(i))
      .sort((a, b) => rank(this.table, a.i) - rank(this.table, b.i) || a.i - b.i)
      .slice(0, CELLS_PER_EXTREME)
      .map(({ cell, i }) => `${this.name(i)} ${cell}`);
    return order.length > 0 ? `row ${row.rowNumber}: ${order.join(', ')}` : `row ${row.rowNumber}`;
  }

  private name(column: number): string {
    return this.table.header[column] ?? `column ${column + 1}`;
  }
}

/** Text names a row better than a number does. */
function rank(table: CsvTable, column: number): number {
  return table.columns[column]?.type === 'text' ? 0 : 1;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

interface RowSpan {
  first: number;
  last: number;
  /** The range's first row, quoted in the excerpt. */
  row: CsvRowRef;
}

/**
 * The rows an aggregate rests on. With no filter over the whole table the executor returns only the first
 * 50 rows, yet the figure covers every row: the citation says so (`rows 1-<all>`).
 */
function citedRows(plan: CsvPlan, table: CsvTable, result: Extract<CsvResult, { kind: 'aggregate' }>): CsvRowRef[] | RowSpan[] {
  const rows = result.rows;
  const wholeTable =
    plan.filters.length === 0 &&
    rows.length > 0 &&
    result.matched > rows.length &&
    result.matched === table.rowCount &&
    rows.every((r, i) => r.rowNumber === i + 1);
  return wholeTable ? [{ first: 1, last: result.matched, row: rows[0]! }] : rows;
}

/** One source per run of consecutive rows, in row order, at most 10. */
function rowSources(table: CsvTable, cited: CsvRowRef[] | RowSpan[]): ChatSource[] {
  const spans = cited.length > 0 && 'first' in cited[0]! ? (cited as RowSpan[]) : runs(cited as CsvRowRef[]);
  return spans.slice(0, MAX_SOURCES).map((s) => ({ page: s.first, excerpt: clip(`${rowRange(s.first, s.last)}: ${rowWithHeaders(table, s.row)}`) }));
}

function runs(rows: CsvRowRef[]): RowSpan[] {
  const sorted = [...new Map(rows.map((r) => [r.rowNumber, r])).values()].sort((a, b) => a.rowNumber - b.rowNumber);
  const out: RowSpan[] = [];
  for (const row of sorted) {
    const last = out[out.length - 1];
    if (last && row.rowNumber === last.last + 1) last.last = row.rowNumber;
    else out.push({ first: row.rowNumber, last: row.rowNumber, row });
  }
  return out;
}

/** A group cites the span of rows it was found in, in the answer's order (its rank), at most 10. */
function groupSources(groups: Extract<CsvResult, { kind: 'groups' }>['groups']): ChatSource[] {
  return groups
    .slice(0, MAX_SOURCES)
    .map((g) => ({ page: g.firstRow, excerpt: clip(`${rowRange(g.firstRow, g.lastRow)}: ${g.key === '' ? '(blank)' : g.key}`) }));
}

/** A median or percentile as computed, every digit kept but trailing zeros ("10.90" → "10.9"), grouped. */
function exactDecimal(value: string): string {
  return groupDigits(value.includes('.') ? value.replace(/\.?0+$/, '') : value);
}
