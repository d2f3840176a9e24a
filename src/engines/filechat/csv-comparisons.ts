import type { Mention } from './csv-mentions';
import { MONEY_NAMES, PERIOD_WORDS } from './csv-vocabulary';
import { tokenize, type Word } from './csv-words';
import type { CsvFilter, CsvTable } from './types';

type Op = CsvFilter['op'];

/** Phrases before a number, as singular words; the longest that matches is read. */
const PREFIX: [string[], Op][] = (
  [
    ['greater than or equal to', 'gte'],
    ['more than or equal to', 'gte'],
    ['higher than or equal to', 'gte'],
    ['less than or equal to', 'lte'],
    ['lower than or equal to', 'lte'],
    ['fewer than or equal to', 'lte'],
    ['not more than', 'lte'],
    ['no more than', 'lte'],
    ['not greater than', 'lte'],
    ['not over', 'lte'],
    ['not above', 'lte'],
    ['not exceeding', 'lte'],
    ['not less than', 'gte'],
    ['no less than', 'gte'],
    ['no fewer than', 'gte'],
    ['not fewer than', 'gte'],
    ['not under', 'gte'],
    ['not below', 'gte'],
    ['not equal to', 'ne'],
    ['is not', 'ne'],
    ['not', 'ne'],
    ['other than', 'ne'],
    ['except', 'ne'],
    ['excluding', 'ne'],
    ['!=', 'ne'],
    ['more than', 'gt'],
    ['greater than', 'gt'],
    ['higher than', 'gt'],
    ['larger than', 'gt'],
    ['bigger than', 'gt'],
    ['in excess of', 'gt'],
    ['exceeding', 'gt'],
    ['exceed', 'gt'],
    ['over', 'gt'],
    ['above', 'gt'],
    ['>', 'gt'],
    ['at least', 'gte'],
    ['a minimum of', 'gte'],
    ['minimum of', 'gte'],
    ['>=', 'gte'],
    ['less than', 'lt'],
    ['fewer than', 'lt'],
    ['lower than', 'lt'],
    ['smaller than', 'lt'],
    ['under', 'lt'],
    ['below', 'lt'],
    ['<', 'lt'],
    ['at most', 'lte'],
    ['up to', 'lte'],
    ['a maximum of', 'lte'],
    ['maximum of', 'lte'],
    ['<=', 'lte'],
    ['equal to', 'eq'],
    ['equal', 'eq'],
    ['exactly', 'eq'],
    ['=', 'eq'],
    ['after', 'gt'],
    ['later than', 'gt'],
    ['since', 'gte'],
    ['before', 'lt'],
    ['earlier than', 'lt'],
    ['prior to', 'lt'],
  ] as [string, Op][]
)
  .map(([phrase, op]): [string[], Op] => [phrase.split(' '), op])
  .sort((a, b) => b[0].length - a[0].length);

/** Words of a comparison in time ("after 2018", "since 2020"): with no column beside it, it compares the table's period column. */
const TEMPORAL: ReadonlySet<string> = new Set(['after', 'later', 'since', 'before', 'earlier', 'prior']);

/** Phrases after a number: "100 or more", "50 and below". */
const SUFFIX: [string[], Op][] = (
  [
    ['or more', 'gte'],
    ['or greater', 'gte'],
    ['or higher', 'gte'],
    ['or above', 'gte'],
    ['or over', 'gte'],
    ['and above', 'gte'],
    ['and up', 'gte'],
    ['and over', 'gte'],
    ['plus', 'gte'],
    ['or less', 'lte'],
    ['or fewer', 'lte'],
    ['or lower', 'lte'],
    ['or below', 'lte'],
    ['or under', 'lte'],
    ['and below', 'lte'],
    ['and under', 'lte'],
  ] as [string, Op][]
).map(([phrase, op]): [string[], Op] => [phrase.split(' '), op]);

/** Words between a column's name and its comparison: "units is greater than", "rows with revenue over". */
const FILLER: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'has',
  'have',
  'had',
  'with',
  'where',
  'whose',
  'that',
  'which',
  'the',
  'a',
  'an',
  'of',
  'it',
  'its',
  'value',
  'in',
  'for',
  'on',
  'to',
  ':',
]);

export interface Comparison {
  filter: CsvFilter;
  /** Where in the question it was asked: filters keep question order. */
  at: number;
}

export interface Comparisons {
  comparisons: Comparison[];
  /** Words read as comparisons (the operator and its numbers). */
  usedWords: Set<number>;
  /** Column names that stand as the subject of a comparison, so they are not also the column aggregated. */
  usedMentions: Set<Mention>;
  /** A comparison whose column cannot be told, or that compares a column that is not a number: no honest plan exists. */
  unresolved: boolean;
}

/**
 * The numeric comparisons of a question: "units greater than 100", "more than 100 units", "revenue between
 * 10 and 20", "100 or more units", "units is 5". A comparison names its column before or after it; with no
 * column beside it, the one numeric column the question names elsewhere, the money column for "$5,000",
 * or the table's only numeric column. Words in `reserved` (periods of the calendar, see csv-periods) are not read.
 */
export function findComparisons(words: Word[], mentions: Mention[], table: CsvTable, reserved: ReadonlySet<number> = new Set()): Comparisons {
  const mentionAt: (Mention | undefined)[] = new Array(words.length);
  for (const m of mentions) for (let i = m.start; i < m.end; i++) mentionAt[i] = m;
  const out: Comparisons = { comparisons: [], usedWords: new Set(), usedMentions: new Set(), unresolved: false };
  const free = (i: number): boolean => i < words.length && !mentionAt[i] && !out.usedWords.has(i) && !reserved.has(i);

  const add = (op: Op, number: Word, from: number, to: number, at: number, temporal = false): void => {
    const column = resolveColumn(words, mentionAt, mentions, table, from, to, number, out, temporal);
    for (let i = from; i < to; i++) out.usedWords.add(i);
    if (column === undefined) {
      out.unresolved = true;
      return;
    }
    out.comparisons.push({ filter: { column, op, value: number.number! }, at });
  };

  for (let i = 0; i < words.length; i++) {
    if (!free(i)) continue;
    // "between 10 and 20", "from 10 to 20"
    const low = words[i + 1];
    const high = words[i + 3];
    if (
      (words[i]!.norm === 'between' || words[i]!.norm === 'from') &&
      low?.number !== undefined &&
      high?.number !== undefined &&
      ['and', 'to', '-'].includes(words[i + 2]!.norm)
    ) {
      const range: [string, string] = Number(low.number) <= Number(high.number) ? [low.number, high.number] : [high.number, low.number];
      const column = resolveColumn(words, mentionAt, mentions, table, i, i + 4, low, out);
      for (let k = i; k < i + 4; k++) out.usedWords.add(k);
      if (column === undefined) out.unresolved = true;
      else out.comparisons.push({ filter: { column, op: 'gte', value: range[0] }, at: i }, { filter: { column, op: 'lte', value: range[1] }, at: i });
      i += 3;
      continue;
    }
    const prefix = PREFIX.find(([phrase]) => phrase.every((p, k) => free(i + k) && words[i + k]!.norm === p));
    if (prefix) {
      const numberAt = i + prefix[0].length;
      const number = words[numberAt];
      if (number?.number !== undefined && free(numberAt)) {
        add(
          prefix[1],
          number,
          i,
          numberAt + 1,
          i,
          prefix[0].some((w) => TEMPORAL.has(w)),
        );
        i = numberAt;
      }
      continue;
    }
    const word = words[i]!;
    if (word.number === undefined) continue;
    const suffix = SUFFIX.find(([phrase]) => phrase.every((p, k) => free(i + 1 + k) && words[i + 1 + k]!.norm === p));
    if (suffix) {
      add(suffix[1], word, i, i + 1 + suffix[0].length, i);
      i += suffix[0].length;
      continue;
    }
    // A bare number is a comparison only beside a numeric column's name: "units is 5", "year 2023", "5 units".
    const column = besideNumericColumn(words, mentionAt, table, i);
    if (column) {
      out.comparisons.push({ filter: { column: column.mention.column, op: column.negated ? 'ne' : 'eq', value: word.number }, at: i });
      out.usedWords.add(i);
      out.usedMentions.add(column.mention);
    }
  }
  return out;
}

function isNumeric(table: CsvTable, column: number): boolean {
  const type = table.columns[column]?.type;
  return type === 'integer' || type === 'number';
}

function resolveColumn(
  words: Word[],
  mentionAt: (Mention | undefined)[],
  mentions: Mention[],
  table: CsvTable,
  from: number,
  to: number,
  number: Word,
  out: Comparisons,
  temporal = false,
): number | undefined {
  let left = from - 1;
  while (left >= 0 && !mentionAt[left] && FILLER.has(words[left]!.norm)) left -= 1;
  let right = to;
  while (right < words.length && !mentionAt[right] && FILLER.has(words[right]!.norm)) right += 1;
  // A text column beside it is the subject ("products over 100 units"), not what is compared.
  for (const beside of [mentionAt[left], mentionAt[right]]) {
    if (beside?.kind !== 'column' || !isNumeric(table, beside.column)) continue;
    out.usedMentions.add(beside);
    return beside.column;
  }
  const numeric = table.columns.flatMap((_c, i) => (isNumeric(table, i) ? [i] : []));
  // "started after 2018": the period column, even when the question names another numeric column ("salary of those hired after 2018").
  if (temporal) {
    const periods = numeric.filter((i) => tokenize(table.header[i] ?? '').some((w) => PERIOD_WORDS.has(w.norm)));
    if (periods.length === 1) return periods[0];
  }
  if (number.money) {
    const money = numeric.filter((i) => MONEY_NAMES.test(table.header[i] ?? ''));
    if (money.length === 1) return money[0];
  }
  const named = [...new Set(mentions.filter((m) => m.kind === 'column' && isNumeric(table, m.column)).map((m) => m.column))];
  if (named.length === 1) return named[0];
  return numeric.length === 1 ? numeric[0] : undefined;
}

function besideNumericColumn(
  words: Word[],
  mentionAt: (Mention | undefined)[],
  table: CsvTable,
  at: number,
): { mention: Mention; negated: boolean } | undefined {
  let negated = false;
  let left = at - 1;
  while (
    left >= 0 &&
    !mentionAt[left] &&
    ['is', 'are', 'was', 'were', 'equal', 'to', 'of', '=', 'not', "isn't", "aren't", "wasn't", "weren't"].includes(words[left]!.norm)
  ) {
    if (/^(?:not|.*n't)$/.test(words[left]!.norm)) negated = true;
    left -= 1;
  }
  const before = mentionAt[left];
  if (before?.kind === 'column' && before.end === left + 1 && isNumeric(table, before.column)) return { mention: before, negated };
  const after = mentionAt[at + 1];
  if (after?.kind === 'column' && after.start === at + 1 && isNumeric(table, after.column)) return { mention: after, negated: false };
  return undefined;
}
