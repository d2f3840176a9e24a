import { askedPercentile } from './csv-percentiles';
import { booleanFiltersOf, booleanGroupNamed, isBoolean } from './csv-booleans';
import { findComparisons } from './csv-comparisons';
import { findMentions, type ColumnMention, type Mention } from './csv-mentions';
import { findPeriods } from './csv-periods';
import {
  ACCUMULATING_EXTREMES,
  aggregateOf,
  DATE_EXTREMES,
  LIST_VERBS,
  MONEY_NAMES,
  NOT_DATA_WORDS,
  PERIOD_WORDS,
  PRICE_EXTREMES,
  ROW_NOUNS,
  UNSUPPORTED_WORDS,
} from './csv-vocabulary';
import { tokenize, type Word } from './csv-words';
import type { CsvAggregate, CsvFilter, CsvPlan, CsvTable } from './types';

/** One instruction word of the question ("total", "how many", "most recent") and where it stands. */
interface Marker {
  op: CsvAggregate;
  at: number;
  word: string;
  /** "how many units", "number of units": the numeric column counted is summed. */
  column?: number;
}

/** Negations that turn "East" into "not East": "not in the East", "excluding West", "other than North". */
const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  'except',
  'excluding',
  'exclude',
  'besides',
  'outside',
  'non',
  'without',
  '!=',
  'than',
]);
/** Words between a negation or a column's name and a value: "not in the East", "region is West". */
const VALUE_LINKS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'in',
  'from',
  'the',
  'a',
  'an',
  'of',
  'for',
  'to',
  'with',
  'equal',
  '=',
  'at',
  'on',
  'by',
  ':',
]);
/** Dates a plan has no filter for: only a text column's values can match them. */
const DATE_WORDS =
  /^(?:\d{4}-\d{2}(?:-\d{2})?|january|february|march|april|june|july|august|september|october|november|december|yesterday|today|day|week|month|year|quarter|q[1-4])$/;
/** What people say before an imperative: "please show…", "can you list…", "I want to see…". */
const POLITE: ReadonlySet<string> = new Set([
  'please',
  'can',
  'could',
  'would',
  'will',
  'you',
  'i',
  'want',
  'to',
  'like',
  "i'd",
  'me',
  'let',
  'kindly',
  'just',
  'now',
]);
/** "by" after these orders rows, it does not group them. */
const SORTING: ReadonlySet<string> = new Set(['sort', 'sorted', 'order', 'ordered', 'rank', 'ranked', 'arrange', 'arranged']);

/**
 * What a question about a table asks for, or null when it asks nothing a table computes ("what is this
 * file about?") or asks something a plan cannot say exactly (two values of one column, a comparison
 * whose column cannot be told): the caller then answers from passages instead of with a wrong number.
 */
export function planCsvQuestion(question: string, table: CsvTable): CsvPlan | null {
  const words = tokenize(question);
  if (words.length === 0 || table.header.length === 0) return null;
  const mentions = findMentions(words, table);
  // "in March 2025", "Q1 2025", "after 2024": filters on the date column, read before numbers are.
  const periods = findPeriods(words, mentions, table);
  if (periods.unresolved) return null;
  const compared = findComparisons(words, mentions, table, periods.usedWords);
  if (compared.unresolved) return null;

  const covered: boolean[] = new Array(words.length).fill(false);
  for (const m of mentions) for (let i = m.start; i < m.end; i++) covered[i] = true;
  for (const i of compared.usedWords) covered[i] = true;
  for (const i of periods.usedWords) covered[i] = true;
  const statistic = askedPercentile(words);
  if (statistic === undefined) return null;
  for (const i of statistic?.words ?? []) covered[i] = true;
  const free = (i: number): boolean => i >= 0 && i < words.length && !covered[i];
  // A number or date the plan would not use ("revenue in 2023", "in March", "the 10 largest") or a statistic
  // it cannot compute ("median") would be silently dropped, and the answer would be about something else.
  if (words.some((w, i) => free(i) && (w.number !== undefined || UNSUPPORTED_WORDS.has(w.norm) || DATE_WORDS.test(w.norm)))) return null;

  const used = new Set<Mention>(compared.usedMentions);
  const valueFilters = valueFiltersOf(words, mentions, used, free);
  if (valueFilters === null) return null;

  const columnMentions = mentions.filter((m): m is ColumnMention => m.kind === 'column');
  const markers = markersOf(words, columnMentions, table, free);
  if (markers === null) return null;
  // The statistic is the measure; "highest" or "total" beside it would only be noise ("the total median").
  if (statistic) markers.splice(0, markers.length, { op: statistic.op, at: statistic.at, word: statistic.op });
  const filtered = new Set([...compared.comparisons, ...valueFilters, ...periods.filters].map((c) => c.filter.column));
  const groupBy = groupByOf(words, columnMentions, markers, table, free, filtered);
  if (groupBy) used.add(groupBy.mention);
  // A yes/no column named and not grouped by is a condition: "remote employees", "not full-time".
  const booleanFilters = booleanFiltersOf(words, columnMentions, table, used, free);
  if (booleanFilters === null) return null;
  const filters = [...compared.comparisons, ...periods.filters, ...valueFilters, ...booleanFilters].sort((a, b) => a.at - b.at).map((c) => c.filter);

  const op = chooseOp(
    markers,
    groupBy !== undefined,
    columnMentions.some((m) => !used.has(m) && isNumeric(table, m.column)),
  );
  const wantsRows = !op && !groupBy && (filters.length > 0 || asksForRows(words, free)) && !words.some((w, i) => free(i) && NOT_DATA_WORDS.has(w.norm));
  const implicitSum = !op && !groupBy && !asksForRows(words, free) && asksForAmount(words);

  let aggregate: CsvPlan['aggregate'];
  if (op) aggregate = op;
  else if (groupBy) aggregate = 'count';
  else if (implicitSum && columnMentions.some((m) => !m.partial && !used.has(m) && isNumeric(table, m.column))) aggregate = 'sum';
  else if (wantsRows) aggregate = 'rows';
  else return null;

  const plan: CsvPlan = { aggregate, filters };
  if (groupBy) plan.groupBy = groupBy.mention.column;
  if (statistic) plan.fraction = statistic.fraction;
  if (aggregate !== 'count' && aggregate !== 'rows') {
    const counted = markers.find((m) => m.column !== undefined && m.op === aggregate)?.column;
    const column = counted ?? aggregateColumn(aggregate, markers, columnMentions, used, compared.usedMentions, table, words);
    if (column === undefined) return null;
    plan.column = column;
  }
  return dropsNamedColumn(plan, columnMentions, words, table) ? null : plan;
}

/**
 * Stopgap against answering another question: a column the question names by its whole header that the
 * plan neither aggregates, filters nor groups by ("what is the total salary of the department", "how many
 * employees have a start year") means the plan missed part of the question, so passages answer instead.
 * Named columns a plan may leave out:
 * - any, when it lists rows: every column of the listed rows is shown ("show the salary of remote staff");
 * - the thing counted: "how many products", "number of orders";
 * - a text or date column with a minimum or maximum: the answer names the whole row holding it ("which
 *   product has the largest revenue", "what is the cheapest product", "name of the oldest employee").
 * Known limit: only header words count. A condition that names no column ("how many employees are
 * happy?" where no header says "happy") is still dropped, and the plan counts every row.
 */
function dropsNamedColumn(plan: CsvPlan, columns: ColumnMention[], words: Word[], table: CsvTable): boolean {
  if (plan.aggregate === 'rows') return false;
  const planned = new Set<number>(plan.filters.map((f) => f.column));
  if (plan.column !== undefined) planned.add(plan.column);
  if (plan.groupBy !== undefined) planned.add(plan.groupBy);
  const extreme = plan.aggregate === 'min' || plan.aggregate === 'max';
  return columns.some(
    (m) => !m.partial && !planned.has(m.column) && !(plan.aggregate === 'count' && isCounted(words, m.start)) && !(extreme && !isNumeric(table, m.column)),
  );
}

/** Whether the words at `at` are what "how many", "number of" or "count" counts: "how many (of the) products". */
function isCounted(words: Word[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && ['the', 'all', 'of'].includes(words[i]!.norm) && !(words[i]!.norm === 'of' && words[i - 1]?.norm === 'number')) i -= 1;
  const w = words[i]?.norm;
  return (w === 'many' && words[i - 1]?.norm === 'how') || (w === 'of' && words[i - 1]?.norm === 'number') || w === 'count';
}

const OP_NAMES: Record<CsvAggregate, string> = {
  count: 'count',
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  median: 'median',
  percentile: 'percentile',
};
const OP_SYMBOLS: Record<CsvFilter['op'], string> = { eq: '=', ne: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A short account of a plan for people and logs: "sum of revenue by region where units > 100". */
export function describeCsvPlan(plan: CsvPlan, table: CsvTable): string {
  const name = (column: number | undefined): string => (column === undefined ? '?' : (table.header[column] ?? `column ${column + 1}`));
  let text = plan.aggregate === 'rows' ? 'rows' : plan.aggregate === 'count' ? 'count of rows' : `${OP_NAMES[plan.aggregate]} of ${name(plan.column)}`;
  if (plan.groupBy !== undefined) text += ` by ${name(plan.groupBy)}`;
  if (plan.filters.length > 0) text += ` where ${plan.filters.map((f) => `${name(f.column)} ${OP_SYMBOLS[f.op]} ${f.value}`).join(' and ')}`;
  return text;
}

/** Numeric columns that are periods, so "per year" groups by them like by a text column. */
function isPeriod(table: CsvTable, column: number): boolean {
  return tokenize(table.header[column] ?? '').some((w) => PERIOD_WORDS.has(w.norm));
}

function isNumeric(table: CsvTable, column: number): boolean {
  const type = table.columns[column]?.type;
  return type === 'integer' || type === 'number';
}

/**
 * A value named is an equality filter on its column, or an inequality after a negation. The column's name
 * beside the value ("East region", "region is West") is then spent on the filter. Null when one column
 * must equal two values ("East or West"): filters all hold at once, so no plan says that.
 */
function valueFiltersOf(words: Word[], mentions: Mention[], used: Set<Mention>, free: (i: number) => boolean): { filter: CsvFilter; at: number }[] | null {
  const out: { filter: CsvFilter; at: number }[] = [];
  const equal = new Map<number, string>();
  for (const m of mentions) {
    if (m.kind !== 'value') continue;
    const own = (c: Mention | undefined): c is ColumnMention => c?.kind === 'column' && c.column === m.column;
    let negated = false;
    let i = m.start - 1;
    while (i >= 0) {
      const at = mentions.find((c) => c.start <= i && i < c.end);
      if (own(at)) {
        used.add(at);
        i = at.start - 1;
        continue;
      }
      if (!free(i)) break;
      const w = words[i]!.norm;
      if (NEGATIONS.has(w) && (w !== 'than' || words[i - 1]?.norm === 'other')) {
        negated = true;
        i -= w === 'than' ? 2 : 1;
        continue;
      }
      if (!VALUE_LINKS.has(w)) break;
      i -= 1;
    }
    const after = mentions.find((c) => c.start === m.end);
    if (own(after)) used.add(after);
    const op = negated ? 'ne' : 'eq';
    if (op === 'eq') {
      const previous = equal.get(m.column);
      if (previous !== undefined && previous !== m.value) return null;
      if (previous === m.value) continue;
      equal.set(m.column, m.value);
    }
    out.push({ filter: { column: m.column, op, value: m.value }, at: m.start });
  }
  return out;
}

/** The aggregate words of the question in order; null for a question about the table's shape ("how many columns"). */
function markersOf(words: Word[], columns: ColumnMention[], table: CsvTable, free: (i: number) => boolean): Marker[] | null {
  const markers: Marker[] = [];
  const startsAt = (i: number): ColumnMention | undefined => columns.find((c) => c.start === i && !c.partial);
  for (let i = 0; i < words.length; i++) {
    if (!free(i)) continue;
    const w = words[i]!.norm;
    const next = words[i + 1]?.norm;
    if ((w === 'how' && next === 'many') || (w === 'number' && next === 'of') || (w === 'how' && next === 'often')) {
      let after = i + 2;
      if (words[after]?.norm === 'the') after += 1;
      if (['column', 'field', 'header', 'heading'].includes(words[after]?.norm ?? '')) return null;
      const counted = startsAt(after);
      if (counted && isNumeric(table, counted.column) && next !== 'often') markers.push({ op: 'sum', at: i, word: 'how many', column: counted.column });
      else markers.push({ op: 'count', at: i, word: 'count' });
      i += 1;
      continue;
    }
    if (w === 'how' && next === 'much') {
      markers.push({ op: 'sum', at: i, word: 'how much' });
      i += 1;
      continue;
    }
    // "at least" / "at most" without a number after them are not extremes.
    if ((w === 'least' || w === 'most') && words[i - 1]?.norm === 'at') continue;
    if (w === 'most' && (next === 'recent' || next === 'expensive')) {
      markers.push({ op: 'max', at: i, word: next });
      i += 1;
      continue;
    }
    if (w === 'least' && next === 'expensive') {
      markers.push({ op: 'min', at: i, word: 'cheapest' });
      i += 1;
      continue;
    }
    const op = aggregateOf(w);
    if (op) markers.push({ op, at: i, word: w });
  }
  // An aggregate word that is part of a column's name ("Total Sales") still counts when nothing else asks.
  if (markers.length === 0) {
    for (const c of columns) {
      const w = words[c.start]!.norm;
      const op = aggregateOf(w);
      if (op && c.end - c.start > 1) markers.push({ op, at: c.start, word: w });
    }
  }
  // "how many rows in total", "total number of orders": the count is asked, "total" only insists.
  if (markers.some((m) => m.op === 'count'))
    return markers.filter((m) => !(m.op === 'sum' && m.word !== 'sum' && m.column === undefined && m.word !== 'how much'));
  return markers;
}

/**
 * The column answers are split by: "by region", "per region", "for each region", "grouped by product",
 * "how many different products", "which region has the most orders", "which region has the highest
 * total revenue". Only "group by" groups by a numeric column: "revenue per unit" is a ratio, not a grouping.
 */
function groupByOf(
  words: Word[],
  columns: ColumnMention[],
  markers: Marker[],
  table: CsvTable,
  free: (i: number) => boolean,
  filtered: ReadonlySet<number>,
): { mention: ColumnMention } | undefined {
  // A yes/no column follows "by" as a grouping ("salary by remote"); after "per", "each" or "which" only
  // before a noun such as "status" ("each remote employee" is a condition, see csv-booleans).
  const columnAfter = (i: number, explicit: boolean, by = false): ColumnMention | undefined => {
    let k = i;
    while (['the', 'each', 'every', 'a', 'their', 'its'].includes(words[k]?.norm ?? '')) k += 1;
    const c = columns.find((m) => m.start === k);
    if (c && isBoolean(table, c.column)) return explicit || by || booleanGroupNamed(words, c) ? c : undefined;
    return c && (explicit || !isNumeric(table, c.column) || isPeriod(table, c.column)) ? c : undefined;
  };
  for (let i = 0; i < words.length; i++) {
    if (!free(i)) continue;
    const w = words[i]!.norm;
    const prev = words[i - 1]?.norm ?? '';
    let found: ColumnMention | undefined;
    if (w === 'by' && !SORTING.has(prev)) found = columnAfter(i + 1, prev === 'group' || prev === 'grouped', true);
    else if (w === 'group' && words[i + 1]?.norm === 'by') found = columnAfter(i + 2, true);
    else if (w === 'per' || w === 'each' || w === 'every') found = columnAfter(i + 1, false);
    else if ((w === 'distinct' || w === 'different' || w === 'unique') && markers.some((m) => m.op === 'count')) found = columnAfter(i + 1, true);
    // "how many departments are there": the departments, not the rows that name one (unless one is picked: "how many products are Widgets").
    else if (w === 'many' && prev === 'how') {
      const counted = columnAfter(i + 1, false);
      if (counted && !counted.partial && !isNumeric(table, counted.column) && !isBoolean(table, counted.column) && !filtered.has(counted.column))
        found = counted;
    }
    if (found) return { mention: found };
  }
  // "which region has the most orders" / "which region has the highest total revenue": a ranking of regions.
  const which = words.findIndex((w, i) => free(i) && (w.norm === 'which' || w.norm === 'what'));
  const subject = which >= 0 ? columnAfter(which + 1, false) : undefined;
  if (subject) {
    const accumulates = markers.some((m) => ACCUMULATING_EXTREMES.has(m.word));
    const rankedTotal = markers.some((m) => m.op === 'max' || m.op === 'min') && markers.some((m) => m.op === 'sum' || m.op === 'avg' || m.op === 'count');
    if (accumulates || rankedTotal) return { mention: subject };
  }
  return undefined;
}

/** The aggregate asked: with a grouping the per-group measure wins over "highest" (which only orders the groups). */
function chooseOp(markers: Marker[], grouped: boolean, numericNamed: boolean): CsvAggregate | undefined {
  if (!grouped) return markers[0]?.op;
  const measure = markers.find((m) => m.op === 'sum' || m.op === 'avg' || m.op === 'count' || m.op === 'median' || m.op === 'percentile');
  if (measure) return measure.op;
  const extreme = markers.find((m) => !ACCUMULATING_EXTREMES.has(m.word) && (m.op === 'max' || m.op === 'min'));
  if (extreme) return extreme.op;
  return numericNamed ? 'sum' : 'count';
}

/** Whether the question asks to see rows: an imperative ("show…", "can you list…") or "rows where/with…". */
function asksForRows(words: Word[], free: (i: number) => boolean): boolean {
  let i = 0;
  while (i < words.length && POLITE.has(words[i]!.norm)) i += 1;
  if (free(i) && LIST_VERBS.has(words[i]!.norm)) return true;
  return words.some(
    (w, k) =>
      free(k) &&
      ROW_NOUNS.has(w.norm) &&
      (['where', 'with', 'that', 'whose', 'having', 'which'].includes(words[k + 1]?.norm ?? '') || ['which', 'what'].includes(words[k - 1]?.norm ?? '')),
  );
}

/** "What is the revenue…", "what's the units…": a figure asked for without saying how to combine the rows. */
function asksForAmount(words: Word[]): boolean {
  const [first, second] = [words[0]?.norm, words[1]?.norm];
  return first === "what's" || (first === 'what' && ['is', 'are', 'was', 'were'].includes(second ?? ''));
}

/**
 * The column an aggregate is over: the numeric column the question names (the first one after the
 * aggregate word), one only compared ("average revenue over 5000") if need be; for min/max a date column
 * too. Unnamed: the date column for "latest", the price column for "cheapest", else the only numeric
 * column. Sum or average of a named column that holds no numbers is refused.
 */
function aggregateColumn(
  op: Exclude<CsvAggregate, 'count'>,
  markers: Marker[],
  columns: ColumnMention[],
  used: Set<Mention>,
  compared: Set<Mention>,
  table: CsvTable,
  words: Word[],
): number | undefined {
  const extreme = op === 'min' || op === 'max';
  const fits = (c: number): boolean => isNumeric(table, c) || (extreme && table.columns[c]?.type === 'date');
  const at = markers.find((m) => m.op === op)?.at ?? 0;
  const pick = (pool: ColumnMention[]): number | undefined => {
    const fitting = pool.filter((m) => fits(m.column));
    return (fitting.find((m) => m.start > at) ?? fitting[0])?.column;
  };
  const unused = columns.filter((m) => !used.has(m));
  // "total units and revenue": two measures, one answer; which one is meant cannot be told.
  if (new Set(unused.filter((m) => !m.partial && fits(m.column)).map((m) => m.column)).size > 1) return undefined;
  const named = pick(unused.filter((m) => !m.partial)) ?? pick(unused.filter((m) => m.partial)) ?? pick(columns.filter((m) => compared.has(m)));
  if (named !== undefined) return named;
  if (!extreme && unused.some((m) => !m.partial)) return undefined;

  const all = table.columns.map((_, i) => i);
  const only = (candidates: number[]): number | undefined => (candidates.length === 1 ? candidates[0] : undefined);
  if (extreme) {
    const asked = markers.filter((m) => m.op === op).map((m) => m.word);
    if (asked.some((w) => DATE_EXTREMES.has(w)) || words.some((w) => w.norm === 'when')) {
      const date = only(all.filter((i) => table.columns[i]?.type === 'date'));
      if (date !== undefined) return date;
    }
    if (asked.some((w) => PRICE_EXTREMES.has(w))) {
      const numeric = all.filter((i) => isNumeric(table, i));
      const price =
        only(numeric.filter((i) => /price|cost/i.test(table.header[i] ?? ''))) ?? only(numeric.filter((i) => MONEY_NAMES.test(table.header[i] ?? '')));
      if (price !== undefined) return price;
    }
  }
  return only(all.filter((i) => isNumeric(table, i)));
}
