/**
 * EMBEDDINGS_PROVIDER=llama: an embedding model (GGUF) run in this process by node-llama-cpp. The model is
 * loaded on first use after the same memory check as the text model's, shared per process, and each call
 * takes one of up to `contexts` embedding contexts. Vectors are L2-normalised (cosine = dot product), so
 * they compare like OpenAI's.
 */
import { basename } from 'node:path';
import type { LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { Embedder } from '../embeddings/embedder';
import { ContextPool } from './context-pool';
import { sharedModel } from './model-host';

export interface LlamaEmbedderOptions {
  /** A GGUF embedding model (LLAMA_EMBEDDINGS_MODEL_PATH, checked at start-up by config.ts). */
  modelPath: string;
  /** Embedding contexts, i.e. calls embedding at once in this process (LLAMA_CONTEXTS). */
  contexts: number;
  /** Tokens per context (LLAMA_CONTEXT_SIZE), capped at the model's training context; longer texts are cut. */
  contextSize: number;
  threads: number;
  memoryReserveMb: number;
}

/** Its id is `llama:<file name>`: vectors from another model are not comparable with these; `dimensions` is null until the model is loaded. */
export interface LlamaEmbedder extends Embedder {
  warmUp(): Promise<void>;
}

export function createLlamaEmbedder(opts: LlamaEmbedderOptions): LlamaEmbedder {
  let dimensions: number | null = null;
  let ready: Promise<{ model: LlamaModel; pool: ContextPool<LlamaEmbeddingContext>; contextSize: number }> | undefined;

  const prepare = () => {
    ready ??= sharedModel({
      setting: 'LLAMA_EMBEDDINGS_MODEL_PATH',
      path: opts.modelPath,
      contexts: opts.contexts,
      contextSize: opts.contextSize,
      embedding: true,
      memoryReserveMb: opts.memoryReserveMb,
    })
      .then((model) => {
        dimensions = model.embeddingVectorSize;
        const contextSize = Math.min(opts.contextSize, model.trainContextSize);
        const pool = new ContextPool(opts.contexts, () => model.createEmbeddingContext({ contextSize, threads: opts.threads }));
        return { model, pool, contextSize };
      })
      .catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
    return ready;
  };

  return {
    id: `llama:${basename(opts.modelPath)}`,
    get dimensions() {
      return dimensions;
    },
    async warmUp() {
      await prepare();
    },
    async embed(texts, signal) {
      signal?.throwIfAborted();
      if (texts.length === 0) return [];
      const { model, pool, contextSize } = await prepare();
      const context = await pool.acquire(signal);
      try {
        const vectors: Float32Array[] = [];
        for (const text of texts) {
          signal?.throwIfAborted();
          // A text longer than the context is cut to it (room left for the model's BOS/EOS tokens).
          const tokens = model.tokenize(text);
          const input = tokens.length > contextSize - 4 ? tokens.slice(0, contextSize - 4) : text;
          const { vector } = await context.getEmbeddingFor(input);
          vectors.push(normalised(vector));
        }
        return vectors;
      } finally {
        pool.release(context);
      }
    },
  };
}

function normalised(vector: readonly number[]): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (const x of out) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}
