import type { SpeechEngineName } from './chunk-engine';
import { primarySubtag } from './languages';
import type { VoiceSettings } from './types';

/**
 * Which built-in engine speaks a voice in a language: Flite for English when the voice has a Flite
 * rendering (Flite's voices are English only), espeak-ng for everything else.
 */
export function speechEngineFor(settings: VoiceSettings, language: string): SpeechEngineName {
  return settings.flite && primarySubtag(language) === 'en' ? 'flite' : 'espeak-ng';
}
