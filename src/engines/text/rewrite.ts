/**
 * `rewrite`: each sentence restructured by the first change that fits it — clause order, a reported
 * claim turned around, voice, a date/place phrase moved, a compound split in two, a pair of noun phrases
 * swapped — plus connector swaps, and its wording varied with same-key synonyms. Names, numbers, dates
 * and quotations are never touched, nothing is dropped (so no negation or qualifier is lost), and line
 * breaks are kept. A sentence none of these fit keeps its structure and changes only its wording.
 */
import type { Lexicon } from '../lexicon/types';
import { moveAdverbial, moveClause, moveReporting } from './clause-order';
import { splitCompound } from './compound';
import { swapCoordination } from './coordination';
import { leadingConnector, swapConnectors } from './connectors';
import { analyse, renderSentence, type Sentence } from './nlp';
import type { Random } from '../../lib/seeded-random';
import { fixSentenceStarts } from './sentence-start';
import { substituteWords, type Substitution } from './substitute';
import { lowerUnlessProper } from './token-edit';
import type { TextLines } from './text-lines';
import { switchVoice } from './active-passive';

export interface RewriteOutcome {
  lines: TextLines;
  substitutions: Substitution[];
  /** Sentences whose structure (not only wording) changed. */
  restructured: number;
  sentences: number;
}

export function rewriteText(text: string, lexicon: Lexicon, random: Random): RewriteOutcome {
  const substitutions: Substitution[] = [];
  let restructured = 0;
  let sentences = 0;
  const lines = fixSentenceStarts(analyse(text), lexicon).map((line) => ({
    after: line.after,
    sentences: line.sentences.map((sentence) => {
      sentences++;
      const result = rewriteSentence(sentence, lexicon, random);
      substitutions.push(...result.substitutions);
      if (result.restructured) restructured++;
      return renderSentence(result.tokens);
    }),
  }));
  return { lines, substitutions, restructured, sentences };
}

function rewriteSentence(sentence: Sentence, lexicon: Lexicon, random: Random): { tokens: Sentence; substitutions: Substitution[]; restructured: boolean } {
  // The opening connector is set aside so clause and voice changes see the sentence proper.
  const lead = leadingConnector(sentence);
  const head = lead ? sentence.slice(0, lead.length) : [];
  let body = lead ? sentence.slice(lead.length) : sentence;
  if (body.length === 0) return { tokens: sentence, substitutions: [], restructured: false };
  if (lead) body = [{ ...body[0]!, pre: '' }, ...body.slice(1)];

  const restructuredBody = moveClause(body) ?? moveReporting(body) ?? switchVoice(body) ?? moveAdverbial(body) ?? splitCompound(body) ?? swapCoordination(body);
  if (restructuredBody) body = restructuredBody;

  let tokens: Sentence = head.length > 0 ? [...head, { ...lowerUnlessProper(body[0]!), pre: ' ' }, ...body.slice(1)] : body;
  tokens = swapConnectors(tokens) ?? tokens;

  // Wording: half the replaceable words when the structure already changed, all of them otherwise.
  const words = substituteWords(tokens, lexicon, { rate: restructuredBody ? 0.5 : 1, random });
  tokens = words.tokens;
  return { tokens, substitutions: words.substitutions, restructured: restructuredBody !== undefined };
}
