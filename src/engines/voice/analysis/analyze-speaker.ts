import type { SpeakerProfile } from '../types';
import { SampleRejectedError } from './analysis-errors';
import { measureBrightness } from './brightness';
import { decodeAudio } from './decode-audio';
import { percentile, trackPitch } from './pitch';
import { measureSpeakingRate } from './speaking-rate';

export interface AnalyzeSpeakerOptions {
  /** Samples shorter than this (whole file) are rejected; the product asks for at least 10 s. */
  minSeconds?: number;
  /** Only the first this-many seconds are analysed; default 120. */
  maxSeconds?: number;
  /** Less voiced speech than this (in the analysed part) means there is nothing to measure. */
  minVoicedSeconds?: number;
}

const DEFAULT_MIN_SECONDS = 10;
const DEFAULT_MIN_VOICED_SECONDS = 3;
/** A recording whose loudest frames stay below this is digital silence or a muted microphone. */
const SILENT_BELOW_DB = -60;

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/**
 * Measures a speaker from a WAV or MP3 sample: pitch level and spread, speaking rate and brightness.
 * Throws AudioDecodeError when the bytes are not readable audio and SampleRejectedError when the
 * audio cannot describe a speaker; both messages are written for the uploader.
 */
export async function analyzeSpeaker(bytes: Uint8Array, opts: AnalyzeSpeakerOptions = {}): Promise<SpeakerProfile> {
  const minSeconds = opts.minSeconds ?? DEFAULT_MIN_SECONDS;
  const minVoicedSeconds = opts.minVoicedSeconds ?? DEFAULT_MIN_VOICED_SECONDS;
  const audio = await decodeAudio(bytes, { maxSeconds: opts.maxSeconds });
  if (audio.durationSeconds < minSeconds) {
    throw new SampleRejectedError('too-short', `the sample is too short (${audio.durationSeconds.toFixed(1)} s): at least ${minSeconds} s of speech is needed`);
  }

  const pitch = trackPitch(audio.samples, audio.sampleRate);
  const f0s: number[] = [];
  pitch.f0Hz.forEach((f0, i) => {
    if (pitch.voiced[i]) f0s.push(f0);
  });
  const voicedSeconds = f0s.length * pitch.hopSeconds;
  if (voicedSeconds < minVoicedSeconds) {
    const loudest = percentile(pitch.levelDb, 0.99);
    throw new SampleRejectedError(
      'no-speech',
      loudest < SILENT_BELOW_DB
        ? 'no speech found in the sample: it is silent'
        : `no speech found in the sample: only ${voicedSeconds.toFixed(1)} s sounds like a voice, at least ${minVoicedSeconds} s is needed`,
    );
  }

  const rate = measureSpeakingRate(audio.samples, audio.sampleRate, pitch);
  return {
    f0MedianHz: round(percentile(f0s, 0.5), 1),
    f0LowHz: round(percentile(f0s, 0.1), 1),
    f0HighHz: round(percentile(f0s, 0.9), 1),
    syllablesPerSecond: round(rate.syllablesPerSecond, 2),
    brightnessHz: Math.round(measureBrightness(audio.samples, audio.sampleRate, pitch)),
    voicedSeconds: round(voicedSeconds, 2),
    durationSeconds: round(audio.durationSeconds, 2),
  };
}
