/**
 * Writes a tiny GGUF model that llama.cpp (node-llama-cpp 3.21.1's build) loads: the `llama` architecture with
 * random F32 weights, a few layers, small dimensions, a SentencePiece ("llama") vocabulary and a ChatML
 * chat template in `tokenizer.chat_template`. It proves loading, templating, streaming, cancellation and
 * memory accounting, not quality.
 *
 * Format: GGUF v3 (ggml-org/ggml docs/gguf.md): magic "GGUF", version, tensor count, key/value count, the
 * key/values, the tensor infos (name, dims with ne0 first, ggml type, offset into the data), padding to
 * `general.alignment` (32), then the tensor data, each tensor aligned. Keys and tensors are those
 * llama.cpp's `llama_model_llama::load_arch_hparams/load_arch_tensors` and `llama_vocab::load` read.
 *
 * The output layer has a zero row for every token that is not a whole word ("▁word"): control tokens,
 * byte tokens and word prefixes (there so that the prompt tokenizes into pieces, not bytes) get logit 0
 * while word logits are spread wide, so the model writes whole words and never ends early: a reply runs
 * exactly to `max_tokens`, and every output token is one o200k token too (" the", " river", …).
 */
import { writeFileSync } from 'node:fs';

export interface TinyGgufOptions {
  /** Seed of the weights (the same seed writes the same file). */
  seed?: number;
  layers?: number;
  embedding?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  /** `llama.pooling_type` (1 = mean), for an embedding model; unset for a chat model. */
  pooling?: number;
}

const WORDS = (
  'the a river stone light city garden winter morning paper window music people water market forest road story ' +
  'small quiet bright old green open early long warm cold simple clear new good great high little ' +
  'walk read write build carry follow bring keep turn hold find leave watch learn grow ' +
  'and but with from under over near after before between through about into ' +
  'time year day world house school family friend voice hand field table bridge island valley harbor'
).split(' ');

enum TokenType {
  Normal = 1,
  Unknown = 2,
  Control = 3,
  Byte = 6,
}

const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

interface Vocab {
  tokens: string[];
  scores: number[];
  types: number[];
  /** Token ids that are whole words (the only ones the model writes). */
  words: Set<number>;
  bos: number;
  eos: number;
  unk: number;
}

function buildVocab(): Vocab {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const words = new Set<number>();
  const index = new Map<string, number>();
  const add = (text: string, type: number, score: number): number => {
    const existing = index.get(text);
    if (existing !== undefined) return existing;
    const id = tokens.length;
    tokens.push(text);
    scores.push(score);
    types.push(type);
    index.set(text, id);
    return id;
  };
  const unk = add('<unk>', TokenType.Unknown, 0);
  const bos = add('<s>', TokenType.Control, 0);
  const eos = add('</s>', TokenType.Control, 0);
  add('<|im_start|>', TokenType.Control, 0);
  add('<|im_end|>', TokenType.Control, 0);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, TokenType.Byte, 0);
  // Single characters and every prefix of each word: SentencePiece merges pairwise, so a word forms only
  // through pieces that are themselves in the vocabulary. Longer pieces score higher (merged first).
  for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;!?\'"()-') add(ch, TokenType.Normal, -10);
  add('▁', TokenType.Normal, -9);
  for (const word of WORDS) {
    const piece = `▁${word}`;
    for (let end = 2; end < piece.length; end++) add(piece.slice(0, end), TokenType.Normal, end - 10);
    words.add(add(piece, TokenType.Normal, piece.length));
  }
  return { tokens, scores, types, words, bos, eos, unk };
}

/** Mulberry32: a small seeded generator, so that a seed always writes the same weights. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Value =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'str'; value: string }
  | { type: 'strs'; value: string[] }
  | { type: 'f32s'; value: number[] }
  | { type: 'i32s'; value: number[] };

interface Tensor {
  name: string;
  /** ggml order: ne0 (the contiguous dimension) first. */
  dims: number[];
  data: Float32Array;
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(buf: Buffer): void {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(alignment: number): void {
    const rest = this.length % alignment;
    if (rest) this.push(Buffer.alloc(alignment - rest));
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

// GGUF metadata value types.
const GGUF_UINT32 = 4;
const GGUF_INT32 = 5;
const GGUF_FLOAT32 = 6;
const GGUF_BOOL = 7;
const GGUF_STRING = 8;
const GGUF_ARRAY = 9;
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

function writeValue(w: Writer, v: Value): void {
  switch (v.type) {
    case 'u32':
      w.u32(GGUF_UINT32);
      w.u32(v.value);
      return;
    case 'f32':
      w.u32(GGUF_FLOAT32);
      w.f32(v.value);
      return;
    case 'bool':
      w.u32(GGUF_BOOL);
      w.push(Buffer.from([v.value ? 1 : 0]));
      return;
    case 'str':
      w.u32(GGUF_STRING);
      w.str(v.value);
      return;
    case 'strs':
      w.u32(GGUF_ARRAY);
      w.u32(GGUF_STRING);
      w.u64(v.value.length);
      for (const s of v.value) w.str(s);
      return;
    case 'f32s':
      w.u32(GGUF_ARRAY);
      w.u32(GGUF_FLOAT32);
      w.u64(v.value.length);
      for (const n of v.value) w.f32(n);
      return;
    case 'i32s':
      w.u32(GGUF_ARRAY);
      w.u32(GGUF_INT32);
      w.u64(v.value.length);
      for (const n of v.value) w.i32(n);
      return;
  }
}

/** The model's bytes. */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  const seed = options.seed ?? 1;
  const nLayer = options.layers ?? 2;
  const nEmbd = options.embedding ?? 64;
  const nHead = options.heads ?? 4;
  const nFf = options.feedForward ?? 128;
  const nCtx = options.contextLength ?? 2048;
  const vocab = buildVocab();
  const nVocab = vocab.tokens.length;
  const rand = random(seed);
  const gauss = () => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
  const matrix = (ne0: number, ne1: number, scale: number) => {
    const data = new Float32Array(ne0 * ne1);
    for (let i = 0; i < data.length; i++) data[i] = gauss() * scale;
    return data;
  };
  const ones = (n: number) => new Float32Array(n).fill(1);

  const tensors: Tensor[] = [];
  tensors.push({ name: 'token_embd.weight', dims: [nEmbd, nVocab], data: matrix(nEmbd, nVocab, 1) });
  const projection = 1 / Math.sqrt(nEmbd);
  for (let i = 0; i < nLayer; i++) {
    tensors.push({ name: `blk.${i}.attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) });
    tensors.push({ name: `blk.${i}.attn_q.weight`, dims: [nEmbd, nEmbd], data: matrix(nEmbd, nEmbd, projection) });
    tensors.push({ name: `blk.${i}.attn_k.weight`, dims: [nEmbd, nEmbd], data: matrix(nEmbd, nEmbd, projection) });
    tensors.push({ name: `blk.${i}.attn_v.weight`, dims: [nEmbd, nEmbd], data: matrix(nEmbd, nEmbd, projection) });
    tensors.push({ name: `blk.${i}.attn_output.weight`, dims: [nEmbd, nEmbd], data: matrix(nEmbd, nEmbd, projection) });
    tensors.push({ name: `blk.${i}.ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) });
    tensors.push({ name: `blk.${i}.ffn_gate.weight`, dims: [nEmbd, nFf], data: matrix(nEmbd, nFf, projection) });
    tensors.push({ name: `blk.${i}.ffn_up.weight`, dims: [nEmbd, nFf], data: matrix(nEmbd, nFf, projection) });
    tensors.push({ name: `blk.${i}.ffn_down.weight`, dims: [nFf, nEmbd], data: matrix(nFf, nEmbd, 1 / Math.sqrt(nFf)) });
  }
  tensors.push({ name: 'output_norm.weight', dims: [nEmbd], data: ones(nEmbd) });
  // Word rows spread wide (logits of several units after the RMS norm); every other row zero.
  const output = matrix(nEmbd, nVocab, 2);
  for (let t = 0; t < nVocab; t++) if (!vocab.words.has(t)) output.fill(0, t * nEmbd, (t + 1) * nEmbd);
  tensors.push({ name: 'output.weight', dims: [nEmbd, nVocab], data: output });

  const kv: Array<[string, Value]> = [
    ['general.architecture', { type: 'str', value: 'llama' }],
    ['general.name', { type: 'str', value: 'kiln-tiny-test' }],
    ['general.alignment', { type: 'u32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'u32', value: nCtx }],
    ['llama.embedding_length', { type: 'u32', value: nEmbd }],
    ['llama.block_count', { type: 'u32', value: nLayer }],
    ['llama.feed_forward_length', { type: 'u32', value: nFf }],
    ['llama.attention.head_count', { type: 'u32', value: nHead }],
    ['llama.attention.head_count_kv', { type: 'u32', value: nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'u32', value: nEmbd / nHead }],
    ['llama.vocab_size', { type: 'u32', value: nVocab }],
    ...(options.pooling !== undefined ? ([['llama.pooling_type', { type: 'u32', value: options.pooling }]] as Array<[string, Value]>) : []),
    ['tokenizer.ggml.model', { type: 'str', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strs', value: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: vocab.types }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: vocab.bos }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: vocab.eos }],
    ['tokenizer.ggml.unknown_token_id', { type: 'u32', value: vocab.unk }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'str', value: CHATML_TEMPLATE }],
  ];

  const w = new Writer();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, value] of kv) {
    w.str(key);
    writeValue(w, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offsets.push(offset);
    offset += Math.ceil(t.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  w.pad(ALIGNMENT);
  for (const t of tensors) {
    w.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad(ALIGNMENT);
  }
  return w.buffer();
}

/** Writes the model to `path` and returns the path. */
export function writeTinyGguf(path: string, options: TinyGgufOptions = {}): string {
  writeFileSync(path, tinyGguf(options));
  return path;
}
