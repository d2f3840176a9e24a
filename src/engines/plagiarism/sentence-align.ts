import type { AnalyzedText, Passage, TokenRange, WordSenses } from './types';

/**
 * Passages found sentence by sentence, for copies whose wording changed too much for shared k-grams to
 * chain: a paraphrase replaces a third of the words with synonyms that mostly have another key, and a
 * rewrite moves clauses and reorders sentences. Each sentence of the submission is paired with the source
 * sentence whose words it shares most (the same key, or a synonym: one word's most frequent sense is among
 * the other's senses, which is how the text engine's paraphrases pick their words), in any order; runs of
 * paired sentences make passages. Pure.
 */
export interface SentenceAlignOptions {
  /** A pair of sentences needs at least this many of the query sentence's words matched. */
  minWords: number;
  /** …and a Dice coefficient of matched words at least this, */
  minDice: number;
  /** …or this share of the query sentence's words matched with at least `minContainedWords` (a sentence split in two). */
  minContainment: number;
  minContainedWords: number;
  /** A passage of a single sentence needs this Dice coefficient. */
  minSingleDice: number;
  /** Unpaired query sentences bridged inside a passage. */
  maxSentenceGap: number;
  /** Passages covering fewer query tokens are dropped. */
  minTokens: number;
  /** Pairs are only scored when the sentences share this many distinct keys (a cheap filter)… */
  minSharedKeys: number;
  /**
   * …or, with sentence vectors, when their cosine is at least this; such a pair counts with only
   * `minWordsNearby` words matched. Measured on the eval's prose (60 documents): the closest sentence of an
   * unrelated document stays below 0.56 in 99% of cases (max 0.74); a paraphrased or rewritten sentence and
   * its source have a median of 0.81.
   */
  minCosine: number;
  minWordsNearby: number;
  /** A pair this close in meaning counts whatever its words (well above the chance maximum of 0.74). */
  sureCosine: number;
}

/** A sentence's meaning as a unit vector (the embeddings engine's `embed`). */
export type Embed = (text: string) => Float32Array;

export const SENTENCE_ALIGN_DEFAULTS: SentenceAlignOptions = {
  minWords: 3,
  minDice: 0.5,
  minContainment: 0.75,
  minContainedWords: 4,
  minSingleDice: 0.6,
  maxSentenceGap: 1,
  minTokens: 8,
  minSharedKeys: 2,
  minCosine: 0.75,
  minWordsNearby: 2,
  sureCosine: 0.88,
};

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}

const vectorCache = new WeakMap<AnalyzedText, Float32Array[]>();
const postingsCache = new WeakMap<AnalyzedText, Map<string, number[]>>();

/** For each key, the sentences holding it (once each, in order); computed once per analysed text. */
function keyPostings(t: AnalyzedText): Map<string, number[]> {
  let m = postingsCache.get(t);
  if (!m) {
    m = new Map();
    t.sentences.forEach((s, i) => {
      for (let k = s.start; k < s.end; k++) {
        const key = t.keys[k]!;
        const list = m!.get(key);
        if (!list) m!.set(key, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    postingsCache.set(t, m);
  }
  return m;
}

/** One vector per sentence (from its first to its last content word), computed once per analysed text. */
function sentenceVectors(t: AnalyzedText, embed: Embed): Float32Array[] {
  let v = vectorCache.get(t);
  if (!v) {
    v = t.sentences.map((r) => embed(t.text.slice(t.starts[r.start]!, t.ends[r.end - 1]!)));
    vectorCache.set(t, v);
  }
  return v;
}

export type SensesOf = (word: string) => WordSenses;

/** The same word (key) or a synonym: either word's most frequent sense is one of the other's senses. */
export function synonyms(a: string, b: string, sensesOf: SensesOf): boolean {
  const sa = sensesOf(a);
  const sb = sensesOf(b);
  for (const id of sa.first) if (sb.all.includes(id)) return true;
  for (const id of sb.first) if (sa.all.includes(id)) return true;
  return false;
}

interface PairScore {
  source: number;
  matched: number;
  dice: number;
  cosine: number;
}

/** Words of query sentence `q` matched one to one in source sentence `s`: equal keys first, then synonyms. */
function matchedWords(query: AnalyzedText, q: TokenRange, source: AnalyzedText, s: TokenRange, sensesOf: SensesOf): number {
  const counts = new Map<string, number>();
  for (let j = s.start; j < s.end; j++) counts.set(source.keys[j]!, (counts.get(source.keys[j]!) ?? 0) + 1);
  let matched = 0;
  const restQ: number[] = [];
  for (let i = q.start; i < q.end; i++) {
    const n = counts.get(query.keys[i]!) ?? 0;
    if (n > 0) {
      counts.set(query.keys[i]!, n - 1);
      matched++;
    } else restQ.push(i);
  }
  if (restQ.length === 0) return matched;
  const restS: number[] = [];
  for (let j = s.start; j < s.end; j++) {
    const key = source.keys[j]!;
    const n = counts.get(key) ?? 0;
    // Source words left over once the equal keys were paired.
    if (n > 0) {
      counts.set(key, n - 1);
      restS.push(j);
    }
  }
  const used = new Uint8Array(restS.length);
  for (const i of restQ) {
    for (let k = 0; k < restS.length; k++) {
      if (used[k] || !synonyms(query.words[i]!, source.words[restS[k]!]!, sensesOf)) continue;
      used[k] = 1;
      matched++;
      break;
    }
  }
  return matched;
}

/** Passages of `query` against one source by sentence alignment, strongest first. With `embed`, meaning counts too. */
export function alignSentences(
  query: AnalyzedText,
  source: AnalyzedText,
  sensesOf: SensesOf,
  opts: SentenceAlignOptions = SENTENCE_ALIGN_DEFAULTS,
  embed?: Embed,
): Passage[] {
  // Pairs sharing a few distinct keys, counted from the (short) source's side through the query's postings.
  const postings = keyPostings(query);
  const nq = query.sentences.length;
  const shared = new Map<number, number>();
  source.sentences.forEach((s, j) => {
    const seen = new Set<string>();
    for (let t = s.start; t < s.end; t++) {
      const key = source.keys[t]!;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const i of postings.get(key) ?? []) shared.set(j * nq + i, (shared.get(j * nq + i) ?? 0) + 1);
    }
  });

  // Whether two lengths leave room for a pair by words at all (at most the shorter sentence can match).
  const mayPairByWords = (qLen: number, sLen: number) => {
    const most = Math.min(qLen, sLen);
    return most >= opts.minWords && ((2 * most) / (qLen + sLen) >= opts.minDice || most / qLen >= opts.minContainment);
  };

  const score = (q: TokenRange, j: number, cosine: number): PairScore | null => {
    const s = source.sentences[j]!;
    if (cosine < opts.minCosine && !mayPairByWords(q.end - q.start, s.end - s.start)) return null;
    const matched = matchedWords(query, q, source, s, sensesOf);
    const qLen = q.end - q.start;
    const dice = (2 * matched) / (qLen + s.end - s.start);
    const byWords = matched >= opts.minWords && (dice >= opts.minDice || (matched >= opts.minContainedWords && matched / qLen >= opts.minContainment));
    const byMeaning = cosine >= opts.sureCosine || (cosine >= opts.minCosine && matched >= opts.minWordsNearby);
    return byWords || byMeaning ? { source: j, matched, dice, cosine } : null;
  };
  const better = (a: PairScore | null, b: PairScore | null) =>
    !a ? b : !b ? a : b.matched > a.matched || (b.matched === a.matched && b.dice + b.cosine > a.dice + a.cosine) ? b : a;

  const best: (PairScore | null)[] = new Array(nq).fill(null);
  for (const [pair, n] of shared) {
    if (n < opts.minSharedKeys) continue;
    const i = pair % nq;
    const j = (pair - i) / nq;
    best[i] = better(best[i]!, score(query.sentences[i]!, j, 0));
  }

  if (embed) {
    // Unpaired sentences next to paired ones (a passage's reworded sentence): the closest source sentence in
    // meaning, if close enough. Only near pairs, as comparing every sentence with every one would dominate a check.
    const qv = sentenceVectors(query, embed);
    const sv = sentenceVectors(source, embed);
    const reach = opts.maxSentenceGap + 1;
    const near = (i: number) => {
      for (let k = Math.max(0, i - reach); k <= Math.min(nq - 1, i + reach); k++) if (k !== i && best[k]) return true;
      return false;
    };
    const tryMeaning = (i: number) => {
      if (best[i] || !near(i)) return;
      const q = query.sentences[i]!;
      let top: PairScore | null = null;
      sv.forEach((v, j) => {
        const c = dot(qv[i]!, v);
        if (c >= opts.minCosine) top = better(top, score(q, j, c));
      });
      best[i] = top;
    };
    // Forward then backward, so a pair found by meaning can reach the next sentence in either direction.
    for (let i = 0; i < nq; i++) tryMeaning(i);
    for (let i = nq - 1; i >= 0; i--) tryMeaning(i);
  }

  const passages: Passage[] = [];
  let i = 0;
  while (i < best.length) {
    if (!best[i]) {
      i++;
      continue;
    }
    // A run of paired sentences, bridging at most `maxSentenceGap` unpaired ones between two paired.
    const pairs: { q: number; pair: PairScore }[] = [{ q: i, pair: best[i]! }];
    let last = i;
    for (let k = i + 1; k < best.length && k - last - 1 <= opts.maxSentenceGap; k++) {
      if (best[k]) {
        pairs.push({ q: k, pair: best[k]! });
        last = k;
      }
    }
    i = last + 1;
    const qStart = query.sentences[pairs[0]!.q]!.start;
    const qEnd = query.sentences[last]!.end;
    let matched = 0;
    let pairedTokens = 0;
    let sStart = Infinity;
    let sEnd = 0;
    for (const { q, pair } of pairs) {
      const qs = query.sentences[q]!;
      const ss = source.sentences[pair.source]!;
      matched += pair.matched;
      pairedTokens += qs.end - qs.start + ss.end - ss.start;
      sStart = Math.min(sStart, ss.start);
      sEnd = Math.max(sEnd, ss.end);
    }
    const similarity = (2 * matched) / pairedTokens;
    if (qEnd - qStart < opts.minTokens) continue;
    if (pairs.length < 2 && similarity < opts.minSingleDice && pairs[0]!.pair.cosine < opts.sureCosine) continue;
    passages.push({ qStart, qEnd, sStart, sEnd, matched, similarity, seeds: 0, sentences: pairs.length });
  }
  return passages.sort((a, b) => b.matched - a.matched || a.qStart - b.qStart);
}
