import { type ChunkEngine, speakInOrder } from './chunk-engine';
import { speechEngineFor } from './engine-choice';
import { espeakEngine } from './espeak';
import { fliteEngine } from './flite/flite-engine';
import { resolveLanguage } from './languages';
import { SpeechOutput } from './speech-output';
import { splitText } from './split-text';
import { SpeechProviderError } from './speech-provider-error';
import type { SpeechProvider, SpeechRequest, SpeechResult } from './types';

export const MIN_SPEED = 0.5;
export const MAX_SPEED = 2;

export interface LocalSpeechProviderOptions {
  /** Characters per engine run, at most the engine's own cap; see split-text.ts and flite-engine.ts for the defaults. */
  maxChunkChars?: number;
  /** The engine for English voices with a Flite rendering; the process's shared pool by default. */
  flite?: () => ChunkEngine;
}

/**
 * The built-in engine: Flite for English voices that have a Flite rendering, espeak-ng for the rest,
 * both in WASM, so it needs no model, GPU or network. The text is spoken chunk by chunk; PCM is
 * encoded as the engine produces it and each chunk's MP3 frames are written in text order as soon as
 * the chunk is done, so memory stays flat however long the text.
 */
export function createLocalSpeechProvider(opts: LocalSpeechProviderOptions = {}): SpeechProvider {
  return {
    name: 'local',
    async synthesize(req: SpeechRequest, outPath: string, options = {}): Promise<SpeechResult> {
      const { signal, onProgress } = options;
      signal?.throwIfAborted();
      const language = resolveLanguage(req.language);
      if (!language) throw new SpeechProviderError(`the built-in engine does not speak "${req.language}"`, { permanent: true });
      if (!Number.isFinite(req.speed) || req.speed < MIN_SPEED || req.speed > MAX_SPEED) {
        throw new SpeechProviderError(`speed must be between ${MIN_SPEED} and ${MAX_SPEED}, got ${req.speed}`, { permanent: true });
      }
      const voice = { espeakVoice: language.espeakVoice, settings: req.voice.settings, speed: req.speed };
      const engine = speechEngineFor(req.voice.settings, language.language) === 'flite' ? (opts.flite ?? fliteEngine)() : espeakEngine;
      const rate = engine.sampleRate;
      const maxChars = Math.min(opts.maxChunkChars ?? engine.maxChunkChars, engine.maxChunkChars);
      const totalChars = req.text.length;

      const output = await SpeechOutput.open(outPath, {
        format: req.format,
        sampleRate: rate,
        timestamps: req.timestamps,
        language: req.language,
      });
      try {
        // PCM goes to the encoder as the engine produces it, in text order; only each chunk's encoded
        // audio waits for the disk.
        await speakInOrder(
          engine,
          splitText(req.text, { maxChars }),
          voice,
          output.pcm,
          async (chunk) => {
            await output.endChunk(chunk.text);
            onProgress?.({ doneChars: chunk.end, totalChars, audioSeconds: output.seconds });
          },
          signal,
        );
        signal?.throwIfAborted();
        if (output.samples === 0) throw new SpeechProviderError('the text contains nothing to speak', { permanent: true });
        const result = await output.finish();
        onProgress?.({ doneChars: totalChars, totalChars, audioSeconds: result.durationSeconds });
        return result;
      } catch (err) {
        await output.discard();
        throw err;
      }
    },
  };
}
