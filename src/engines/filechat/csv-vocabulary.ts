import { eng } from 'stopword';

/**
 * The words the planner reads as instructions. A column or a value spelled like one of them needs more
 * evidence before it counts as mentioned (see csv-mentions), and none of them names a column on its own.
 */
const AGGREGATE_WORDS: Readonly<Record<string, 'count' | 'sum' | 'avg' | 'max' | 'min'>> = {
  count: 'count',
  tally: 'count',
  total: 'sum',
  sum: 'sum',
  combined: 'sum',
  altogether: 'sum',
  average: 'avg',
  avg: 'avg',
  mean: 'avg',
  highest: 'max',
  maximum: 'max',
  max: 'max',
  largest: 'max',
  biggest: 'max',
  greatest: 'max',
  top: 'max',
  most: 'max',
  latest: 'max',
  newest: 'max',
  peak: 'max',
  priciest: 'max',
  lowest: 'min',
  minimum: 'min',
  min: 'min',
  smallest: 'min',
  least: 'min',
  fewest: 'min',
  cheapest: 'min',
  earliest: 'min',
  oldest: 'min',
  bottom: 'min',
};

/** The aggregate a word asks for; own keys only, so "constructor" asks for nothing. */
export function aggregateOf(word: string): 'count' | 'sum' | 'avg' | 'max' | 'min' | undefined {
  return Object.hasOwn(AGGREGATE_WORDS, word) ? AGGREGATE_WORDS[word] : undefined;
}

/** Extremes that compare amounts accumulated per thing ("which region sold the most"), not single rows. */
export const ACCUMULATING_EXTREMES: ReadonlySet<string> = new Set(['most', 'fewest', 'least']);

/** Extremes of time: with no column named they mean the date column. */
export const DATE_EXTREMES: ReadonlySet<string> = new Set(['latest', 'newest', 'earliest', 'oldest', 'recent']);

/** Extremes of price: with no column named they mean the price column. */
export const PRICE_EXTREMES: ReadonlySet<string> = new Set(['cheapest', 'priciest', 'expensive']);

/** Words people use for "a row" of their table. */
export const ROW_NOUNS: ReadonlySet<string> = new Set(['row', 'record', 'entry', 'line', 'item', 'data', 'result', 'transaction', 'order', 'observation']);

/** Imperatives that ask to see rows ("show the orders…", "list rows where…"). */
export const LIST_VERBS: ReadonlySet<string> = new Set([
  'show',
  'list',
  'display',
  'print',
  'find',
  'get',
  'give',
  'return',
  'fetch',
  'select',
  'filter',
  'see',
  'view',
]);

/** Words that ask about the document rather than its data: such a question is not a computation. */
export const NOT_DATA_WORDS: ReadonlySet<string> = new Set([
  'about',
  'summary',
  'summarize',
  'summarise',
  'overview',
  'explain',
  'describe',
  'mean',
  'meaning',
  'purpose',
  'column',
  'field',
  'header',
  'heading',
  'structure',
  'schema',
  'format',
]);

/** Statistics and relations a plan cannot compute: answering them with a sum would be a wrong answer. */
export const UNSUPPORTED_WORDS: ReadonlySet<string> = new Set([
  'median',
  'mode',
  'variance',
  'deviation',
  'stdev',
  'std',
  'percentile',
  'quartile',
  'ratio',
  'percentage',
  'percent',
  'proportion',
  'share',
  'growth',
  'change',
  'difference',
  'trend',
  'correlation',
  'correlate',
  'increase',
  'decrease',
  'compare',
  'comparison',
  'versus',
  'vs',
]);

/** Header words of numeric columns that are periods ("Start Year", "month"): grouped by like text, and what "after 2018" compares. */
export const PERIOD_WORDS: ReadonlySet<string> = new Set(['year', 'yr', 'month', 'quarter', 'week', 'day', 'hour']);

/** Column names people write for a money amount, so "$5,000" knows which column it is about. */
export const MONEY_NAMES = /price|cost|revenue|amount|sales|total|value|income|profit|spend|salary|fee|budget|payment|paid|usd|eur|gbp|\$/i;

/** Column name words that say the column identifies rows: never summed, averaged or guessed from one word. */
export const IDENTIFIER_WORDS: ReadonlySet<string> = new Set(['id', 'code', 'key', 'zip', 'postcode', 'phone', 'uuid', 'sku', 'ref', 'reference']);

const PLANNER_WORDS = [
  ...Object.keys(AGGREGATE_WORDS),
  ...ROW_NOUNS,
  ...LIST_VERBS,
  ...NOT_DATA_WORDS,
  ...UNSUPPORTED_WORDS,
  'many',
  'much',
  'number',
  'value',
  'values',
  'table',
  'file',
  'document',
  'sheet',
  'spreadsheet',
  'more',
  'less',
  'fewer',
  'greater',
  'higher',
  'lower',
  'larger',
  'smaller',
  'bigger',
  'over',
  'under',
  'above',
  'below',
  'than',
  'between',
  'exceed',
  'exceeds',
  'exceeding',
  'equal',
  'equals',
  'exactly',
  'except',
  'excluding',
  'other',
  'each',
  'every',
  'per',
  'by',
  'group',
  'grouped',
  'broken',
  'breakdown',
  'distinct',
  'different',
  'unique',
  'where',
  'which',
  'what',
  'how',
  'when',
  'who',
  'there',
  'have',
  'has',
  'had',
  'recent',
  'expensive',
];

const PLANNER_WORD_SET: ReadonlySet<string> = new Set([...PLANNER_WORDS, ...eng]);

/** A word with no content of its own for naming a column: a stop word or one of the planner's instructions. */
export function isFunctionWord(word: string): boolean {
  return PLANNER_WORD_SET.has(word) || word.length <= 1;
}
