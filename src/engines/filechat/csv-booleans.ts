import type { ColumnMention, Mention } from './csv-mentions';
import { tokenize, type Word } from './csv-words';
import type { CsvFilter, CsvTable } from './types';

/**
 * Yes/no columns (`remote`, `full_time`, `Is Active`) as filters. Such a column named in a question is
 * nearly always a condition on the rows: "how many employees work remotely", "average salary of remote
 * employees", "full-time employees in Engineering" ask for the rows where it holds, "not remote", "don't
 * work remotely", "non-remote", "on-site" for the rows where it does not, and "remote set to no", "where
 * remote is yes" say the value outright. The filter is always `eq` with "true" or "false": the executor
 * reads true/yes as true and false/no as false, and a cell that is neither matches neither.
 */

/** Words that say the value of a yes/no column outright. */
const TRUE_WORDS: ReadonlySet<string> = new Set(['yes', 'true', 'y']);
const FALSE_WORDS: ReadonlySet<string> = new Set(['no', 'false', 'n']);
/** Words between a yes/no column's name and its value: "remote is no", "remote flag set to yes", "remote = true". */
const VALUE_LINKS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'being',
  '=',
  'equal',
  'equals',
  'to',
  'set',
  'marked',
  'flagged',
  'as',
  ':',
  'of',
  'flag',
  'field',
  'column',
  'status',
  'value',
]);
/** Negations before a yes/no column: "not remote", "don't work remotely", "non-remote", "never", "neither…nor". */
const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'non',
  'neither',
  'nor',
  'without',
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "won't",
  "can't",
  "haven't",
  "hasn't",
]);
/** Negations inside "remote is not yes": they turn the value said outright. */
const VALUE_NEGATIONS: ReadonlySet<string> = new Set(['not', "isn't", "aren't", "wasn't", "weren't"]);
/** Words that start another clause: a negation before them is about something else ("not in Sales and remote"). */
const CLAUSE_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'but', 'who', 'that', 'which', 'where', 'whose', 'while', 'whereas', 'if', 'when', 'with']);
/** How far before a yes/no column a negation still reaches: "don't work remotely", "are not a remote". */
const NEGATION_REACH = 3;
/** Nouns that make a yes/no column a thing to split by ("each remote status"), not a condition ("each remote employee"). */
const GROUP_NOUNS: ReadonlySet<string> = new Set(['status', 'flag', 'value', 'setting', 'option', 'type', 'category', 'group', 'answer']);

/** Names and their opposites, as singular words: "on-site" is not remote, "part-time" is not full-time. */
const OPPOSITES: [string[], string[]][] = [
  [
    ['remote', 'remotely', 'work from home', 'wfh'],
    ['on site', 'onsite', 'in office', 'in person', 'office based'],
  ],
  [
    ['full time', 'fulltime'],
    ['part time', 'parttime'],
  ],
  [['active'], ['inactive']],
  [['paid'], ['unpaid']],
  [['available'], ['unavailable']],
  [['enabled'], ['disabled']],
];

/** "remote" → "remotely", "flexible" → "flexibly", "happy" → "happily", "full" → "fully". */
export function adverbOf(word: string): string {
  if (word.endsWith('ll')) return `${word}y`;
  if (word.endsWith('le') && word.length > 3) return `${word.slice(0, -2)}ly`;
  if (word.endsWith('y') && word.length > 2) return `${word.slice(0, -1)}ily`;
  if (word.endsWith('ic')) return `${word}ally`;
  return `${word}ly`;
}

/** What says the opposite of a header (as its words): `remote` → "on site", "onsite", …; one word `w` → "unw", "nonw". */
export function oppositesOf(header: string[]): string[][] {
  const joined = header.join(' ');
  const out: string[] = [];
  for (const [a, b] of OPPOSITES) {
    if (a.includes(joined)) out.push(...b);
    if (b.includes(joined)) out.push(...a);
  }
  if (header.length === 1 && /^[a-z]{3,}$/.test(joined)) out.push(`un${joined}`, `non${joined}`);
  return [...new Set(out)].filter((o) => o !== joined).map((o) => o.split(' '));
}

export function isBoolean(table: CsvTable, column: number): boolean {
  return table.columns[column]?.type === 'boolean';
}

/**
 * Whether a yes/no column after "per", "each" or "which" is what answers are split by: only before a noun
 * such as "status" or at the end ("for each remote status", "average salary per remote"); "each remote
 * employee", "which full-time employees" use it as a condition.
 */
export function booleanGroupNamed(words: Word[], mention: ColumnMention): boolean {
  const next = words[mention.end]?.norm;
  return next === undefined || GROUP_NOUNS.has(next);
}

/**
 * One `eq` filter per yes/no column the question names and the plan does not otherwise use (not grouped,
 * not counted); null when one column is asked to be both yes and no ("remote or not remote"). A column
 * matched by one word of its header counts only when that word is the header's first ("remote" for
 * "Remote Worker"), so "a long time" does not filter `full_time`.
 */
export function booleanFiltersOf(
  words: Word[],
  mentions: ColumnMention[],
  table: CsvTable,
  used: Set<Mention>,
  free: (i: number) => boolean,
): { filter: CsvFilter; at: number }[] | null {
  const out: { filter: CsvFilter; at: number }[] = [];
  const valueOf = new Map<number, boolean>();
  for (const m of mentions) {
    if (!isBoolean(table, m.column) || used.has(m)) continue;
    if (m.partial && !isFirstWord(table.header[m.column] ?? '', words[m.start]!.norm)) continue;
    let value = !m.opposite;
    const said = saidValue(words, m.end, free);
    if (said !== undefined) value = value === said;
    else if (negatedBefore(words, m.start, free)) value = !value;
    used.add(m);
    const previous = valueOf.get(m.column);
    if (previous !== undefined) {
      if (previous !== value) return null;
      continue;
    }
    valueOf.set(m.column, value);
    out.push({ filter: { column: m.column, op: 'eq', value: String(value) }, at: m.start });
  }
  return out;
}

/** "remote is no" → false, "remote set to yes" → true, "remote is not yes" → false; undefined when no value follows. */
function saidValue(words: Word[], from: number, free: (i: number) => boolean): boolean | undefined {
  let negated = false;
  let i = from;
  while (free(i) && (VALUE_LINKS.has(words[i]!.norm) || VALUE_NEGATIONS.has(words[i]!.norm))) {
    if (VALUE_NEGATIONS.has(words[i]!.norm)) negated = !negated;
    i += 1;
  }
  if (!free(i)) return undefined;
  const w = words[i]!.norm;
  if (TRUE_WORDS.has(w)) return !negated;
  if (FALSE_WORDS.has(w)) return negated;
  return undefined;
}

/** A negation among the few words before `start`, in the same clause: "not remote", "don't work remotely". */
function negatedBefore(words: Word[], start: number, free: (i: number) => boolean): boolean {
  for (let i = start - 1; i >= 0 && i >= start - NEGATION_REACH; i--) {
    if (!free(i)) return false;
    const w = words[i]!.norm;
    if (NEGATIONS.has(w)) return true;
    if (CLAUSE_WORDS.has(w)) return false;
  }
  return false;
}

/** Whether `word` (or the adjective of an adverb) is the first word of `header` that is not "is", "has" or the like. */
function isFirstWord(header: string, word: string): boolean {
  const first = tokenize(header)
    .map((w) => w.norm)
    .find((w) => !['is', 'has', 'have', 'was', 'can', 'doe', 'does', 'did', 'flag'].includes(w));
  return first !== undefined && (first === word || adverbOf(first) === word);
}
