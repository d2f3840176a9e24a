import { embed } from '../engines/embeddings';
import type { Embedder } from '../engines/embeddings/embedder';
import { LOCAL_MODELS } from './models';

/**
 * The model id POST /v1/embeddings serves for EMBEDDINGS_PROVIDER: the provider's model name
 * (`openai:text-embedding-3-small@512` → `text-embedding-3-small`), the GGUF file's name for llama, or the
 * built-in encoder's own name.
 */
export function embeddingsModelOf(embedder: Embedder): string {
  const [kind, ...rest] = embedder.id.split(':');
  const name = rest.join(':');
  if (kind === 'openai') return name.replace(/@\d+$/, '');
  if (kind === 'llama') return name;
  return LOCAL_MODELS.embeddings;
}

/**
 * The vectors POST /v1/embeddings answers with. With the built-in engine they are the static word vectors
 * (SIF-weighted means, 256 dimensions, microseconds a text, so computed in the web process); with a provider,
 * that provider's (the call is a network round trip, or for llama a small embedding model loaded once per
 * process), the same vectors file chat and the plagiarism check use.
 */
export async function embedTexts(embedder: Embedder, texts: readonly string[], signal?: AbortSignal): Promise<{ model: string; vectors: Float32Array[] }> {
  const model = embeddingsModelOf(embedder);
  if (model === LOCAL_MODELS.embeddings) return { model, vectors: texts.map((t) => embed(t)) };
  return { model, vectors: await embedder.embed(texts, signal) };
}
