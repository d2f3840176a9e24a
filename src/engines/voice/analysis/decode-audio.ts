import { AudioDecodeError } from './analysis-errors';
import { decodeMp3 } from './decode-mp3';
import { decodeWav, type MonoAudio } from './decode-wav';
import { ANALYSIS_SAMPLE_RATE, resample } from './resample';
import { type SniffedFormat, sniffFormat } from './sniff-format';

export interface DecodedAudio {
  /** Mono (channels averaged), at `sampleRate`, at most `maxSeconds` long. */
  samples: Float32Array;
  /** Always ANALYSIS_SAMPLE_RATE (16 kHz). */
  sampleRate: number;
  /** Length of the whole input, not just the part decoded. */
  durationSeconds: number;
  format: 'wav' | 'mp3';
  sourceSampleRate: number;
  channels: number;
}

export interface DecodeAudioOptions {
  /** Only this much audio is decoded and analysed, bounding memory and time; default 120 s. */
  maxSeconds?: number;
}

export const DEFAULT_MAX_SECONDS = 120;

/**
 * Reads a WAV or MP3 upload into mono 16 kHz samples for analysis. The format is decided by the
 * bytes themselves; anything else is an AudioDecodeError whose message says what it looks like.
 */
export async function decodeAudio(bytes: Uint8Array, opts: DecodeAudioOptions = {}): Promise<DecodedAudio> {
  const maxSeconds = opts.maxSeconds ?? DEFAULT_MAX_SECONDS;
  if (bytes.length === 0) throw new AudioDecodeError('the sample is empty');
  const sniffed = sniffFormat(bytes);
  let audio: MonoAudio;
  switch (sniffed.kind) {
    case 'wav':
      audio = decodeWav(bytes, maxSeconds);
      break;
    case 'mp3':
      audio = await decodeMp3(bytes, sniffed.firstFrame, maxSeconds);
      break;
    default:
      throw new AudioDecodeError(unreadableFormat(sniffed));
  }
  return {
    samples: resample(audio.samples, audio.sampleRate, ANALYSIS_SAMPLE_RATE),
    sampleRate: ANALYSIS_SAMPLE_RATE,
    durationSeconds: audio.durationSeconds,
    format: sniffed.kind,
    sourceSampleRate: audio.sampleRate,
    channels: audio.channels,
  };
}

/** Why a sniffed sample is not one this module reads; the same words for an upload refused at once and a clone that fails. */
export function unreadableFormat(sniffed: Extract<SniffedFormat, { kind: 'unsupported-audio' | 'not-audio' }>): string {
  if (sniffed.kind === 'unsupported-audio') return `the sample is ${sniffed.what}, which is not supported: upload a WAV or MP3 file`;
  return sniffed.what ? `the sample is not a WAV or MP3 file (it looks like ${sniffed.what})` : 'the sample is not a WAV or MP3 file';
}

/**
 * The format problem of a sample from its first bytes (enough to pass an ID3 tag and find the first MP3
 * frame), or undefined when it is a WAV or MP3 file. Whether it decodes, and is long enough, is known only
 * from the whole file.
 */
export function sampleFormatProblem(head: Uint8Array): string | undefined {
  const sniffed = sniffFormat(head);
  return sniffed.kind === 'wav' || sniffed.kind === 'mp3' ? undefined : unreadableFormat(sniffed);
}
