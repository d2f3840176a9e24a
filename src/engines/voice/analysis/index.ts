export { analyzeSpeaker, type AnalyzeSpeakerOptions } from './analyze-speaker';
export { AudioDecodeError, SampleRejectedError, type SampleRejectionReason } from './analysis-errors';
export { decodeAudio, DEFAULT_MAX_SECONDS, sampleFormatProblem, type DecodeAudioOptions, type DecodedAudio } from './decode-audio';
export { id3v2Length } from './mp3-frames';
export { ANALYSIS_SAMPLE_RATE } from './resample';
export { FEMALE_FROM_HZ, trackPitch, type PitchOptions, type PitchTrack } from './pitch';
export { measureSpeakingRate, type SpeakingRate, type SpeakingRateOptions, type VoicingTrack } from './speaking-rate';
export { measureBrightness } from './brightness';
export {
  MAX_WORDS_PER_MINUTE,
  MIN_WORDS_PER_MINUTE,
  voiceSettingsFromProfile,
} from './voice-settings';
export { ESPEAK_VARIANTS, type CalibratedVariant } from './espeak-calibration';
export { fliteSettingsFromProfile } from './flite-settings';
export { FLITE_VOICE_CALIBRATION } from './flite-calibration';
