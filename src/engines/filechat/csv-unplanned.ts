import { aggregateOf, UNSUPPORTED_WORDS } from './csv-vocabulary';
import { tokenize } from './csv-words';
import type { CsvTable } from './types';

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
}

/**
 * A question about a table's data the planner has no plan for: a statistic it does not compute (standard
 * deviation, growth, percentage…) is refused outright; another computation ("how many…", "total…") only when
 * the rows found would not be a single-row lookup. Refused in one sentence that says what can be computed,
 * rather than answered with a dump of rows that looks like an answer.
 */
export function csvRefusal(question: string, table: CsvTable): CsvRefusal | null {
  const words = tokenize(question);
  const headerWords = new Set(table.header.flatMap((h) => tokenize(h).map((w) => w.norm)));
  const statistic = words.find((w) => UNSUPPORTED_WORDS.has(w.norm) && Object.hasOwn(STATISTIC_NAMES, w.norm) && !headerWords.has(w.norm));
  if (statistic) return { answer: cannotCompute(STATISTIC_NAMES[statistic.norm]!), unlessOneRow: false };
  const computes = words.some(
    (w, i) => (aggregateOf(w.norm) !== undefined && !headerWords.has(w.norm)) || (w.norm === 'how' && ['many', 'much'].includes(words[i + 1]?.norm ?? '')),
  );
  return computes ? { answer: cannotCompute(), unlessOneRow: true } : null;
}

function cannotCompute(what?: string): string {
  return (
    `I cannot compute ${what ? `the ${what}` : 'that'} exactly from this table; I can count rows and compute a column's sum, average, ` +
    'median, percentiles, minimum or maximum, filtered by values or grouped by a column.'
  );
}

/** Whether an answer drawn from a table's passages quotes more than one row (each row names the first column). */
export function quotesSeveralRows(answer: string, table: CsvTable): boolean {
  const first = table.header[0];
  if (!first) return false;
  return answer.split(`${first}: `).length - 1 > 1;
}
