import * as v from 'valibot';

/** OpenAI's bounds on one request: 2,048 inputs, none empty. */
export const MAX_EMBEDDING_INPUTS = 2048;
const MAX_INPUT_CHARS = 100_000;

const text = v.pipe(
  v.string('must be a string'),
  v.nonEmpty('must not be empty'),
  v.maxLength(MAX_INPUT_CHARS, `must be at most ${MAX_INPUT_CHARS} characters`),
);

/** POST /v1/embeddings as OpenAI takes it; token arrays (which name another model's tokenizer) are refused. */
export const embeddingsRequestSchema = v.object({
  model: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.description('The embeddings model of GET /v1/models.')),
  input: v.union(
    [
      text,
      v.pipe(
        v.array(text),
        v.minLength(1, 'must hold at least one text'),
        v.maxLength(MAX_EMBEDDING_INPUTS, `must hold at most ${MAX_EMBEDDING_INPUTS} texts`),
      ),
    ],
    'must be a non-empty string or an array of non-empty strings (token arrays are not supported)',
  ),
  encoding_format: v.optional(v.picklist(['float', 'base64'], 'must be float or base64'), 'float'),
  dimensions: v.optional(v.pipe(v.number('must be an integer'), v.integer('must be an integer'))),
  user: v.optional(v.string('must be a string')),
});

export type EmbeddingsRequestBody = v.InferOutput<typeof embeddingsRequestSchema>;

export const inputsOf = (body: Pick<EmbeddingsRequestBody, 'input'>): string[] => (typeof body.input === 'string' ? [body.input] : body.input);

/** A vector as OpenAI's `base64` encoding: the little-endian float32 bytes (what the official clients decode). */
export function base64Vector(vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, i * 4);
  return bytes.toString('base64');
}

/** OpenAI's answer: one `embedding` per input, in order; usage counts the inputs' tokens. */
export function embeddingsResponse(vectors: readonly Float32Array[], model: string, promptTokens: number, encoding: 'float' | 'base64') {
  return {
    object: 'list' as const,
    data: vectors.map((vec, index) => ({
      object: 'embedding' as const,
      index,
      embedding: encoding === 'base64' ? base64Vector(vec) : Array.from(vec),
    })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}
