/**
 * Where sentence vectors come from: the built-in sentence encoder (USE lite, in process) or a provider's
 * model behind an OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM, llama.cpp's server).
 * Vectors are stored with the `id` of the embedder that made them, and search compares a question only
 * with vectors of the same id: two models' vectors live in unrelated spaces.
 */
import { callProvider, ProviderError, readJson } from '../provider-error';
import { encodeSentences, SENTENCE_DIMS } from './sentence-encoder';
import { createLlamaEmbedder, type LlamaEmbedderOptions } from '../llama/llama-embedder';

export interface Embedder {
  /** `local:use-lite`, `openai:text-embedding-3-small`, `llama:<basename>`. */
  readonly id: string;
  /** Known up front for the built-in encoder; a provider's is learnt from its first answer (null until then). */
  readonly dimensions: number | null;
  /** One vector per text, in order, each unit length. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** An embeddings provider's failure; `permanent` says whether asking again can help. */
export class EmbeddingsProviderError extends ProviderError {}

export const LOCAL_EMBEDDER_ID = 'local:use-lite';

/** The built-in sentence encoder (src/engines/embeddings/sentence-encoder.ts). */
export const localEmbedder: Embedder = {
  id: LOCAL_EMBEDDER_ID,
  dimensions: SENTENCE_DIMS,
  embed: (texts) => encodeSentences(texts),
};

export interface OpenAIEmbedderOptions {
  /** API root including the version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  /** Sent only to OpenAI's text-embedding-3 models, the only ones that take it. */
  dimensions?: number;
  timeoutMs?: number;
  /** Attempts per request on 429, 5xx and network failures (the first included). */
  attempts?: number;
  /** Longest wait between attempts, whatever Retry-After asks. */
  maxRetryDelayMs?: number;
  /** Limits of one request; OpenAI's by default. A smaller server may need smaller. */
  maxInputsPerRequest?: number;
  maxTokensPerInput?: number;
  maxTokensPerRequest?: number;
}

/** OpenAI's limits (API reference, "Create embeddings"): 2048 inputs, 8192 tokens each, 300,000 tokens a request. */
export const OPENAI_LIMITS = { inputs: 2048, tokensPerInput: 8192, tokensPerRequest: 300_000 } as const;

const DEFAULT_MODEL = 'text-embedding-3-small';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_ATTEMPTS = 5;
const DEFAULT_MAX_RETRY_DELAY_MS = 20_000;

/**
 * Tokens a text may take, never under the truth: its UTF-8 byte count. Every token of a byte-level BPE
 * (OpenAI's cl100k, and the tokenizers of most open embedding models) is at least one byte, so a text has at
 * most as many tokens as bytes; English averages about four bytes a token, so the estimate is some four times
 * the count. Inputs here are sentences (rarely over 500 bytes), so it costs nothing: 8,192 bytes an input
 * cuts only a runaway "sentence", and 300,000 bytes a request still takes 2,048 ordinary sentences.
 */
export function estimateTokens(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The text cut to at most `maxTokens` by `estimateTokens`, at a character boundary. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxTokens) break;
    bytes += n;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * Requests for a list of inputs, in order: each at most `inputs` long and `tokensPerRequest` in estimated
 * tokens. Inputs are already cut to `tokensPerInput`.
 */
export function planBatches(texts: readonly string[], limits: { inputs: number; tokensPerRequest: number }): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const text of texts) {
    const t = estimateTokens(text);
    if (current.length > 0 && (current.length >= limits.inputs || tokens + t > limits.tokensPerRequest)) {
      batches.push(current);
      current = [];
      tokens = 0;
    }
    current.push(text);
    tokens += t;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

interface EmbeddingsResponse {
  data?: Array<{ index?: unknown; embedding?: unknown }>;
}

/**
 * Embeddings through an OpenAI-compatible `POST {base}/embeddings`. Inputs are cut to the per-input limit and
 * sent in as few requests as the limits allow (one after the other: a provider's rate limit is per key);
 * an empty text (which OpenAI refuses) is sent as a single space. 429, 5xx and network failures are retried
 * with backoff, after the server's `Retry-After` when it gives one. `encoding_format: "float"` is OpenAI's
 * default and not sent (some compatible servers refuse unknown values), and `dimensions` only to the
 * text-embedding-3 models, the only ones that accept it.
 */
export function createOpenAIEmbedder(opts: OpenAIEmbedderOptions): Embedder {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const model = opts.model ?? DEFAULT_MODEL;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS);
  const maxDelay = opts.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const limits = {
    inputs: Math.min(opts.maxInputsPerRequest ?? OPENAI_LIMITS.inputs, OPENAI_LIMITS.inputs),
    tokensPerInput: opts.maxTokensPerInput ?? OPENAI_LIMITS.tokensPerInput,
    tokensPerRequest: opts.maxTokensPerRequest ?? OPENAI_LIMITS.tokensPerRequest,
  };
  const sendDimensions = opts.dimensions !== undefined && /^text-embedding-3/.test(model);
  let dimensions: number | null = sendDimensions ? opts.dimensions! : null;

  async function request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body = JSON.stringify({ model, input, ...(sendDimensions ? { dimensions: opts.dimensions } : {}) });
    for (let attempt = 1; ; attempt++) {
      let retryAfterMs: number | undefined;
      try {
        const json = await callProvider({
          endpoint,
          apiKey: opts.apiKey,
          body,
          timeoutMs,
          signal,
          server: 'embeddings server',
          ErrorClass: EmbeddingsProviderError,
          read: (res) => readJson<EmbeddingsResponse, EmbeddingsProviderError>(res, `embeddings server at ${endpoint}`, EmbeddingsProviderError),
          onFailure: (res) => {
            retryAfterMs = retryAfterOf(res.headers.get('retry-after'));
          },
        });
        return vectorsOf(json, input.length);
      } catch (err) {
        if (!(err instanceof EmbeddingsProviderError) || err.permanent || attempt >= attempts) throw err;
        const backoff = Math.min(maxDelay, 500 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
        await sleep(Math.min(maxDelay, retryAfterMs ?? backoff), signal);
      }
    }
  }

  function vectorsOf(json: EmbeddingsResponse, count: number): Float32Array[] {
    const data = json.data;
    if (!Array.isArray(data) || data.length !== count) {
      throw new EmbeddingsProviderError(
        `embeddings server at ${endpoint} answered ${Array.isArray(data) ? data.length : 'no'} embeddings for ${count} inputs`,
        { permanent: true },
      );
    }
    const out: Float32Array[] = new Array(count);
    data.forEach((d, i) => {
      const at = typeof d.index === 'number' ? d.index : i;
      if (!Array.isArray(d.embedding) || at < 0 || at >= count || out[at]) {
        throw new EmbeddingsProviderError(`embeddings server at ${endpoint} answered an embedding that is not a list of numbers (data[${i}])`, {
          permanent: true,
        });
      }
      const v = unit(Float32Array.from(d.embedding as number[]));
      dimensions ??= v.length;
      if (v.length !== dimensions) {
        throw new EmbeddingsProviderError(`embeddings server at ${endpoint} answered ${v.length} dimensions where it answered ${dimensions} before`, {
          permanent: true,
        });
      }
      out[at] = v;
    });
    return out;
  }

  return {
    id: `openai:${model}${sendDimensions ? `@${opts.dimensions}` : ''}`,
    get dimensions() {
      return dimensions;
    },
    async embed(texts, signal) {
      const inputs = texts.map((t) => truncateToTokens(t.trim() === '' ? ' ' : t, limits.tokensPerInput));
      const out: Float32Array[] = [];
      for (const batch of planBatches(inputs, limits)) out.push(...(await request(batch, signal)));
      return out;
    },
  };
}

/** `Retry-After` as milliseconds: seconds, or an HTTP date. */
export function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  if (norm > 0) {
    const k = 1 / Math.sqrt(norm);
    for (let d = 0; d < v.length; d++) v[d]! *= k;
  }
  return v;
}

const recent = new Map<string, Float32Array>();

/** A question's vector; the last few are kept, since a multi-file chat asks every document the same one. */
export async function embedQuestion(embedder: Embedder, question: string, signal?: AbortSignal): Promise<Float32Array> {
  const key = `${embedder.id}\u0000${question}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const [v] = await embedder.embed([question], signal);
  recent.set(key, v!);
  if (recent.size > 32) recent.delete(recent.keys().next().value!);
  return v!;
}

export interface EmbedderSettings {
  provider: 'local' | 'openai' | 'llama';
  llama?: Omit<LlamaEmbedderOptions, 'modelPath'> & { modelPath?: string };
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  openaiModel?: string;
}

/** The embedder the settings name. */
export function createEmbedder(s: EmbedderSettings): Embedder {
  if (s.provider === 'local') return localEmbedder;
  if (s.provider === 'llama') {
    if (!s.llama?.modelPath) throw new Error('LLAMA_EMBEDDINGS_MODEL_PATH is required when EMBEDDINGS_PROVIDER=llama');
    return createLlamaEmbedder({ ...s.llama, modelPath: s.llama.modelPath });
  }
  if (!s.openaiBaseUrl) throw new Error('OPENAI_BASE_URL is required when EMBEDDINGS_PROVIDER=openai');
  return createOpenAIEmbedder({ baseUrl: s.openaiBaseUrl, apiKey: s.openaiApiKey, model: s.openaiModel });
}
