import { mergePassages, passageWords } from './breakdown';
import { buildPassages, unionLength, type PassageOptions } from './passages';
import { alignSentences, SENTENCE_ALIGN_DEFAULTS, type Embed, type SensesOf, type SentenceAlignOptions } from './sentence-align';
import type { AnalyzedText, Breakdown, NormalizedText, Passage, Seed } from './types';
import { type RawToken, tokenize } from './normalize';
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

/** The source side of a passage, for `excerptRange`: its text, its normalised tokens' offsets and the passage's first token. */
export interface ExcerptSource {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  sStart: number;
}

/** Punctuation (anything but letters, marks, digits, spaces, apostrophes and hyphens) and line breaks end a clause. */
const CLAUSE_BREAK = /[^\p{L}\p{M}\p{N}\s'’\u02bc-]|\n/gu;
/** Before a sentence's first word: the start of the text, or a stop (or a line break) then spaces and opening quotes. */
const SENTENCE_OPENS = /(?:^|[.!?…]["'”’)\]]*\s|\n)[\s"'“‘([]*$/u;

/** The words of text[from, to) after its last clause break, with their offsets in `text` (all stop words, between two content words). */
function clauseWords(text: string, from: number, to: number): RawToken[] {
  const segment = text.slice(from, to);
  let cut = 0;
  for (const m of segment.matchAll(CLAUSE_BREAK)) cut = m.index + m[0].length;
  return tokenize(segment.slice(cut)).map((t) => ({ word: t.word, start: from + cut + t.start, end: from + cut + t.end }));
}

function opensSentence(text: string, at: number): boolean {
  const from = Math.max(0, at - 16);
  const before = text.slice(from, at);
  return from === 0 ? SENTENCE_OPENS.test(before) : SENTENCE_OPENS.test(before) && !/^[\s"'“‘([]*$/u.test(before);
}

/**
 * Where a query token range reads in the submitted text. Tokens are content words, so the range's first
 * token may follow stop words that are part of the passage ("The story of the bicycle…" starts at "story"):
 * those of its clause come with it — all of them when they open a sentence, else those the source's passage
 * also has before its first token (with the source at hand). Ends at the last token's end.
 */
export function excerptRange(text: string, query: NormalizedText, qStart: number, qEnd: number, source?: ExcerptSource): { start: number; end: number } {
  if (qEnd <= qStart) return { start: 0, end: 0 };
  const first = query.starts[qStart]!;
  const end = query.ends[qEnd - 1]!;
  const lead = clauseWords(text, qStart > 0 ? query.ends[qStart - 1]! : 0, first);
  if (lead.length === 0) return { start: first, end };
  let take = lead.length;
  if (source && !opensSentence(text, lead[0]!.start) && source.sStart < source.starts.length) {
    const s = source.sStart;
    const theirs = clauseWords(source.text, s > 0 ? source.ends[s - 1]! : 0, source.starts[s]!);
    take = 0;
    while (take < lead.length && take < theirs.length && lead[lead.length - 1 - take]!.word === theirs[theirs.length - 1 - take]!.word) take++;
  }
  return { start: take > 0 ? lead[lead.length - take]!.start : first, end };
}

/** The submitted text of a query token range, in its original wording (see `excerptRange`). */
export function excerptOf(text: string, query: NormalizedText, qStart: number, qEnd: number, source?: ExcerptSource): string {
  const { start, end } = excerptRange(text, query, qStart, qEnd, source);
  return text.slice(start, end);
}
