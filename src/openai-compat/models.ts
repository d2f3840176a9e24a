/**
 * The models Kiln serves on its OpenAI-compatible endpoints: the configured provider's model for each kind
 * of work, or the built-in engine, which names itself (`kiln-local-…`) so a caller can tell the placeholder
 * from a real model.
 */
export const LOCAL_MODELS = {
  chat: 'kiln-local-text',
  embeddings: 'kiln-local-embeddings',
  images: 'kiln-local-image',
  speech: 'kiln-local-speech',
} as const;

export type ModelKind = keyof typeof LOCAL_MODELS;

export interface ModelSettings {
  TEXT_PROVIDER: string;
  OPENAI_TEXT_MODEL: string;
  IMAGE_PROVIDER: string;
  OPENAI_IMAGE_MODEL: string;
  SPEECH_PROVIDER: string;
  OPENAI_SPEECH_MODEL: string;
}

/** Each kind's one served model id. Embeddings are the built-in encoder's until a provider is configured for them. */
export function servedModels(s: ModelSettings, embeddingsModel: string = LOCAL_MODELS.embeddings): Record<ModelKind, string> {
  return {
    chat: s.TEXT_PROVIDER === 'openai' ? s.OPENAI_TEXT_MODEL : LOCAL_MODELS.chat,
    embeddings: embeddingsModel,
    images: s.IMAGE_PROVIDER === 'openai' ? s.OPENAI_IMAGE_MODEL : LOCAL_MODELS.images,
    speech: s.SPEECH_PROVIDER === 'openai' ? s.OPENAI_SPEECH_MODEL : LOCAL_MODELS.speech,
  };
}

/** OpenAI's model object. `created` is fixed: Kiln does not know when a provider's model was made. */
export function modelObject(id: string) {
  return { id, object: 'model' as const, created: 0, owned_by: id.startsWith('kiln-') ? 'kiln' : 'provider' };
}

/** GET /v1/models: the served models of the kinds the key may use, each once. */
export function modelList(models: Record<ModelKind, string>, kinds: readonly ModelKind[]) {
  const ids = [...new Set(kinds.map((k) => models[k]))];
  return { object: 'list' as const, data: ids.map(modelObject) };
}
