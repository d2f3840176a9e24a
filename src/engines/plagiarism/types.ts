/**
 * Plagiarism fingerprinting: plain inputs and outputs, no I/O. Text is reduced to a sequence of normalised
 * tokens (content words mapped to a canonical key), k-grams of tokens are hashed, and winnowing picks the
 * fingerprints a corpus document stores; a submission is looked up with all of its k-gram hashes.
 */

/** What the normaliser needs of the WordNet lexicon (`src/engines/lexicon`). */
export interface KeyLexicon {
  /** Synonyms sharing their most frequent sense, and inflections, map to one key; unknown words map to themselves (lowercased). */
  canonicalKey(word: string): string;
  /**
   * The word's senses (see the lexicon's `senseIds`), for recognising synonyms that do not share a key.
   * Absent: only equal keys count as the same word when sentences are aligned.
   */
  senseIds?(word: string): WordSenses;
}

/** Synset ids of a word: each (POS, base form)'s most frequent sense, and all its (common) senses. */
export interface WordSenses {
  first: readonly string[];
  all: readonly string[];
}

/** A half-open range of normalised token positions. */
export interface TokenRange {
  start: number;
  end: number;
}

/** A normalised text with what sentence alignment needs besides the keys. */
export interface AnalyzedText extends NormalizedText {
  /** The text analysed (offsets point into it). */
  text: string;
  /** The folded surface word of each token (`keys[i]` is its key). */
  words: string[];
  /** Token ranges of the sentences (and lines), in order; tokens of no sentence do not exist. */
  sentences: TokenRange[];
}

/** Shares (0..1, summing to 1) of a passage's content words, as Copyleaks reports them. */
export interface Breakdown {
  /** The same word in the source. */
  identical: number;
  /** The same word in another form (inflection, spelling): the same stem. */
  lightlyChanged: number;
  /** Another word: a synonym, or wording of the submission's own inside the matched passage. */
  paraphrased: number;
}

/** A text as normalised tokens; token i came from `text.slice(starts[i], ends[i])`. */
export interface NormalizedText {
  /** Canonical keys (WordNet key, else the Porter stem), stop words removed. */
  keys: string[];
  starts: Int32Array;
  ends: Int32Array;
  /** Whitespace-separated words of the original text (before any filtering). */
  wordCount: number;
}

/** One k-gram hash. `pos` is the index of its first token: it covers tokens pos .. pos + k - 1. */
export interface Fingerprint {
  hash: number;
  pos: number;
}

/** A k-gram shared by the query (submission) and a source document: both start positions, in tokens. */
export interface Seed {
  q: number;
  s: number;
}

export interface Passage {
  /** Query (submission) token range, end exclusive. */
  qStart: number;
  qEnd: number;
  /** Source token range, end exclusive. */
  sStart: number;
  sEnd: number;
  /** Tokens aligned between the two ranges (exact runs plus the LCS of the gaps between them). */
  matched: number;
  /** 0..1: Dice coefficient of the aligned tokens, 2·matched / (query tokens + source tokens) of the passage. */
  similarity: number;
  /** Number of seeds that built the passage. */
  seeds: number;
  /** Query sentences matched to source sentences by meaning-preserving alignment (0 for fingerprint passages). */
  sentences?: number;
}

export type Verdict = 'original' | 'mostly_original' | 'mixed' | 'plagiarised';

export type PlagiarismLexicon = 'wordnet' | 'none';

export interface PlagiarismMatch {
  url: string;
  /** 0..1, similarity of the submitted passage to the source passage. */
  similarity: number;
  /** The matching passage of the submitted text, in its original wording. */
  excerpt: string;
  /** Shares of the passage's content words: the same word, another form of it, another word (3 decimals, sum 1). */
  breakdown: MatchBreakdown;
}

export interface MatchBreakdown {
  identical: number;
  lightly_changed: number;
  paraphrased: number;
}

export interface MatchDetail extends PlagiarismMatch {
  documentId: string;
  title: string | null;
  /** Character range of the excerpt in the submitted text. */
  start: number;
  end: number;
  /** Character range of the passage in the source document's text. */
  sourceStart: number;
  sourceEnd: number;
  /** Normalised tokens of the passage in the submission, and how many of them aligned with the source. */
  tokens: number;
  matchedTokens: number;
}
