import { mergePassages, passageWords } from './breakdown';
import { buildPassages, unionLength, type PassageOptions } from './passages';
import { alignSentences, SENTENCE_ALIGN_DEFAULTS, type Embed, type SensesOf, type SentenceAlignOptions } from './sentence-align';
import type { AnalyzedText, Breakdown, NormalizedText, Passage, Seed } from './types';
import { kgramHashes } from './winnow';

/** Everything that decides fingerprints and passages. */
export interface PlagiarismParams extends PassageOptions {
  /** Winnowing window (in k-grams): a shared run of ≥ w + k − 1 tokens always shares a stored fingerprint. */
  w: number;
}

/** The hashes to look up for a submission: every k-gram (not only winnowed ones), with where each occurs. */
export interface QueryHashes {
  /** Distinct hashes, in first-occurrence order. */
  hashes: number[];
  /** Query k-gram positions per hash. */
  positions: Map<number, number[]>;
}

/** Per hash, at most this many query positions pair with a source hit (a text repeating itself). */
const MAX_POSITIONS_PER_HASH = 16;

export function queryHashes(keys: readonly string[], k: number): QueryHashes {
  const all = kgramHashes(keys, k);
  const positions = new Map<number, number[]>();
  const hashes: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const h = all[i]!;
    const list = positions.get(h);
    if (list) {
      if (list.length < MAX_POSITIONS_PER_HASH) list.push(i);
    } else {
      positions.set(h, [i]);
      hashes.push(h);
    }
  }
  return { hashes, positions };
}

/** Source fingerprint hits (hash at a source position) → seeds, paired with every query position of the hash. */
export function seedsFromHits(hits: Iterable<{ hash: number; pos: number }>, query: QueryHashes): Seed[] {
  const seeds: Seed[] = [];
  for (const hit of hits) {
    const qs = query.positions.get(hit.hash);
    if (qs) for (const q of qs) seeds.push({ q, s: hit.pos });
  }
  return seeds;
}

export interface SourceSeeds<R> {
  ref: R;
  seeds: Seed[];
  /** The source's normalised keys; without them passages are approximated from the seeds alone. */
  tokens?: readonly string[];
  /** The source analysed into words and sentences: with an analysed query, sentences are aligned too. */
  text?: AnalyzedText;
}

export interface DetectedPassage<R> extends Passage {
  ref: R;
  /** With analysed texts: how the passage's words relate to the source's. */
  breakdown?: Breakdown;
}

export interface SentenceAlignment {
  sensesOf: SensesOf;
  options?: SentenceAlignOptions;
  /** Sentence vectors for pairing by meaning (the embeddings engine); without, words and synonyms only. */
  embed?: Embed;
}

const isAnalyzed = (t: NormalizedText): t is AnalyzedText => 'sentences' in t;

export interface Detection<R> {
  /** 0..1, union of all passages' query token ranges over the query's token count. */
  score: number;
  /** Query tokens in the union of the passages. */
  coveredTokens: number;
  totalTokens: number;
  /** Every passage of every source, the most matched tokens first. */
  passages: DetectedPassage<R>[];
}

/** Passages of each source against the query and the overall score. Pure. */
export function detect<R>(query: NormalizedText, sources: readonly SourceSeeds<R>[], params: PlagiarismParams, sentences?: SentenceAlignment): Detection<R> {
  const passages: DetectedPassage<R>[] = [];
  for (const src of sources) {
    const tokens = src.tokens ? { query: query.keys, source: src.tokens } : undefined;
    const found = buildPassages(src.seeds, params, tokens);
    if (!sentences || !src.text || !isAnalyzed(query)) {
      for (const p of found) passages.push({ ...p, ref: src.ref });
      continue;
    }
    const aligned = alignSentences(query, src.text, sentences.sensesOf, sentences.options ?? SENTENCE_ALIGN_DEFAULTS, sentences.embed);
    for (const p of mergePassages([...found, ...aligned])) {
      const words = passageWords(query, src.text, p, sentences.sensesOf);
      // Fingerprint passages keep their exact alignment's figures; merged and sentence passages are measured as bags of words.
      const exact = found.some((f) => f.qStart === p.qStart && f.qEnd === p.qEnd && f.sStart === p.sStart && f.sEnd === p.sEnd);
      const measured = exact ? p : { ...p, matched: words.matched, similarity: (2 * words.matched) / (p.qEnd - p.qStart + p.sEnd - p.sStart) };
      passages.push({ ...measured, ref: src.ref, breakdown: words.breakdown });
    }
  }
  passages.sort((a, b) => b.matched - a.matched || b.similarity - a.similarity || a.qStart - b.qStart);
  const totalTokens = query.keys.length;
  const coveredTokens = unionLength(passages.map((p) => ({ start: p.qStart, end: p.qEnd })));
  const score = totalTokens > 0 ? Math.min(1, coveredTokens / totalTokens) : 0;
  return { score, coveredTokens, totalTokens, passages };
}

/** The submitted text of a query token range, in its original wording (first token's start to last token's end). */
export function excerptOf(text: string, query: NormalizedText, qStart: number, qEnd: number): string {
  if (qEnd <= qStart) return '';
  return text.slice(query.starts[qStart]!, query.ends[qEnd - 1]!);
}
