import {
  detect,
  excerptRange,
  queryHashes,
  seedsFromHits,
  maskExcluded,
  type AnalyzedText,
  type Breakdown,
  type Embed,
  type Exclusion,
  type Normalizer,
  type PlagiarismParams,
  type QueryHashes,
} from './index';
import { embed } from '../embeddings';
import type { MatchBreakdown, MatchDetail } from './types';

/**
 * The CPU-heavy phases of a check, apart from its SQL: plain (structured-cloneable) inputs and outputs, so
 * they run the same in process or on an engine thread (`plagiarism.query` and `plagiarism.align` tasks).
 */

export interface PreparedQuery {
  query: AnalyzedText;
  /** Every k-gram hash of the query with its positions; none when the text is shorter than k tokens. */
  hashes: QueryHashes;
}

/** What the SQL lookup needs of the submission: its token count and distinct k-gram hashes (first-occurrence order). */
export interface QueryLookup {
  tokens: number;
  hashes: Float64Array;
}

export interface CandidateText {
  doc: { id: string; url: string; title: string | null; text: string };
  /** The candidate's fingerprint hits on the query's hashes (common hashes left out). */
  hits: { hash: number; pos: number }[];
}

export interface Alignment {
  /** Unrounded share of the query's tokens covered by passages. */
  score: number;
  coveredTokens: number;
  /** Every passage, strongest first. */
  details: MatchDetail[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Three decimals that still add up to 1 (the paraphrased share takes the rounding). */
function roundBreakdown(b: Breakdown): MatchBreakdown {
  const identical = round3(b.identical);
  const lightlyChanged = round3(b.lightlyChanged);
  return { identical, lightly_changed: lightlyChanged, paraphrased: round3(Math.max(0, 1 - identical - lightlyChanged)) };
}

/**
 * Only the lookup's needs, so a thread sends back two small values rather than every token: cloning those
 * across would cost the main thread about as much as normalising.
 */
export function queryLookup(prepared: PreparedQuery): QueryLookup {
  return { tokens: prepared.query.keys.length, hashes: Float64Array.from(prepared.hashes.hashes) };
}

/** The submission's tokens (none from the excluded parts) and the hashes to look up. */
export function prepareQuery(normalizer: Normalizer, text: string, k: number, exclude: readonly Exclusion[] = []): PreparedQuery {
  const query = normalizer.analyze(maskExcluded(text, exclude));
  const hashes = query.keys.length < k ? { hashes: [], positions: new Map<number, number[]>() } : queryHashes(query.keys, k);
  return { query, hashes };
}

/** A candidate's text as alignment reads it: positions past the last hit only matter for extending the final passage a little. */
function analyzeCandidate(normalizer: Normalizer, text: string, hits: readonly { pos: number }[], k: number): AnalyzedText {
  const lastPos = hits.reduce((m, h) => Math.max(m, h.pos), 0);
  return normalizer.analyze(text, lastPos + k + 256);
}

/** Every sentence of the submission and of the candidates, as alignment's meaning step asks for them (distinct). */
export function sentenceTexts(normalizer: Normalizer, candidates: readonly CandidateText[], params: PlagiarismParams, prepared: PreparedQuery): string[] {
  const out = new Set<string>();
  const add = (t: AnalyzedText) => {
    for (const r of t.sentences) out.add(t.text.slice(t.starts[r.start]!, t.ends[r.end - 1]!));
  };
  add(prepared.query);
  for (const c of candidates) add(analyzeCandidate(normalizer, c.doc.text, c.hits, params.k));
  return [...out];
}

/**
 * Passages of the submission against the loaded candidates' texts, in the order given, and the score. Without
 * `prepared` the submission is normalised again (on a thread: the same tokens, as normalising is deterministic).
 */
export function alignCandidates(
  normalizer: Normalizer,
  text: string,
  candidates: readonly CandidateText[],
  params: PlagiarismParams,
  exclude: readonly Exclusion[] = [],
  prepared: PreparedQuery = prepareQuery(normalizer, text, params.k, exclude),
  /** Sentence meaning: the built-in word vectors unless given (a provider's, looked up from `sentenceTexts`). */
  meaning: Embed = embed,
): Alignment {
  const { query, hashes } = prepared;
  const sources = candidates.map(({ doc, hits }) => {
    const norm = analyzeCandidate(normalizer, doc.text, hits, params.k);
    return { ref: { doc, norm }, seeds: seedsFromHits(hits, hashes), tokens: norm.keys, text: norm };
  });
  const detection = detect(query, sources, params, { sensesOf: normalizer.sensesOf, embed: meaning });
  const details: MatchDetail[] = detection.passages.map((p) => {
    const { doc, norm } = p.ref;
    const { start, end } = excerptRange(text, query, p.qStart, p.qEnd, { text: doc.text, starts: norm.starts, ends: norm.ends, sStart: p.sStart });
    return {
      url: doc.url,
      similarity: round3(p.similarity),
      excerpt: text.slice(start, end),
      documentId: doc.id,
      title: doc.title,
      start,
      end,
      sourceStart: norm.starts[p.sStart]!,
      sourceEnd: norm.ends[p.sEnd - 1]!,
      tokens: p.qEnd - p.qStart,
      matchedTokens: p.matched,
      breakdown: roundBreakdown(p.breakdown ?? { identical: p.similarity, lightlyChanged: 0, paraphrased: 1 - p.similarity }),
    };
  });
  return { score: detection.score, coveredTokens: detection.coveredTokens, details };
}
