import { createLocalImageProvider } from './local-provider';
import { createOpenAIImageProvider } from './openai-provider';
import type { ImageProvider } from './types';

export * from './types';
export { createLocalImageProvider } from './local-provider';
export { createOpenAIImageProvider, type OpenAIImageProviderOptions } from './openai-provider';
export { ImageProviderError } from './image-provider-error';
export { describePrompt, type PromptDescription } from './prompt-motifs';
export { isPng, readPngSize } from './png-info';

export interface ImageProviderConfig {
  provider: 'local' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  openaiModel?: string;
}

export function createImageProvider(config: ImageProviderConfig): ImageProvider {
  if (config.provider === 'local') return createLocalImageProvider();
  if (!config.openaiBaseUrl) throw new Error('image provider "openai" needs openaiBaseUrl');
  return createOpenAIImageProvider({
    baseUrl: config.openaiBaseUrl,
    apiKey: config.openaiApiKey,
    model: config.openaiModel,
  });
}
