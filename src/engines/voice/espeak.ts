import { EspeakProcess, INPUT_PATH, OUTPUT_PATH, type EspeakRun } from './espeak-process';
import type { ChunkEngine, ChunkVoice } from './chunk-engine';
import { SpeechProviderError } from './speech-provider-error';
import { DEFAULT_MAX_CHUNK_CHARS } from './split-text';
import { WavPcmStream } from './wav';

/** espeak-ng always renders mono 16-bit PCM at this rate. */
export const ESPEAK_SAMPLE_RATE = 22_050;

/**
 * espeak-ng's rate range in words per minute. Below 80 it clamps itself; above 450 it needs the
 * sonic library, which this WASM build lacks, so faster requests all sound like 450. Clamping here
 * keeps the flag honest, and the catalogue's 160–225 wpm keeps speeds 0.5–2.0 inside the range.
 */
export const MIN_RATE_WPM = 80;
export const MAX_RATE_WPM = 450;

export type { ChunkVoice };

/**
 * espeak-ng as a chunk engine: one instance per thread, run synchronously, so one chunk at a time;
 * it is fast enough (~200× real time) that a second core would not pay for the buffering.
 */
export const espeakEngine: ChunkEngine = {
  name: 'espeak-ng',
  sampleRate: ESPEAK_SAMPLE_RATE,
  maxChunkChars: DEFAULT_MAX_CHUNK_CHARS,
  parallelism: 1,
  async speak(text, voice, onPcm, signal) {
    signal?.throwIfAborted();
    await speakChunk(text, voice, onPcm);
  },
};

const VARIANT_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** The espeak-ng command line for one chunk; the text itself goes through a file, never argv. */
export function espeakArguments(voice: ChunkVoice): string[] {
  const { settings } = voice;
  const variant = settings.variant && VARIANT_NAME.test(settings.variant) ? `+${settings.variant}` : '';
  return [
    '-v',
    `${voice.espeakVoice}${variant}`,
    '-p',
    String(clampInt(settings.pitch, 0, 99)),
    // -P widens or narrows intonation: measured F0 10th–90th percentile spread on one English text
    // was 88–90 Hz at 0, 87–117 Hz at 50 (espeak's default) and 90–144 Hz at 99.
    '-P',
    String(clampInt(settings.pitchRange, 0, 99)),
    '-s',
    String(espeakRate(settings.wordsPerMinute, voice.speed)),
    '-b',
    '1', // input is UTF-8, whatever it looks like
    // espeak seeds the noise in its voicing from the clock; a fixed seed makes the same request give
    // the same audio (a retry, or two requests that overlap, produced different bytes without it).
    '-D',
    '-w',
    OUTPUT_PATH,
    '-f',
    INPUT_PATH,
  ];
}

/**
 * espeak's rate for a voice at a speed. Its duration scales close to 1/rate for running text
 * (measured on English at 2× and 0.5×: 0.50 and 2.02 of the 1× duration) and it shortens or
 * lengthens pauses along with speech, so no extra pause scaling is needed.
 */
export function espeakRate(wordsPerMinute: number, speed: number): number {
  return clampInt(wordsPerMinute * speed, MIN_RATE_WPM, MAX_RATE_WPM);
}

/**
 * Speaks one chunk, handing its PCM (mono, 22,050 Hz) to `onPcm` in pieces of ~60 ms as espeak
 * produces them, and returns the number of samples. Nothing of the chunk's audio is kept here, so
 * memory does not grow with the chunk. Each piece is a view of a reused buffer, valid only during
 * the call (see WavPcmStream): encode or copy it there.
 *
 * espeak ends every text with its sentence-final pause (not disabled with `-z`), which measures the
 * same as the pause between two sentences inside a chunk at every rate (e.g. 314 ms at 175 wpm), so
 * chunks concatenated as they are sound like one text; an inserted gap would make every chunk
 * boundary audibly longer than the other sentence breaks.
 */
export async function speakChunk(text: string, voice: ChunkVoice, onPcm: (pcm: Int16Array) => void): Promise<number> {
  const espeak = await sharedProcess();
  let receiverFailed = false;
  const wav = new WavPcmStream(ESPEAK_SAMPLE_RATE, (pcm) => {
    try {
      onPcm(pcm);
    } catch (err) {
      receiverFailed = true;
      throw err;
    }
  });
  let run: EspeakRun;
  try {
    run = espeak.run(espeakArguments(voice), text, (bytes) => wav.push(bytes));
  } catch (err) {
    if (receiverFailed) throw err; // the caller's own failure (a full disk, say), passed on as it is
    const what = espeak.broken ? 'espeak-ng crashed' : 'espeak-ng wrote an unreadable WAV';
    throw new SpeechProviderError(`${what}: ${describe(err)}`, { cause: err });
  } finally {
    keepWarm();
  }
  if (run.bytesWritten === 0) {
    // No output at all means espeak rejected its arguments (unknown voice); the same request will
    // fail the same way, so this is permanent.
    const detail = run.errors.join(' ').trim() || `exit status ${run.status}`;
    throw new SpeechProviderError(`espeak-ng produced no audio for voice "${voice.espeakVoice}": ${detail}`, { permanent: true });
  }
  try {
    wav.end();
  } catch (err) {
    throw new SpeechProviderError(`espeak-ng wrote an unreadable WAV: ${describe(err)}`, { cause: err });
  }
  return wav.samples;
}

/** One chunk's PCM in one array; for short texts and tests (the provider streams with `speakChunk`). */
export async function synthesizeChunk(text: string, voice: ChunkVoice): Promise<Int16Array> {
  const pieces: Int16Array[] = [];
  const total = await speakChunk(text, voice, (pcm) => pieces.push(pcm.slice()));
  const out = new Int16Array(total);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/**
 * An idle instance still holds ~35 MB (its 32 MB of WASM memory, compiled code), so it is let go
 * after this long without a run; starting one again costs ~100–250 ms.
 */
const IDLE_RELEASE_MS = 60_000;

let shared: Promise<EspeakProcess> | undefined;
let idleTimer: NodeJS.Timeout | undefined;

async function sharedProcess(): Promise<EspeakProcess> {
  for (;;) {
    shared ??= EspeakProcess.start().catch((err: unknown) => {
      shared = undefined;
      throw new SpeechProviderError(`espeak-ng failed to start: ${describe(err)}`, { cause: err });
    });
    const started = shared;
    const espeak = await started;
    if (!espeak.broken) return espeak;
    if (shared === started) shared = undefined;
  }
}

function keepWarm(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    shared = undefined;
  }, IDLE_RELEASE_MS);
  idleTimer.unref();
}

function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
