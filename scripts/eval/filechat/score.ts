/**
 * Scoring one chat reply against a question's known answer. Answers are read the way a person reads them:
 * for CSV, the figure is the first number the answer states that is not merely an echo of a number from
 * the question ("… where units is greater than 50" repeats the 50); dates count as dates, not numbers.
 */
import { dec, equal, type Decimal } from './decimal';
import { describeExpectation, type CsvQuestion, type ProseQuestion, type Question } from './questions';

export interface ChatReply {
  id: string;
  answer: string;
  sources: { page: number; excerpt: string }[];
  created_at: string;
}

export interface Outcome {
  question: Question;
  answerOk: boolean;
  /** null when the question defines no source to check. */
  sourceOk: boolean | null;
  expected: string;
  reply?: ChatReply;
  error?: string;
  ms: number;
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** A number not glued to a word, an id ("SO-10042", "E1042") or another number; grouped thousands allowed. */
const NUMBER = /(?<![\p{L}\p{N}.,-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\p{L}\p{N}]|,\d{3})/gu;

/** The numbers of a text in order, thousands separators removed, dates skipped. */
export function numbersIn(text: string): Decimal[] {
  return [...text.replace(ISO_DATE, ' ').replace(/\$/g, ' ').matchAll(NUMBER)].map((m) => dec(m[0]));
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function scoreProse(q: ProseQuestion, reply: ChatReply): Pick<Outcome, 'answerOk' | 'sourceOk' | 'expected'> {
  const answerOk = typeof q.answer === 'string' ? normalize(reply.answer).includes(normalize(q.answer)) : q.answer.test(reply.answer);
  return { answerOk, sourceOk: reply.sources[0]?.page === q.page, expected: expectedOf(q) };
}

/** The answer's figure: its first number once the question's own numbers (one occurrence each) are taken out. */
function statedFigure(answer: string, question: string): Decimal | undefined {
  const numbers = numbersIn(answer);
  for (const echo of numbersIn(question)) {
    const i = numbers.findIndex((n) => equal(n, echo));
    // Keep the figure itself when the question's number is all the answer holds.
    if (i >= 0 && numbers.length > 1) numbers.splice(i, 1);
  }
  return numbers[0];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every group's key followed, in the same line (or `;`-separated part), by its value; with `top`, no other group named before it. */
function groupsOk(answer: string, groups: { key: string; value: Decimal }[], top?: string): boolean {
  const parts = answer.split(/\n|;/);
  const keyPattern = (key: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(key)}(?![\\p{L}\\p{N}])`, 'iu');
  const stated = groups.every(({ key, value }) => {
    const at = keyPattern(key);
    return parts.some((part) => {
      const m = at.exec(part);
      if (!m) return false;
      const first = numbersIn(part.slice(m.index + m[0].length))[0];
      return first !== undefined && equal(first, value);
    });
  });
  if (!stated || top === undefined) return stated;
  const position = (key: string) => keyPattern(key).exec(answer)?.index ?? Infinity;
  const topAt = position(top);
  return groups.every(({ key }) => key === top || position(key) > topAt);
}

function scoreCsv(q: CsvQuestion, reply: ChatReply): Pick<Outcome, 'answerOk' | 'sourceOk' | 'expected'> {
  let answerOk: boolean;
  if (q.expect.type === 'number') {
    const figure = statedFigure(reply.answer, q.message);
    answerOk = figure !== undefined && equal(figure, q.expect.value);
  } else if (q.expect.type === 'date') {
    answerOk = reply.answer.includes(q.expect.value);
  } else {
    answerOk = groupsOk(reply.answer, q.expect.groups, q.expect.top);
  }
  let sourceOk: boolean | null = null;
  if (q.firstRow !== undefined) {
    const first = reply.sources[0];
    sourceOk = first?.page === q.firstRow && new RegExp(`^rows? ${q.firstRow}(?:-\\d+)?: `).test(first.excerpt);
  }
  return { answerOk, sourceOk, expected: expectedOf(q) };
}

export function score(q: Question, reply: ChatReply): Pick<Outcome, 'answerOk' | 'sourceOk' | 'expected'> {
  return q.kind === 'csv' ? scoreCsv(q, reply) : scoreProse(q, reply);
}

/** What was expected, for a question whose chat failed outright. */
export function expectedOf(q: Question): string {
  return q.kind === 'csv'
    ? describeExpectation(q.expect) + (q.firstRow === undefined ? '' : `, first cited row ${q.firstRow}`)
    : `page ${q.page}, "${typeof q.answer === 'string' ? q.answer : q.answer.source}"`;
}
