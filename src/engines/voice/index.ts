export * from './types';
export { createSpeechProvider, type SpeechProviderConfig } from './provider';
export { createLocalSpeechProvider, MAX_SPEED, MIN_SPEED, type LocalSpeechProviderOptions } from './local-provider';
export { createOpenAISpeechProvider, type OpenAISpeechProviderOptions } from './openai-provider';
export { SpeechProviderError } from './speech-provider-error';
export {
  BUILTIN_VOICES,
  defaultVoiceFor,
  findBuiltinVoice,
  isBuiltinVoiceId,
  resolveLanguage,
  SPOKEN_LANGUAGES,
  SUPPORTED_LANGUAGES,
  voiceSpeaks,
  type BuiltinVoice,
  type OpenAIVoiceName,
  type ResolvedLanguage,
  type SpokenLanguage,
} from './catalogue';
export { isMp3, measureMp3, Mp3Meter, type Mp3Measure } from './mp3-info';
export { ESPEAK_SAMPLE_RATE, speakChunk, synthesizeChunk, type ChunkVoice } from './espeak';
export { openMp3Writer, type Mp3Writer, type Mp3WriteResult } from './mp3-writer';
export { DEFAULT_MAX_CHUNK_CHARS, splitText, type TextChunk } from './split-text';
export { AUDIO_FORMATS, audioFormat, DEFAULT_AUDIO_FORMAT, isAudioFormat, type AudioFormat, type AudioFormatSpec } from './audio-format';
export { openAudioWriter, type AudioWriter } from './audio-writer';
export { resample, Resampler } from './resampler';
export { SpeechOutput } from './speech-output';
export { alignWords, EnergyEnvelope, spokenWords, type WordTiming } from './word-timing';
