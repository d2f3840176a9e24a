/**
 * "the land and the funding" → "the funding and the land": two plain noun phrases joined by "and" or
 * "or" trade places. The last resort of the rewrite for sentences no other change fits; it never touches
 * lists (a comma before the pair), quotations, or pairs that open the sentence as its subject (the verb
 * might agree with the first).
 */
import type { Sentence, Token } from './nlp';
import { lowerUnlessProper } from './token-edit';
import { COMPARATIVES, DETERMINERS } from './determiners';

/** What each side of a swapped pair may open with. */
const PAIR_DETERMINERS = new Set([...DETERMINERS, ...COMPARATIVES]);

export function swapCoordination(sentence: Sentence): Sentence | undefined {
  for (let k = 2; k < sentence.length - 2; k++) {
    const conj = sentence[k]!;
    if (conj.pos !== 'CCONJ' || !/^(and|or)$/i.test(conj.text) || conj.quoted) continue;
    const left = phraseBefore(sentence, k);
    const right = phraseAfter(sentence, k + 1);
    if (left === undefined || right === undefined || left === 0) continue;
    if (sentence[left - 1]?.text === ',' || (sentence[right]?.text === ',' && sentence[right + 1]?.pos === 'CCONJ')) continue;
    const a = sentence.slice(left, k);
    const b = sentence.slice(k + 1, right);
    // Same shape on both sides ("the land and the funding", "Oslo and Bergen"), so the pair really is two
    // noun phrases and not "taking the stairs or cycling to work".
    const shape = (p: readonly Token[]): string =>
      PAIR_DETERMINERS.has(p[0]!.text.toLowerCase()) ? 'det' : p.every((t) => t.pos === 'PROPN') ? 'name' : 'other';
    if (shape(a) !== shape(b) || shape(a) === 'other') continue;
    const after = sentence[right];
    if (after && !['PUNCT', 'ADP', 'SCONJ', 'CCONJ', 'PART'].includes(after.pos)) continue;
    if (a.some((t) => t.quoted) || b.some((t) => t.quoted)) continue;
    if (a.map((t) => t.text.toLowerCase()).join(' ') === b.map((t) => t.text.toLowerCase()).join(' ')) continue;
    const moved = [
      ...sentence.slice(0, left),
      { ...lowerUnlessProper(b[0]!), pre: a[0]!.pre },
      ...b.slice(1),
      conj,
      { ...a[0]!, pre: b[0]!.pre || ' ' },
      ...a.slice(1),
      ...sentence.slice(right),
    ];
    return moved;
  }
  return undefined;
}

const inPhrase = (t: Token): boolean => ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos) && !t.quoted;

/** Start of a [determiner] (adjective | noun)* noun phrase ending just before `end`. */
function phraseBefore(tokens: Sentence, end: number): number | undefined {
  let i = end - 1;
  if (!tokens[i] || !['NOUN', 'PROPN'].includes(tokens[i]!.pos)) return undefined;
  while (i - 1 >= 0 && inPhrase(tokens[i - 1]!) && end - i < 4) i--;
  if (i - 1 >= 0 && PAIR_DETERMINERS.has(tokens[i - 1]!.text.toLowerCase())) i--;
  return i;
}

/** End (exclusive) of a [determiner] (adjective | noun)* noun phrase starting at `start`. */
function phraseAfter(tokens: Sentence, start: number): number | undefined {
  let i = start;
  if (tokens[i] && PAIR_DETERMINERS.has(tokens[i]!.text.toLowerCase())) i++;
  let last: Token | undefined;
  while (i < tokens.length && inPhrase(tokens[i]!) && i - start < 4) last = tokens[i++];
  if (!last || !['NOUN', 'PROPN'].includes(last.pos)) return undefined;
  // A noun phrase continuing into "of …" or a possessive is more than this pair.
  if (tokens[i]?.text === 'of' || tokens[i]?.text === "'s") return undefined;
  return i;
}
