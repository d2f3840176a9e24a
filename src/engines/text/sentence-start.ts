/**
 * Fixes wink's habit of tagging a capitalised sentence opener as a name, using WordNet's spelling: an
 * opener is an ordinary word when WordNet knows it and never spells it with a capital ("Studies",
 * "Urban"), and stays a name when WordNet does ("Paris", "London") or does not know it ("Maria").
 */
import type { Lexicon } from '../lexicon/types';
import { retagSentenceStart, type Line } from './nlp';

export function isCommonWord(word: string, lexicon: Lexicon): boolean {
  // The lexicon's morphy misses some plurals ("volcanoes"); a plain singular is tried as well.
  const lower = [word.toLowerCase(), word.toLowerCase().replace(/(?<=o)es$|s$/, '')].find((w) => lexicon.partsOfSpeech(w).length > 0);
  if (!lower) return false;
  const parts = lexicon.partsOfSpeech(lower);
  return !parts.some((pos) => lexicon.synsets(lower, pos).some((s) => s.lemmas.some((l) => l !== l.toLowerCase() && l.toLowerCase() === lower)));
}

export function fixSentenceStarts(lines: Line[], lexicon: Lexicon): Line[] {
  for (const line of lines) for (const sentence of line.sentences) retagSentenceStart(sentence, (w) => isCommonWord(w, lexicon));
  return lines;
}
