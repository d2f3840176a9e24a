/**
 * Sentence connectors ("However,", "For example,") swapped for an equivalent. Only the connector at the
 * start of a sentence and a few mid-sentence ones; each pair keeps the logical relation (contrast stays
 * contrast, cause stays cause), so no claim changes.
 */
import type { Sentence, Token } from './nlp';
import { capitalise, lowerUnlessProper, makeToken, phraseTokens } from './token-edit';

/** Connector → equivalent, lower case, without the comma. */
const EQUIVALENTS: ReadonlyArray<readonly [string, string]> = [
  ['however', 'nevertheless'],
  ['nevertheless', 'even so'],
  ['nonetheless', 'even so'],
  ['even so', 'nevertheless'],
  ['also', 'in addition'],
  ['in addition', 'also'],
  ['moreover', 'furthermore'],
  ['furthermore', 'moreover'],
  ['besides', 'what is more'],
  ['therefore', 'as a result'],
  ['as a result', 'consequently'],
  ['consequently', 'as a result'],
  ['thus', 'hence'],
  ['hence', 'thus'],
  ['for example', 'for instance'],
  ['for instance', 'for example'],
  ['in contrast', 'by contrast'],
  ['by contrast', 'in contrast'],
  ['on the other hand', 'by contrast'],
  ['meanwhile', 'at the same time'],
  ['at the same time', 'meanwhile'],
  ['finally', 'lastly'],
  ['lastly', 'finally'],
  ['first', 'to begin with'],
  ['firstly', 'first of all'],
  ['to begin with', 'first'],
  ['second', 'secondly'],
  ['secondly', 'second'],
  ['in fact', 'indeed'],
  ['indeed', 'in fact'],
  ['of course', 'naturally'],
  ['naturally', 'of course'],
  ['similarly', 'likewise'],
  ['likewise', 'similarly'],
  ['in short', 'in brief'],
  ['in brief', 'in short'],
  ['in summary', 'to sum up'],
  ['to sum up', 'in summary'],
  ['overall', 'on the whole'],
  ['on the whole', 'overall'],
  ['in general', 'generally'],
  ['generally', 'in general'],
  ['instead', 'rather'],
  // Not today → nowadays: "Today, the museum opens" is about one day.
  ['nowadays', 'today'],
  ['still', 'even so'],
  ['yet', 'still'],
  ['afterwards', 'later'],
  ['later', 'afterwards'],
  ['then', 'after that'],
];

/** Sentence-initial coordinators that take no comma; their replacement does. */
const BARE: Readonly<Record<string, string>> = { but: 'however', so: 'therefore', and: 'also' };

export interface Connector {
  /** The connector as written, lower-cased, without its comma. */
  phrase: string;
  /** Tokens it occupies at the start of the sentence, including its comma if any. */
  length: number;
}

/** The connector opening `sentence`, if any (longest match wins). */
export function leadingConnector(sentence: Sentence): Connector | undefined {
  let found: Connector | undefined;
  for (const [phrase] of EQUIVALENTS) {
    const words = phrase.split(' ');
    if (!words.every((w, i) => sentence[i]?.text.toLowerCase() === w)) continue;
    if (sentence[words.length]?.text !== ',') continue;
    if (!found || words.length > found.phrase.split(' ').length) found = { phrase, length: words.length + 1 };
  }
  if (found) return found;
  const first = sentence[0]?.text.toLowerCase() ?? '';
  if (first in BARE && sentence[1]?.text !== ',') return { phrase: first, length: 1 };
  return undefined;
}

/** Replaces the opening connector with `replacement` (lower case, no comma); the rest follows with a comma. */
export function replaceLeadingConnector(sentence: Sentence, connector: Connector, replacement: string): Sentence {
  const head = phraseTokens(replacement);
  head[0] = { ...capitalise(head[0]!), pre: '' };
  const rest = sentence.slice(connector.length);
  if (rest.length === 0) return sentence;
  const body = [{ ...lowerUnlessProper(rest[0]!), pre: ' ' }, ...rest.slice(1)];
  return [...head, makeToken(','), ...body];
}

/** The rewrite's connector swap: an equivalent at the sentence start, and "; however," style ones inside. */
export function swapConnectors(sentence: Sentence): Sentence | undefined {
  let out: Sentence | undefined;
  const lead = leadingConnector(sentence);
  if (lead) {
    const replacement = BARE[lead.phrase] ?? EQUIVALENTS.find(([phrase]) => phrase === lead.phrase)?.[1];
    if (replacement) out = replaceLeadingConnector(sentence, lead, replacement);
  }
  const current = out ?? sentence;
  for (let i = 1; i < current.length - 2; i++) {
    const prev = current[i - 1]!;
    const token = current[i]!;
    if ((prev.text === ';' || prev.text === ',') && current[i + 1]?.text === ',' && !token.quoted) {
      const match = EQUIVALENTS.find(([phrase]) => phrase === token.text.toLowerCase() && !phrase.includes(' '));
      if (match && ['however', 'therefore', 'moreover', 'furthermore', 'consequently', 'nevertheless', 'thus'].includes(match[0])) {
        const replaced: Token[] = [...current];
        replaced.splice(i, 1, ...phraseTokens(match[1]).map((t, j) => (j === 0 ? { ...t, pre: token.pre } : t)));
        out = replaced;
        break;
      }
    }
  }
  return out;
}
