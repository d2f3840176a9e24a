import { availableParallelism } from 'node:os';
import type { ChunkEngine } from '../chunk-engine';
import { SpeechProviderError } from '../speech-provider-error';
import type { FliteSettings } from '../types';
import { readWavPcm } from '../wav';
import { FliteCrashedError, FlitePool } from './flite-pool';

/** Every Flite voice used here renders mono 16-bit PCM at 16 kHz. */
export const FLITE_SAMPLE_RATE = 16_000;

/**
 * Chunk cap in characters (~50 words of prose, ~20 s of audio). Flite's memory grows with the audio
 * of one run, and runs of 130–200 words crashed it (SIGSEGV or a V8 trap) while 100 words never
 * did; a third of that keeps a margin for text that speaks longer than it reads (numbers, initials).
 * Smaller chunks would mostly add the ~20 ms each fresh instance costs.
 */
export const FLITE_MAX_CHUNK_CHARS = 300;

/** A piece that still crashes Flite is halved and retried down to this length, then given up on. */
const MIN_SPLIT_CHARS = 24;

/** duration_stretch bounds: outside them Flite's durations stop sounding like speech. */
const MIN_STRETCH = 0.35;
const MAX_STRETCH = 2.5;

/** The Flite command line for one chunk (text and output file are added by the child). */
export function fliteArguments(flite: FliteSettings, speed: number): string[] {
  const stretch = Math.min(MAX_STRETCH, Math.max(MIN_STRETCH, flite.durationStretch / (Number.isFinite(speed) && speed > 0 ? speed : 1)));
  const args = ['-voice', flite.voice, '--setf', `duration_stretch=${stretch.toFixed(3)}`];
  if (flite.f0MeanHz !== undefined && Number.isFinite(flite.f0MeanHz)) {
    args.push('--setf', `int_f0_target_mean=${Math.min(300, Math.max(60, flite.f0MeanHz)).toFixed(1)}`);
  }
  return args;
}

const TYPOGRAPHY: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': ', ',
  '\u2026': '...',
  '\u00a0': ' ',
};

/**
 * Flite reads ASCII English: accents are dropped (`café` → `cafe`), typographic quotes and dashes
 * become their ASCII forms, and anything else outside printable ASCII (other scripts, emoji,
 * control characters, lone surrogates) becomes a space rather than bytes Flite would guess at.
 */
export function fliteText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0]/gu, (c) => TYPOGRAPHY[c] ?? ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/[^\x20-\x7e\n]/gu, ' ');
}

/**
 * Flite as a chunk engine: each chunk is spoken by a child process of `pool`, several at once, and
 * a chunk whose child crashed is halved and retried (so one odd stretch of text costs a restart,
 * not the request); a short piece is retried once as it is, and one that crashes Flite twice fails
 * the request permanently.
 */
export function createFliteEngine(pool: FlitePool): ChunkEngine {
  async function speakPiece(text: string, args: string[], onPcm: (pcm: Int16Array) => void, signal?: AbortSignal, retried = false): Promise<void> {
    let wav: Uint8Array;
    try {
      wav = await pool.speak(args, text, signal);
    } catch (err) {
      signal?.throwIfAborted();
      if (!(err instanceof FliteCrashedError)) throw new SpeechProviderError(`Flite failed: ${describe(err)}`, { cause: err });
      const cut = halfway(text);
      if (cut !== undefined) {
        await speakPiece(text.slice(0, cut), args, onPcm, signal);
        await speakPiece(text.slice(cut), args, onPcm, signal);
        return;
      }
      // Flite has also crashed, rarely, on a short sentence it spoke fine in a fresh process: one more
      // try in a fresh child tells that apart from text that really kills it.
      if (!retried) return speakPiece(text, args, onPcm, signal, true);
      throw new SpeechProviderError(`Flite crashed on ${JSON.stringify(text.slice(0, 60))}${text.length > 60 ? '…' : ''} (${err.message})`, {
        permanent: true,
        cause: err,
      });
    }
    let pcm: Int16Array;
    try {
      pcm = readWavPcm(wav, FLITE_SAMPLE_RATE);
    } catch (err) {
      throw new SpeechProviderError(`Flite wrote an unreadable WAV: ${describe(err)}`, { cause: err });
    }
    if (pcm.length > 0) onPcm(pcm);
  }

  return {
    name: 'flite',
    sampleRate: FLITE_SAMPLE_RATE,
    maxChunkChars: FLITE_MAX_CHUNK_CHARS,
    parallelism: pool.size,
    async speak(text, voice, onPcm, signal) {
      const flite = voice.settings.flite;
      if (!flite) throw new SpeechProviderError('this voice has no Flite rendering', { permanent: true });
      const clean = fliteText(text);
      // Nothing Flite could say (only symbols from other scripts): no audio rather than a guess.
      if (!/[A-Za-z0-9]/u.test(clean)) return;
      await speakPiece(clean.trim(), fliteArguments(flite, voice.speed), onPcm, signal);
    },
  };
}

/** Where to halve a piece: the space nearest its middle, else the middle; undefined when too short to split. */
function halfway(text: string): number | undefined {
  if (text.length < MIN_SPLIT_CHARS) return undefined;
  const middle = Math.floor(text.length / 2);
  for (let d = 0; d < middle; d++) {
    if (text[middle + d] === ' ') return middle + d;
    if (text[middle - d] === ' ') return middle - d;
  }
  return middle;
}

let shared: ChunkEngine | undefined;

/** The process's Flite engine: one pool of up to two children (one per core, at most two). */
export function fliteEngine(): ChunkEngine {
  shared ??= createFliteEngine(new FlitePool({ size: Math.max(1, Math.min(2, availableParallelism())) }));
  return shared;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
