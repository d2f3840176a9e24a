import { ESPEAK_SAMPLE_RATE, speakChunk } from './espeak';
import { resolveLanguage } from './languages';
import { SpeechOutput } from './speech-output';
import { DEFAULT_MAX_CHUNK_CHARS, splitText } from './split-text';
import { SpeechProviderError } from './speech-provider-error';
import type { SpeechProvider, SpeechRequest, SpeechResult } from './types';

export const MIN_SPEED = 0.5;
export const MAX_SPEED = 2;

export interface LocalSpeechProviderOptions {
  /** Characters per espeak run; see split-text.ts for how the default was chosen. */
  maxChunkChars?: number;
}

/**
 * The built-in engine: espeak-ng in WASM, so it needs no model, GPU or network. The text is spoken
 * chunk by chunk; PCM is encoded (in the requested format) as espeak produces it and each chunk's
 * audio is written before the next chunk starts, so memory stays flat however long the text.
 */
export function createLocalSpeechProvider(opts: LocalSpeechProviderOptions = {}): SpeechProvider {
  const maxChars = opts.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS;

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
      const totalChars = req.text.length;

      const output = await SpeechOutput.open(outPath, {
        format: req.format,
        sampleRate: ESPEAK_SAMPLE_RATE,
        timestamps: req.timestamps,
        language: req.language,
      });
      try {
        for (const chunk of splitText(req.text, { maxChars })) {
          signal?.throwIfAborted();
          // PCM goes to the encoder as espeak produces it; only the chunk's encoded audio waits for the disk.
          await speakChunk(chunk.text, voice, output.pcm);
          await output.endChunk(chunk.text);
          onProgress?.({ doneChars: chunk.end, totalChars, audioSeconds: output.seconds });
        }
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
