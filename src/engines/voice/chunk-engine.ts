import type { TextChunk } from './split-text';
import type { VoiceSettings } from './types';

export type SpeechEngineName = 'espeak-ng' | 'flite';

/** What an engine needs to speak one chunk with a voice. */
export interface ChunkVoice {
  /** espeak-ng voice (file) name for the language, e.g. `en-us`, `cmn` (see languages.ts). */
  espeakVoice: string;
  settings: VoiceSettings;
  /** 0.5–2.0, multiplies the voice's rate. */
  speed: number;
}

/**
 * A synthesiser that speaks text one chunk at a time: the local provider picks one per request and
 * writes what it produces, whatever the engine.
 */
export interface ChunkEngine {
  readonly name: SpeechEngineName;
  /** Mono 16-bit PCM at this rate. */
  readonly sampleRate: number;
  /** The longest chunk the engine is given (characters). */
  readonly maxChunkChars: number;
  /** Chunks worth speaking at once (engines that use more than one core). */
  readonly parallelism: number;
  /** Speaks `text`, handing its PCM to `onPcm` in order (each piece valid during the call only). */
  speak(text: string, voice: ChunkVoice, onPcm: (pcm: Int16Array) => void, signal?: AbortSignal): Promise<void>;
}

interface InFlight {
  chunk: TextChunk;
  done: Promise<void>;
  /** PCM that arrived before the chunk's turn; the chunk at the head writes straight through. */
  pieces: Int16Array[];
  head: boolean;
}

/**
 * Speaks `chunks` with up to `engine.parallelism` of them at once and hands the PCM on strictly in
 * text order: the chunk at the head streams straight to `onPcm`, later ones are held (at most
 * parallelism − 1 chunks of audio) until their turn. `onChunkDone` runs after each chunk's audio,
 * in order, before the next is handed on. The first failure stops the others and is thrown.
 */
export async function speakInOrder(
  engine: ChunkEngine,
  chunks: Iterable<TextChunk>,
  voice: ChunkVoice,
  onPcm: (pcm: Int16Array) => void,
  onChunkDone: (chunk: TextChunk) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<void> {
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const iterator = chunks[Symbol.iterator]();
  const window: InFlight[] = [];
  const fill = () => {
    while (window.length < Math.max(1, engine.parallelism)) {
      const next = iterator.next();
      if (next.done) return;
      const slot: InFlight = { chunk: next.value, pieces: [], head: window.length === 0, done: Promise.resolve() };
      slot.done = engine.speak(slot.chunk.text, voice, (pcm) => (slot.head ? onPcm(pcm) : slot.pieces.push(pcm.slice())), combined);
      // Awaited in turn below; until then a failure must not count as unhandled.
      slot.done.catch(() => {});
      window.push(slot);
    }
  };
  try {
    fill();
    while (window.length > 0) {
      const slot = window[0] as InFlight;
      slot.head = true;
      for (const piece of slot.pieces.splice(0)) onPcm(piece);
      await slot.done;
      window.shift();
      await onChunkDone(slot.chunk);
      signal?.throwIfAborted();
      fill();
    }
  } catch (err) {
    stop.abort(err);
    await Promise.allSettled(window.map((s) => s.done));
    throw err;
  }
}
