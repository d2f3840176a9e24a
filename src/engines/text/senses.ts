/**
 * Which sense a word has, when the engine cannot read context. A word counts as having one sense in
 * practice when its part of speech has a single WordNet sense, or when its first sense holds at least
 * 75 % of the word's tagged uses in WordNet's sense-tagged corpus (`index.sense` tag counts) with 95 %
 * confidence (the Wilson score interval's lower bound), so a handful of tags proves nothing: "large"
 * (139 of 141 tags), "city" (103 of 117) and "want" (389 of 409) do; "minister" (10 of 10: SemCor never
 * tagged the government minister), "employ" (42 of 56: use; the rest hire), "run", "charge",
 * "address", "figure", "draw" and "carry" do not.
 */
import type { Lexicon, Synset, WordNetPos } from '../lexicon/types';

/** Share of a word's tagged uses its first sense must hold (lower bound at 95 % confidence). */
export const DOMINANT_SHARE = 0.75;
const Z = 1.96;

/** The one sense `lemma` has for `pos` in practice (see above); undefined for a word with several common senses. */
export function dominantSense(lemma: string, pos: WordNetPos, lexicon: Lexicon): Synset | undefined {
  const senses = lexicon.synsets(lemma, pos);
  if (senses.length <= 1) return senses[0];
  const counts = lexicon.tagCounts(lemma, pos);
  const first = counts[0] ?? 0;
  const total = counts.reduce((sum, n) => sum + n, 0);
  return total > 0 && wilsonLower(first, total) >= DOMINANT_SHARE ? senses[0] : undefined;
}

/** Lower bound of the Wilson score interval for `hits` of `n` at 95 % confidence. */
export function wilsonLower(hits: number, n: number): number {
  const p = hits / n;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * n);
  const margin = Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (centre - margin) / (1 + z2 / n);
}
