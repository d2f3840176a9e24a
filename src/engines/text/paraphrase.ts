/**
 * `paraphrase`: the same sentences in other words. Each replaceable word (see `substitute.ts`) takes a
 * synonym from its most frequent WordNet sense in its own grammatical form, and connectors are swapped
 * for equivalents; names, numbers, dates and quotations stay as they are. The structure stays too,
 * except that a sentence where few words could change gets its clauses reordered.
 */
import type { Lexicon } from '../lexicon/types';
import { moveAdverbial, moveClause } from './clause-order';
import { swapConnectors } from './connectors';
import { analyse, renderSentence } from './nlp';
import type { Random } from '../../lib/seeded-random';
import { fixSentenceStarts } from './sentence-start';
import { isContentWord, substituteWords, type Substitution } from './substitute';
import type { TextLines } from './text-lines';

export interface ParaphraseOutcome {
  lines: TextLines;
  substitutions: Substitution[];
  /** Content words (nouns, verbs, adjectives, adverbs that are not names or stop words) in the input. */
  contentWords: number;
}

export function paraphraseText(text: string, lexicon: Lexicon, random: Random): ParaphraseOutcome {
  const substitutions: Substitution[] = [];
  let contentWords = 0;
  const lines = fixSentenceStarts(analyse(text), lexicon).map((line) => ({
    after: line.after,
    sentences: line.sentences.map((sentence) => {
      const content = sentence.filter(isContentWord).length;
      contentWords += content;
      const result = substituteWords(swapConnectors(sentence) ?? sentence, lexicon, { rate: 1, random, anyKey: true });
      substitutions.push(...result.substitutions);
      // Few synonyms share a word's canonical key, so a sentence that kept most of its words gets a light
      // change of order too (clause or date/place phrase moved); the words and their keys stay the same.
      const tokens = result.substitutions.length * 3 < content ? (moveClause(result.tokens) ?? moveAdverbial(result.tokens) ?? result.tokens) : result.tokens;
      return renderSentence(tokens);
    }),
  }));
  return { lines, substitutions, contentWords };
}
