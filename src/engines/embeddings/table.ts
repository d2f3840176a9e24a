import { readFileSync } from 'node:fs';
import { stemmer } from 'stemmer';

/** Dimensions of every vector (the distilled table's principal components). */
export const DIMS = 256;

/**
 * SIF weighting (Arora et al. 2017): a word's weight is a / (a + p(word)), so the most frequent words
 * barely count and rare ones count fully. p comes from the word's line in vocab.txt (Zipf's law).
 */
const SIF_A = 1e-3;

export interface WordTable {
  /** Row of a vocabulary word, also reached by a known inflection's Porter stem. */
  rowOf(word: string): number | undefined;
  /** int8 × 127, one row of DIMS per word, each row of unit length. */
  readonly vectors: Int8Array;
  /** SIF weight of each row. */
  readonly weights: Float32Array;
}

let table: WordTable | undefined;

/** The distilled table, read once (about 5 MB; scripts/distill-embeddings.ts writes it). */
export function wordTable(): WordTable {
  if (table) return table;
  const bin = readFileSync(new URL('./vectors.bin', import.meta.url));
  const vectors = new Int8Array(bin.buffer, bin.byteOffset, bin.byteLength);
  const words = readFileSync(new URL('./vocab.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean);
  if (words.length * DIMS !== vectors.length) throw new Error(`embeddings: vocab.txt has ${words.length} words, vectors.bin ${vectors.length / DIMS} rows`);
  const rows = new Map<string, number>();
  const byStem = new Map<string, number>();
  const harmonic = Math.log(words.length) + 0.5772;
  const weights = new Float32Array(words.length);
  words.forEach((w, i) => {
    rows.set(w, i);
    // The most frequent word of a stem speaks for its unknown inflections ("reimbursements" → "reimbursement").
    const s = stemmer(w);
    if (!byStem.has(s)) byStem.set(s, i);
    const p = 1 / ((i + 1) * harmonic);
    weights[i] = SIF_A / (SIF_A + p);
  });
  table = {
    rowOf: (word) => rows.get(word) ?? byStem.get(stemmer(word)),
    vectors,
    weights,
  };
  return table;
}
