import { tokenize, type Word } from './csv-words';
import { adverbOf, oppositesOf } from './csv-booleans';
import { aggregateOf, IDENTIFIER_WORDS, isFunctionWord } from './csv-vocabulary';
import type { CsvTable } from './types';

/** Words `start` to `end` (exclusive) of the question name column `column`, whole or (`partial`) by one distinctive word. */
export interface ColumnMention {
  kind: 'column';
  start: number;
  end: number;
  column: number;
  partial: boolean;
  /** A yes/no column named by its opposite: "on-site" for `remote`, "part-time" for `full_time` (see csv-booleans). */
  opposite?: true;
}

/** Words `start` to `end` of the question spell `value`, one of the text column's values. */
export interface ValueMention {
  kind: 'value';
  start: number;
  end: number;
  column: number;
  /** As spelled in the column's `values`. */
  value: string;
}

export type Mention = ColumnMention | ValueMention;

/** Words that may stand between a column's name and its value: "region is East", "grade = A", "class of B". */
const LINKS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'be', '=', 'equal', 'equals', 'to', 'of', 'as', 'being', ':']);

/**
 * The columns and values a question names, in question order, none overlapping. Longer matches win
 * ("unit price" over "unit"); at equal length a column's name wins over a value, and a value found in two
 * columns goes to the column the question also names, else to the first.
 */
export function findMentions(words: Word[], table: CsvTable): Mention[] {
  const columnCandidates = columnNameMatches(words, table);
  const named = new Set(columnCandidates.map((c) => c.column));
  const candidates: Mention[] = [...columnCandidates, ...valueMatches(words, table, columnCandidates)];
  candidates.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      (a.kind === 'column' ? 0 : 1) - (b.kind === 'column' ? 0 : 1) ||
      a.start - b.start ||
      (named.has(a.column) ? 0 : 1) - (named.has(b.column) ? 0 : 1) ||
      a.column - b.column,
  );
  const taken: (Mention | undefined)[] = new Array(words.length);
  const chosen: Mention[] = [];
  for (const c of candidates) {
    if (taken.slice(c.start, c.end).some(Boolean)) continue;
    for (let i = c.start; i < c.end; i++) taken[i] = c;
    chosen.push(c);
  }
  for (const c of booleanMatches(words, table)) {
    if (taken.slice(c.start, c.end).some(Boolean)) continue;
    for (let i = c.start; i < c.end; i++) taken[i] = c;
    named.add(c.column);
    chosen.push(c);
  }
  chosen.push(...partialMatches(words, table, taken, named));
  return chosen.sort((a, b) => a.start - b.start);
}

/** A header as word lists: whole, and without a parenthesised unit ("Revenue (USD)" is also "revenue"). */
export function headerVariants(name: string): string[][] {
  const full = tokenize(name).map((w) => w.norm);
  const core = tokenize(name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')).map((w) => w.norm);
  return core.length > 0 && core.join(' ') !== full.join(' ') ? [full, core] : full.length > 0 ? [full] : [];
}

function columnNameMatches(words: Word[], table: CsvTable): ColumnMention[] {
  const out: ColumnMention[] = [];
  table.header.forEach((name, column) => {
    for (const variant of headerVariants(name)) {
      for (const start of occurrences(words, variant)) out.push({ kind: 'column', start, end: start + variant.length, column, partial: false });
    }
  });
  // A column called "Total" or "Max" right before another column's name is the instruction, not the column: "total revenue".
  return out.filter((c) => !(c.end - c.start === 1 && aggregateOf(words[c.start]!.norm) !== undefined && out.some((o) => o !== c && o.start === c.end)));
}

/**
 * Yes/no columns also go by their adverb ("remotely" for `remote`) and by their opposite ("on-site" for
 * `remote`, "part-time" for `full_time`). They are read only where no header or value was matched.
 */
function booleanMatches(words: Word[], table: CsvTable): ColumnMention[] {
  const out: ColumnMention[] = [];
  table.columns.forEach((col, column) => {
    if (col.type !== 'boolean') return;
    for (const variant of headerVariants(table.header[column] ?? '')) {
      const last = variant[variant.length - 1]!;
      const adverb = [...variant.slice(0, -1), adverbOf(last)];
      for (const start of occurrences(words, adverb)) out.push({ kind: 'column', start, end: start + adverb.length, column, partial: false });
      for (const opposite of oppositesOf(variant)) {
        for (const start of occurrences(words, opposite))
          out.push({ kind: 'column', start, end: start + opposite.length, column, partial: false, opposite: true });
      }
    }
  });
  return out.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
}

function valueMatches(words: Word[], table: CsvTable, columnNames: ColumnMention[]): ValueMention[] {
  const out: ValueMention[] = [];
  table.columns.forEach((col, column) => {
    if (col.type !== 'text' || !col.values) return;
    for (const value of col.values) {
      const tokens = tokenize(value).map((w) => w.norm);
      if (tokens.length === 0) continue;
      // "Other", "Total", "A", "N", "3": such values are everyday words or numbers; only next to their column's name are they the value.
      const weak = tokens.every((t) => isFunctionWord(t) || /^[-\d.]+$/.test(t));
      for (const start of occurrences(words, tokens)) {
        const end = start + tokens.length;
        if (weak && !besideColumnName(words, start, end, column, columnNames)) continue;
        out.push({ kind: 'value', start, end, column, value });
      }
    }
  });
  return out;
}

function besideColumnName(words: Word[], start: number, end: number, column: number, columnNames: ColumnMention[]): boolean {
  let before = start;
  while (before > 0 && LINKS.has(words[before - 1]!.norm)) before -= 1;
  return columnNames.some((c) => c.column === column && (c.end === before || c.start === end));
}

/**
 * "price" for a column "unit_price": a distinctive word of exactly one header, when no header is named whole.
 * Identifier columns ("order_id") are never guessed: "how many orders" must not read as a column.
 */
function partialMatches(words: Word[], table: CsvTable, taken: (Mention | undefined)[], named: Set<number>): ColumnMention[] {
  const out: ColumnMention[] = [];
  const headerWords = table.header.map((name, column) => {
    const own = headerVariants(name).flat();
    // "remotely" names a yes/no column "Is Remote" as "remote" does.
    return new Set(table.columns[column]?.type === 'boolean' ? [...own, ...own.map(adverbOf)] : own);
  });
  words.forEach((word, i) => {
    if (taken[i] || word.number !== undefined || isFunctionWord(word.norm)) return;
    const columns = headerWords.flatMap((set, column) => (set.has(word.norm) ? [column] : []));
    if (columns.length !== 1) return;
    const column = columns[0]!;
    if (named.has(column) || [...headerWords[column]!].some((w) => IDENTIFIER_WORDS.has(w))) return;
    out.push({ kind: 'column', start: i, end: i + 1, column, partial: true });
  });
  return out;
}

function occurrences(words: Word[], tokens: string[]): number[] {
  const out: number[] = [];
  for (let start = 0; start + tokens.length <= words.length; start++) {
    if (tokens.every((t, k) => words[start + k]!.norm === t)) out.push(start);
  }
  return out;
}
