import { embed } from '../engines/embeddings';
import { LOCAL_MODELS } from './models';

/**
 * The one call POST /v1/embeddings makes for its vectors: the built-in static word vectors (SIF-weighted
 * means, 256 dimensions, microseconds a text, so they are computed in the web process). Swapped at merge
 * for the `Embedder` of EMBEDDINGS_PROVIDER (src/engines/embeddings/embedder.ts): the route needs only the
 * vectors, in order, and the model id they came from.
 */
export async function embedTexts(texts: readonly string[]): Promise<{ model: string; vectors: Float32Array[] }> {
  return { model: LOCAL_MODELS.embeddings, vectors: texts.map((t) => embed(t)) };
}
