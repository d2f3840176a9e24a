import { createOpenAISpeechProvider, openAIVoiceProblem } from './openai-provider';
import type { SpeechProvider } from './types';

export interface SpeechProviderConfig {
  provider: 'local' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  openaiModel?: string;
  /** Voice used when the request's voice names no OpenAI voice (cloned voices). */
  openaiVoice?: string;
}

export function createSpeechProvider(config: SpeechProviderConfig): SpeechProvider {
  if (config.provider === 'local') return lazyLocalSpeechProvider();
  if (!config.openaiBaseUrl) throw new Error('speech provider "openai" needs openaiBaseUrl');
  const problem = openAIVoiceProblem(config.openaiModel ?? 'tts-1', config.openaiVoice ?? 'alloy');
  // At start-up, naming the settings, rather than on every request.
  if (problem) throw new Error(`OPENAI_SPEECH_VOICE / OPENAI_SPEECH_MODEL: ${problem}`);
  return createOpenAISpeechProvider({
    baseUrl: config.openaiBaseUrl,
    apiKey: config.openaiApiKey,
    model: config.openaiModel,
    defaultVoice: config.openaiVoice,
  });
}

/**
 * The local engine (espeak-ng's WASM build, the MP3 encoder; Flite's child processes start on the
 * first English chunk) is loaded on the first synthesis rather than at import: every process builds a
 * runtime, few of them ever speak.
 */
function lazyLocalSpeechProvider(): SpeechProvider {
  let loaded: Promise<SpeechProvider> | null = null;
  const provider = () => (loaded ??= import('./local-provider').then((m) => m.createLocalSpeechProvider()));
  return {
    name: 'local',
    synthesize: async (req, outPath, opts) => (await provider()).synthesize(req, outPath, opts),
  };
}
