/**
 * The audio formats speech is delivered in, named as ElevenLabs names them so clients written for it
 * work unchanged. Raw formats (`pcm_*`, `ulaw_8000`) have no header: the name says the rate, the
 * content type says the encoding.
 */

export const AUDIO_FORMATS = ['mp3', 'wav', 'pcm_16000', 'pcm_24000', 'ulaw_8000'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
export const DEFAULT_AUDIO_FORMAT: AudioFormat = 'mp3';

export interface AudioFormatSpec {
  /** How samples are stored: an MP3 stream, a RIFF/WAVE file of 16-bit PCM, bare 16-bit little-endian PCM, or bare G.711 µ-law bytes. */
  encoding: 'mp3' | 'wav' | 'pcm_s16le' | 'mulaw';
  /** Fixed output rate; undefined = the engine's own (no resampling, nothing lost). */
  sampleRate?: number;
  extension: string;
  contentType: string;
}

const FORMATS: Record<AudioFormat, AudioFormatSpec> = {
  mp3: { encoding: 'mp3', extension: 'mp3', contentType: 'audio/mpeg' },
  wav: { encoding: 'wav', extension: 'wav', contentType: 'audio/wav' },
  // Not `audio/L16`: that type is big-endian by definition, and these samples are little-endian as ElevenLabs sends them.
  pcm_16000: { encoding: 'pcm_s16le', sampleRate: 16_000, extension: 'pcm', contentType: 'audio/pcm;rate=16000;channels=1;bits=16;endianness=little' },
  pcm_24000: { encoding: 'pcm_s16le', sampleRate: 24_000, extension: 'pcm', contentType: 'audio/pcm;rate=24000;channels=1;bits=16;endianness=little' },
  // RFC 2046 defines audio/basic as exactly this: one channel of 8-bit µ-law at 8,000 Hz, no header.
  ulaw_8000: { encoding: 'mulaw', sampleRate: 8_000, extension: 'ulaw', contentType: 'audio/basic' },
};

export function audioFormat(format: AudioFormat): AudioFormatSpec {
  return FORMATS[format];
}

export function isAudioFormat(value: unknown): value is AudioFormat {
  return typeof value === 'string' && (AUDIO_FORMATS as readonly string[]).includes(value);
}
