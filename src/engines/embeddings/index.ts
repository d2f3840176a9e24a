/**
 * Meaning as vectors, offline and fast: static word vectors distilled from the Universal Sentence
 * Encoder lite (scripts/distill-embeddings.ts), averaged with SIF weights. A text's vector takes
 * microseconds, so every passage of a long document and every sentence of a submission can have one.
 * Words worded differently but meaning alike ("people live" / "population", "spend" / "budget") land
 * close; word order is not seen. English only; unknown words (names, numbers) are left out. Coarse: a
 * sentence on a neighbouring topic can score as high against a question (0.4–0.5) as the one that answers
 * it, so it ranks and breaks ties better than it decides (measured in docs/engines.md, "Meaning (word vectors)").
 */
import { eng } from 'stopword';
import { DIMS, wordTable } from './table';

export { DIMS } from './table';

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
const STOP_WORDS: ReadonlySet<string> = new Set(eng);

/** The SIF-weighted mean of the text's known content words, unit length; all zeros when none is known. */
export function embed(text: string): Float32Array {
  const table = wordTable();
  const out = new Float32Array(DIMS);
  for (const row of wordRows(text)) {
    const w = table.weights[row]! / 127;
    const base = row * DIMS;
    for (let d = 0; d < DIMS; d++) out[d]! += table.vectors[base + d]! * w;
  }
  return normalize(out);
}

/**
 * How well the words of `query` are covered in meaning by the words of `text`, 0..1: each query word
 * takes its closest word of the text (cosine of the two word vectors, nothing below ALIGN_FLOOR), weighted
 * by the query word's SIF weight. Unlike the cosine of two averaged vectors, a short question is not
 * drowned by a long sentence's other words ("cops" finds "officers" among twenty others). Asymmetric.
 */
export function coverage(query: string, text: string): number {
  const table = wordTable();
  const asked = [...new Set(wordRows(query))];
  const seen = [...new Set(wordRows(text))];
  let covered = 0;
  let total = 0;
  for (const q of asked) {
    let best = 0;
    for (const s of seen) {
      if (s === q) {
        best = 1;
        break;
      }
      let dot = 0;
      const a = q * DIMS;
      const b = s * DIMS;
      for (let d = 0; d < DIMS; d++) dot += table.vectors[a + d]! * table.vectors[b + d]!;
      best = Math.max(best, dot / (127 * 127));
    }
    const w = table.weights[q]!;
    covered += best >= ALIGN_FLOOR ? w * best : 0;
    total += w;
  }
  return total === 0 ? 0 : covered / total;
}

/** Below this, two words' closeness is what unrelated words share. */
const ALIGN_FLOOR = 0.3;

/** Table rows of the text's known content words, in order. */
function wordRows(text: string): number[] {
  const table = wordTable();
  const out: number[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    for (const part of word.includes('-') ? word.split('-') : [word]) {
      const row = table.rowOf(part);
      if (row !== undefined) out.push(row);
    }
  }
  return out;
}

/** Cosine similarity of two vectors from `embed` (their dot product: both have unit length or are zero). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let d = 0; d < DIMS; d++) dot += a[d]! * b[d]!;
  return dot;
}

/** How alike two texts are in meaning, -1..1 (0 when either has no known word). */
export function similarity(a: string, b: string): number {
  return cosine(embed(a), embed(b));
}

let segmenter: Intl.Segmenter | undefined;

/** The text's sentences (ICU boundaries, trimmed, empty ones dropped), each with its vector and its offset in `text`. */
export function embedSentences(text: string): { text: string; start: number; vector: Float32Array }[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const out: { text: string; start: number; vector: Float32Array }[] = [];
  for (const s of segmenter.segment(text)) {
    const trimmed = s.segment.trim();
    if (!trimmed) continue;
    out.push({ text: trimmed, start: s.index + s.segment.indexOf(trimmed), vector: embed(trimmed) });
  }
  return out;
}

/** One vector per text. */
export function embedAll(texts: readonly string[]): Float32Array[] {
  return texts.map(embed);
}

/** A vector as DIMS bytes (int8 × 127) for storage; `fromBytes` reads it back. */
export function toBytes(v: Float32Array): Buffer {
  const out = Buffer.alloc(DIMS);
  for (let d = 0; d < DIMS; d++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(v[d]! * 127))), d);
  return out;
}

/** A stored vector back to unit length (quantisation shifts the norm slightly). */
export function fromBytes(bytes: Uint8Array): Float32Array {
  const v = new Float32Array(DIMS);
  const signed = new Int8Array(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, DIMS));
  for (let d = 0; d < signed.length; d++) v[d] = signed[d]!;
  return normalize(v);
}

function normalize(v: Float32Array): Float32Array {
  let norm = 0;
  for (let d = 0; d < DIMS; d++) norm += v[d]! * v[d]!;
  if (norm === 0) return v;
  const k = 1 / Math.sqrt(norm);
  for (let d = 0; d < DIMS; d++) v[d]! *= k;
  return v;
}
