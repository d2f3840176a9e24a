import { aggregateOf, UNSUPPORTED_WORDS } from './csv-vocabulary';
import { tokenize } from './csv-words';
import { clip } from './excerpt';
import type { ChatAnswer, CsvTable } from './types';

/** How a statistic word reads in the refusal. */
const STATISTIC_NAMES: Readonly<Record<string, string>> = {
  mode: 'mode',
  variance: 'variance',
  deviation: 'standard deviation',
  stdev: 'standard deviation',
  std: 'standard deviation',
  ratio: 'ratio',
  percentage: 'percentage',
  percent: 'percentage',
  proportion: 'proportion',
  share: 'share',
  growth: 'growth',
  change: 'change',
  difference: 'difference',
  trend: 'trend',
  correlation: 'correlation',
  correlate: 'correlation',
  increase: 'increase',
  decrease: 'decrease',
  compare: 'comparison',
  comparison: 'comparison',
  versus: 'comparison',
  vs: 'comparison',
};

/** Why a table question the planner could not plan gets a refusal, or none: a lookup of one row is still answered from the rows. */
export interface CsvRefusal {
  answer: string;
  /** Only when the rows found are several: a single row found is a lookup ("how many units did order A1005 have?"). */
  unlessOneRow: boolean;
  /** The question asks for a computation ("how many…", "total…", a statistic), not only about the table. */
  computes: boolean;
}

/**
 * A question about a table the planner has no plan for: a statistic it does not compute (standard
 * deviation, growth, percentage…) is refused outright; any other question only when the rows found would
 * not be a single-row lookup ("how many units did order A1005 have?" is answered from its row). Refused in
 * one sentence that says what can be computed, rather than answered with rows that look like an answer
 * ("What was the revenue in March 2025?" over a table without a date column is not answered by three
 * rows from March).
 */
export function csvRefusal(question: string, table: CsvTable): CsvRefusal {
  const words = tokenize(question);
  const headerWords = new Set(table.header.flatMap((h) => tokenize(h).map((w) => w.norm)));
  const statistic = words.find((w) => UNSUPPORTED_WORDS.has(w.norm) && Object.hasOwn(STATISTIC_NAMES, w.norm) && !headerWords.has(w.norm));
  if (statistic) return { answer: cannotCompute(STATISTIC_NAMES[statistic.norm]!), unlessOneRow: false, computes: true };
  const computes = words.some(
    (w, i) => (aggregateOf(w.norm) !== undefined && !headerWords.has(w.norm)) || (w.norm === 'how' && ['many', 'much'].includes(words[i + 1]?.norm ?? '')),
  );
  return { answer: cannotCompute(), unlessOneRow: true, computes };
}

function cannotCompute(what?: string): string {
  return (
    `I cannot compute ${what ? `the ${what}` : 'that'} exactly from this table; I can count rows and compute a column's sum, average, ` +
    'median, percentiles, minimum or maximum, filtered by values or by a month, quarter or year of a date column, or grouped by a column.'
  );
}

/** Whether an answer drawn from a table's passages quotes more than one row: some column's "name: " recurs. */
export function quotesSeveralRows(answer: string, table: CsvTable): boolean {
  return table.header.some((name) => name !== '' && answer.split(`${name}: `).length - 1 > 1);
}

/** Rows a refusal may still cite (one source each), and the characters each may quote. */
export const REFUSAL_SOURCES = 3;
export const REFUSAL_EXCERPT_CHARS = 160;

/**
 * A refusal in place of an answer that quoted several rows: the one sentence, citing at most
 * REFUSAL_SOURCES of the rows retrieval found, each cut to REFUSAL_EXCERPT_CHARS, so what the question was
 * near stays visible without reading as an answer.
 */
export function refusalAnswer(refusal: CsvRefusal, found: ChatAnswer): ChatAnswer {
  return { answer: refusal.answer, sources: found.sources.slice(0, REFUSAL_SOURCES).map((s) => ({ ...s, excerpt: clip(s.excerpt, REFUSAL_EXCERPT_CHARS) })) };
}
