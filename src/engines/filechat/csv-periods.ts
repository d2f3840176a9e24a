import type { Mention } from './csv-mentions';
import type { Word } from './csv-words';
import type { CsvFilter, CsvTable } from './types';

/**
 * Periods of the calendar a question names ("March 2025", "Mar 2025", "2025-03", "Q1 2025", "in 2024",
 * "on 2025-03-14"), read as filters on the table's date column: a period is the half-open range of ISO
 * dates [first day, first day after it), which the executor compares as text, so a date with a time
 * ("2025-03-31T23:00") falls in its day. "after", "since", "before" and "until" in front compare with
 * the period's end or start instead. A month without a year ("in March") names no period: nothing says
 * which year.
 */

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Words before a bare year that make it a period ("in 2024", "during 2024"), not a number compared. */
const YEAR_LEADS: ReadonlySet<string> = new Set(['in', 'during', 'for', 'of', 'from', 'throughout', 'within']);

type Op = CsvFilter['op'];

/** Words in front of a period that compare with it rather than keep to it; the longest phrase is read. */
const RELATIONS: { words: string[]; relation: 'after' | 'since' | 'before' | 'until' }[] = [
  { words: ['later', 'than'], relation: 'after' },
  { words: ['earlier', 'than'], relation: 'before' },
  { words: ['prior', 'to'], relation: 'before' },
  { words: ['up', 'to'], relation: 'until' },
  { words: ['after'], relation: 'after' },
  { words: ['since'], relation: 'since' },
  { words: ['before'], relation: 'before' },
  { words: ['until'], relation: 'until' },
  { words: ['till'], relation: 'until' },
  { words: ['through'], relation: 'until' },
  { words: ['by'], relation: 'until' },
];

export interface PeriodFilters {
  filters: { filter: CsvFilter; at: number }[];
  /** Question words read as periods (and the relation words in front of them). */
  usedWords: Set<number>;
  /** A period named with no single date column to compare it with: no honest plan exists. */
  unresolved: boolean;
}

interface Period {
  start: number;
  end: number;
  /** First day, ISO. */
  from: string;
  /** First day after the period, ISO. */
  to: string;
  /** As the answer words it: "March 2025", "Q1 2025", "2024", "2025-03-14". */
  label: string;
  /** "in March 2025", "on 2025-03-14". */
  preposition?: 'on';
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d = 1) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

function yearOf(word: Word | undefined): number | undefined {
  if (!word || word.number === undefined || !/^\d{4}$/.test(word.text)) return undefined;
  const y = Number(word.number);
  return y >= 1000 && y <= 2999 ? y : undefined;
}

function month(y: number, m: number, start: number, end: number): Period {
  const next = m === 12 ? iso(y + 1, 1) : iso(y, m + 1);
  return { start, end, from: iso(y, m), to: next, label: `${MONTH_NAMES[m - 1]} ${y}` };
}

function quarter(y: number, q: number, start: number, end: number): Period {
  const m = (q - 1) * 3 + 1;
  return { start, end, from: iso(y, m), to: q === 4 ? iso(y + 1, 1) : iso(y, m + 3), label: `Q${q} ${y}` };
}

/** The period starting at word `i`, if one does. */
function periodAt(words: Word[], i: number, yearAlone: boolean): Period | undefined {
  const w = words[i]!;
  // "2025-03-14": a day.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(w.norm);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) !== w.norm) return undefined; // not a real day (2025-02-31)
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    return { start: i, end: i + 1, from: w.norm, to: next.toISOString().slice(0, 10), label: w.norm, preposition: 'on' };
  }
  // "2025-03": a month.
  const ym = /^(\d{4})-(\d{2})$/.exec(w.norm);
  if (ym) {
    const m = Number(ym[2]);
    return m >= 1 && m <= 12 ? month(Number(ym[1]), m, i, i + 1) : undefined;
  }
  // "March 2025", "March of 2025".
  const m = Object.hasOwn(MONTHS, w.norm) ? MONTHS[w.norm] : undefined;
  if (m !== undefined && w.number === undefined) {
    // "may" is also a verb: only before a year.
    const of = words[i + 1]?.norm === 'of' ? 1 : 0;
    const y = yearOf(words[i + 1 + of]);
    return y === undefined ? undefined : month(y, m, i, i + 2 + of);
  }
  // "Q1 2025", "2025 Q1", "Q1 of 2025".
  const q = /^q([1-4])$/.exec(w.norm);
  if (q) {
    const of = words[i + 1]?.norm === 'of' ? 1 : 0;
    const y = yearOf(words[i + 1 + of]);
    return y === undefined ? undefined : quarter(y, Number(q[1]), i, i + 2 + of);
  }
  const y = yearOf(w);
  if (y !== undefined) {
    const after = /^q([1-4])$/.exec(words[i + 1]?.norm ?? '');
    if (after) return quarter(y, Number(after[1]), i, i + 2);
    if (yearAlone && (YEAR_LEADS.has(words[i - 1]?.norm ?? '') || relationBefore(words, i) !== undefined))
      return { start: i, end: i + 1, from: iso(y, 1), to: iso(y + 1, 1), label: String(y) };
  }
  return undefined;
}

function relationBefore(words: Word[], at: number): { start: number; relation: (typeof RELATIONS)[number]['relation'] } | undefined {
  let i = at;
  if (words[i - 1]?.norm === 'the') i -= 1;
  for (const r of RELATIONS) {
    const start = i - r.words.length;
    if (start >= 0 && r.words.every((w, k) => words[start + k]!.norm === w)) return { start, relation: r.relation };
  }
  return undefined;
}

/**
 * The periods of a question as filters on the table's date column: the one date column, or the one the
 * question names when there are several. A bare year ("in 2024") is a period only when no numeric column
 * is a year (then "year 2024" compares that column, see csv-comparisons). Words inside a mention (a text
 * column's value "March") are left to it.
 */
export function findPeriods(words: Word[], mentions: Mention[], table: CsvTable): PeriodFilters {
  const out: PeriodFilters = { filters: [], usedWords: new Set(), unresolved: false };
  const mentioned = new Set<number>();
  for (const m of mentions) for (let i = m.start; i < m.end; i++) mentioned.add(i);
  const dates = table.columns.flatMap((c, i) => (c.type === 'date' ? [i] : []));
  if (dates.length === 0) return out;
  const yearColumn = table.columns.some((c, i) => (c.type === 'integer' || c.type === 'number') && /\byears?\b|^yr$/i.test(table.header[i] ?? ''));

  const inside = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    if (mentioned.has(i)) continue;
    const period = periodAt(words, i, !yearColumn);
    if (!period) continue;
    let clear = true;
    for (let k = period.start; k < period.end; k++) if (mentioned.has(k)) clear = false;
    if (!clear) continue;
    const named = dates.filter((c) => mentions.some((m) => m.kind === 'column' && m.column === c));
    const column = dates.length === 1 ? dates[0] : named.length === 1 ? named[0] : undefined;
    const relation = relationBefore(words, period.start);
    const from = relation?.start ?? period.start;
    for (let k = from; k < period.end; k++) out.usedWords.add(k);
    i = period.end - 1;
    if (column === undefined) {
      out.unresolved = true;
      continue;
    }
    const at = from;
    // "between March and May 2025", "in 2024 or 2025", "in March 2025 and April 2025": filters all hold at
    // once, so two periods of one column (or a range) cannot be said by a plan.
    const within = !relation;
    if (words[from - 1]?.norm === 'between' || (within && inside.has(column))) {
      out.unresolved = true;
      continue;
    }
    if (within) inside.add(column);
    const f = (op: Op, value: string, label: string) => out.filters.push({ filter: { column, op, value, label }, at });
    switch (relation?.relation) {
      case 'after':
        f('gte', period.to, `after ${period.label}`);
        break;
      case 'since':
        f('gte', period.from, `since ${period.label}`);
        break;
      case 'before':
        f('lt', period.from, `before ${period.label}`);
        break;
      case 'until':
        f('lt', period.to, `up to ${period.label}`);
        break;
      default:
        f('gte', period.from, `${period.preposition ?? 'in'} ${period.label}`);
        f('lt', period.to, `${period.preposition ?? 'in'} ${period.label}`);
    }
  }
  return out;
}
