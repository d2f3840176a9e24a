/**
 * Plagiarism fingerprinting: plain inputs and outputs, no I/O. Text is reduced to a sequence of normalised
 * tokens (content words mapped to a canonical key), k-grams of tokens are hashed, and winnowing picks the
 * fingerprints a corpus document stores; a submission is looked up with all of its k-gram hashes.
 */

/** What the normaliser needs of the WordNet lexicon (`src/engines/lexicon`). */
export interface KeyLexicon {
  /** Synonyms sharing their most frequent sense, and inflections, map to one key; unknown words map to themselves (lowercased). */
  canonicalKey(word: string): string;
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
}

export type Verdict = 'original' | 'mostly_original' | 'mixed' | 'plagiarised';
