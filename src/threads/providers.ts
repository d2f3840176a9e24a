import type { ImageProvider } from '../engines/image/types';
import type { SpeechProvider } from '../engines/voice/types';
import type { EngineThreads } from './pool';

/**
 * The built-in speech engine run on an engine thread: the thread speaks, encodes and writes the MP3 to
 * `outPath` itself, so only the request, progress and the result's measurements cross threads.
 */
export function createThreadedSpeechProvider(threads: EngineThreads): SpeechProvider {
  return {
    name: 'local',
    synthesize: (req, outPath, opts = {}) => threads.run('speech.synthesize', { req, outPath }, { signal: opts.signal, onEvent: opts.onProgress }),
  };
}

/** The built-in image renderer run on an engine thread; the PNG bytes and the revised prompt come back. */
export function createThreadedImageProvider(threads: EngineThreads): ImageProvider {
  return {
    name: 'local',
    async generate(req, signal) {
      const { png, revisedPrompt } = await threads.run('image.render', req, { signal });
      return { png: Buffer.from(png.buffer, png.byteOffset, png.byteLength), revisedPrompt };
    },
  };
}
