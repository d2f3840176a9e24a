import { createLocalTextProvider } from './local-provider';
import { createOpenAITextProvider } from './openai-provider';
import { createLlamaTextProvider } from '../llama/text-provider';
import type { TextProvider } from './types';

export * from './types';
export { createLocalTextProvider, LOCAL_LANGUAGES, type LocalTextProvider } from './local-provider';
export { createOpenAITextProvider, type OpenAITextProviderOptions } from './openai-provider';
export { TextProviderError } from './text-provider-error';
export { isPermanentStatus } from '../provider-error';
export { countTokens, truncateToTokens, TOKENIZER } from './tokens';
export { detectLanguage, warmUpLanguageDetection, type DetectedLanguage } from './detect-language';
export { decideLanguage, type LanguageDecision } from './request-language';

export interface TextProviderConfig {
  provider: 'local' | 'openai' | 'llama';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  openaiModel?: string;
  /** TEXT_PROVIDER=llama: the model and its contexts (LLAMA_* settings). */
  llama?: { modelPath?: string; contexts: number; contextSize: number; threads: number; memoryReserveMb: number };
}

export function createTextProvider(config: TextProviderConfig): TextProvider {
  if (config.provider === 'local') return createLocalTextProvider();
  if (config.provider === 'llama') {
    if (!config.llama?.modelPath) throw new Error('text provider "llama" needs llama.modelPath');
    return createLlamaTextProvider({ ...config.llama, modelPath: config.llama.modelPath });
  }
  if (!config.openaiBaseUrl) throw new Error('text provider "openai" needs openaiBaseUrl');
  return createOpenAITextProvider({
    baseUrl: config.openaiBaseUrl,
    apiKey: config.openaiApiKey,
    model: config.openaiModel,
  });
}
