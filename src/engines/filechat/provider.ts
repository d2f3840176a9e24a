import { createLocalFileChatProvider } from './local-provider';
import { createOpenAIFileChatProvider } from './openai-provider';
import type { ChatAnswer, RetrievedPassage } from './types';

export { FileChatProviderError } from './file-chat-provider-error';

/** What the wording step is given: the engine has already found the answer and its sources. */
export interface ComposeRequest {
  question: string;
  /** Most relevant first, as retrieved. */
  passages: RetrievedPassage[];
  /** The engine's own exact answer: extractive sentences, or the computed CSV result. */
  draft: ChatAnswer;
  /** For CSV: the computed answer, stated as fact; a model must not recompute or contradict it. */
  facts?: string;
  /** Earlier turns of the conversation, oldest first: a model reads a follow-up in their light. */
  history?: { question: string; answer: string }[];
}

export interface FileChatProvider {
  readonly name: 'local' | 'openai';
  /** Words the answer: `draft` is the engine's own exact answer (extractive sentences, or the computed CSV result); sources never change. */
  compose(req: ComposeRequest, signal?: AbortSignal): Promise<string>;
}

export interface FileChatProviderConfig {
  provider: 'local' | 'openai';
  /** OpenAI-compatible API root including the version, e.g. `http://host/v1`; required for "openai". */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

export function createFileChatProvider(cfg: FileChatProviderConfig): FileChatProvider {
  if (cfg.provider === 'local') return createLocalFileChatProvider();
  if (!cfg.baseUrl) throw new Error('file chat provider "openai" needs baseUrl');
  return createOpenAIFileChatProvider({ baseUrl: cfg.baseUrl, apiKey: cfg.apiKey, model: cfg.model });
}
