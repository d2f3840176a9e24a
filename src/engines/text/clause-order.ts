/**
 * Clause order: a leading subordinate clause moves to the end ("Because X, Y." → "Y because X.") and a
 * trailing one to the front ("Y when X." → "When X, Y."); a leading date or place phrase likewise
 * ("In 2019, X." ↔ "X in 2019."). Each move keeps every token; only the comma and capitals follow the
 * new order. A move is skipped whenever the sentence is not plainly of that shape: a wrong move garbles
 * meaning, a skipped one only leaves the sentence to the other passes.
 */
import type { Sentence, Token } from './nlp';
import { assemble, bodyEnd, hasVerb, isTopLevelComma, lowerUnlessProper, makeToken, wordCount } from './token-edit';

const SUBORDINATORS = new Set([
  'because',
  'when',
  'although',
  'though',
  'while',
  'if',
  'since',
  'after',
  'before',
  'unless',
  'once',
  'whenever',
  'whereas',
  'until',
]);

/**
 * A trailing subordinate clause can also be a relative clause ("the day when…", "two weeks after…") or
 * an embedded question ("ask if…", "know when…"); those stay put. These are the words before it that
 * give such readings away.
 */
const TIME_NOUNS = new Set([
  'day',
  'days',
  'time',
  'times',
  'moment',
  'moments',
  'year',
  'years',
  'period',
  'era',
  'point',
  'case',
  'cases',
  'situation',
  'occasion',
  'week',
  'weeks',
  'month',
  'months',
  'hour',
  'hours',
  'minute',
  'minutes',
  'age',
  'season',
  'night',
  'morning',
  'evening',
  'afternoon',
  'decade',
  'century',
  'stage',
  'place',
]);
const QUESTION_VERBS = new Set([
  'know',
  'ask',
  'wonder',
  'remember',
  'forget',
  'tell',
  'see',
  'decide',
  'explain',
  'understand',
  'show',
  'learn',
  'check',
  'determine',
  'doubt',
  'say',
  'imagine',
  'recall',
  'note',
  'notice',
  'find',
  'discover',
  'predict',
  'guess',
  'consider',
]);
const QUESTION_WORDS = new Set(['when', 'if', 'whenever']);

function opensAdverbialClause(word: string, before: Token): boolean {
  if (['PRON', 'AUX', 'ADJ', 'DET', 'ADP'].includes(before.pos)) return false;
  // A number is fine when it ends a date ("on 14 March 2022 after…"), not when it counts ("two days after…").
  if (before.pos === 'NUM' && before.entity !== 'DATE') return false;
  if (TIME_NOUNS.has(before.text.toLowerCase())) return false;
  if (QUESTION_WORDS.has(word) && before.pos === 'VERB' && QUESTION_VERBS.has(before.lemma)) return false;
  return true;
}

/** Verbs that report a finding or a view: "Studies show that X." ↔ "X, studies show." */
const REPORTING = new Set([
  'show',
  'suggest',
  'find',
  'indicate',
  'report',
  'believe',
  'argue',
  'claim',
  'note',
  'reveal',
  'confirm',
  'estimate',
  'predict',
  'agree',
  'say',
  'think',
  'conclude',
  'warn',
  'explain',
  'insist',
]);

/** Prepositions whose date or place phrase can stand at either end of a sentence. */
const MOVABLE_PREPOSITIONS = new Set(['in', 'on', 'at', 'during', 'since', 'throughout', 'after', 'before', 'until', 'by']);

export function moveClause(sentence: Sentence): Sentence | undefined {
  if (sentence.some((t) => t.quoted) || sentence[sentence.length - 1]?.text === '?') return undefined;
  return frontClauseToEnd(sentence) ?? endClauseToFront(sentence);
}

function frontClauseToEnd(tokens: Sentence): Sentence | undefined {
  const end = bodyEnd(tokens);
  const first = tokens[0]?.text.toLowerCase() ?? '';
  const second = tokens[1]?.text.toLowerCase() ?? '';
  const subordinatorLength = SUBORDINATORS.has(first) ? 1 : first === 'even' && (second === 'though' || second === 'if') ? 2 : 0;
  if (subordinatorLength === 0) return undefined;
  const comma = findComma(tokens, subordinatorLength + 2, end);
  if (comma === undefined) return undefined;
  const clause = tokens.slice(0, comma);
  let main = tokens.slice(comma + 1, end);
  if (first === 'if' && main[0]?.text.toLowerCase() === 'then') main = main.slice(1);
  // wink sometimes tags the main verb as a noun ("their fitness declines"); after "When X," a clause follows anyway.
  if (wordCount(main) < 3 || main.some((t, i) => isTopLevelComma(main, i) || t.text === ';')) return undefined;
  if (!hasVerb(clause.slice(subordinatorLength))) return undefined;
  return assemble([main, [lowerUnlessProper(clause[0]!), ...clause.slice(1)], tokens.slice(end)]);
}

function endClauseToFront(tokens: Sentence): Sentence | undefined {
  const end = bodyEnd(tokens);
  for (let k = 3; k < end - 2; k++) {
    const word = tokens[k]!.text.toLowerCase();
    if (!SUBORDINATORS.has(word) || tokens[k]!.quoted) continue;
    let start = k;
    const before = tokens[k - 1]!;
    if (before.text.toLowerCase() === 'even' && (word === 'though' || word === 'if')) start = k - 1;
    else if (['as', 'only', 'even', 'just', 'right', 'long', 'soon', 'ever'].includes(before.text.toLowerCase())) continue;
    else if (!opensAdverbialClause(word, before)) continue;
    const clause = tokens.slice(start, end);
    if (clause.some((t) => t.text === ',' || t.text === ';') || wordCount(clause) < 3) continue;
    if (!hasVerb(clause.slice(1)) && word !== 'after' && word !== 'before' && word !== 'since' && word !== 'until') continue;
    let main = tokens.slice(0, start);
    if (main[main.length - 1]?.text === ',') main = main.slice(0, -1);
    // With a comma in the main part the clause may belong to its last half only; leave it.
    if (!isMainClause(main) || main.some((t) => t.text === ';' || t.text === ',')) return undefined;
    return assemble([clause, [makeToken(',')], [lowerUnlessProper(main[0]!), ...main.slice(1)], tokens.slice(end)]);
  }
  return undefined;
}

/** "Studies show that gardening reduces stress." → "Gardening reduces stress, studies show." */
export function moveReporting(sentence: Sentence): Sentence | undefined {
  if (sentence.some((t) => t.quoted) || sentence[sentence.length - 1]?.text === '?') return undefined;
  const end = bodyEnd(sentence);
  for (let v = 1; v <= 5 && v < end - 3; v++) {
    const verb = sentence[v]!;
    // wink often tags a reporting verb after a plural subject as a noun ("Studies show/NOUN that").
    if ((verb.pos !== 'VERB' && verb.pos !== 'NOUN') || !REPORTING.has(verb.lemma) || sentence[v + 1]?.text.toLowerCase() !== 'that') continue;
    const reporter = sentence.slice(0, v);
    // The reporter must be a plain subject ("Studies", "The survey", "Dr. Hart"), no verbs, negation or commas.
    if (reporter.some((t) => ['VERB', 'AUX', 'PART', 'PUNCT', 'SCONJ', 'ADP'].includes(t.pos) || /^(not|never)$/i.test(t.text))) return undefined;
    const claim = sentence.slice(v + 2, end);
    if (!isMainClause(claim) || wordCount(claim) < 4) return undefined;
    return assemble([claim, [makeToken(',')], [lowerUnlessProper(reporter[0]!), ...reporter.slice(1), verb], sentence.slice(end)]);
  }
  return undefined;
}

/** "In 2019, the council met." ↔ "The council met in 2019." — only for dates, times and names of places. */
export function moveAdverbial(sentence: Sentence): Sentence | undefined {
  if (sentence.some((t) => t.quoted) || sentence[sentence.length - 1]?.text === '?') return undefined;
  const end = bodyEnd(sentence);
  const first = sentence[0];
  if (first && first.pos === 'ADP' && MOVABLE_PREPOSITIONS.has(first.text.toLowerCase())) {
    const comma = findComma(sentence, 2, Math.min(end, 8));
    if (comma !== undefined) {
      const phrase = sentence.slice(0, comma);
      const main = sentence.slice(comma + 1, end);
      if (isDateOrPlace(phrase.slice(1)) && isMainClause(main) && !main.some((_t, i) => isTopLevelComma(main, i))) {
        return assemble([main, [lowerUnlessProper(phrase[0]!), ...phrase.slice(1)], sentence.slice(end)]);
      }
    }
  }
  // A trailing phrase: the last preposition before the end whose object is a date or a place name.
  for (let k = end - 2; k >= 3 && k >= end - 6; k--) {
    const token = sentence[k]!;
    if (token.pos !== 'ADP' || !MOVABLE_PREPOSITIONS.has(token.text.toLowerCase())) continue;
    const phrase = sentence.slice(k, end);
    const main = sentence.slice(0, k);
    if (!isDateOrPlace(phrase.slice(1)) || !isMainClause(main) || wordCount(main) < 4) return undefined;
    if (main.some((t) => t.text === ',' || t.text === ';')) return undefined;
    // "by" before a name is usually an agent or an author, not a place.
    if (token.text.toLowerCase() === 'by' && !phrase.some((t) => t.entity === 'DATE' || t.entity === 'TIME')) return undefined;
    return assemble([phrase, [makeToken(',')], [lowerUnlessProper(main[0]!), ...main.slice(1)], sentence.slice(end)]);
  }
  return undefined;
}

/** Tokens (after the preposition) that are a date/time expression or a place name, optionally with `the`. */
function isDateOrPlace(tokens: readonly Token[]): boolean {
  if (tokens.length === 0 || tokens.length > 5) return false;
  const core = tokens[0]?.text.toLowerCase() === 'the' ? tokens.slice(1) : tokens;
  if (core.length === 0) return false;
  if (core.every((t) => t.entity === 'DATE' || t.entity === 'TIME' || (t.pos === 'PUNCT' && t.text === ','))) return true;
  return core.every((t) => t.pos === 'PROPN');
}

function findComma(tokens: readonly Token[], from: number, to: number): number | undefined {
  // A comma inside a date ("March 3, 2020") belongs to the date.
  for (let i = from; i < to; i++) if (isTopLevelComma(tokens, i) && tokens[i]!.entity === undefined) return i;
  return undefined;
}

/** Enough of a clause to stand alone: a verb and at least three words. */
function isMainClause(tokens: readonly Token[]): boolean {
  return tokens.length > 0 && wordCount(tokens) >= 3 && hasVerb(tokens);
}
