import type { GeneratedImage, ImageProvider, ImageRequest } from './types';

/**
 * The built-in engine: draws the picture itself, so it needs no model, GPU or network. The renderer
 * (and the native canvas under it) is imported on the first image, so processes that never draw, such
 * as voice or hosting workers, do not carry it.
 */
export function createLocalImageProvider(): ImageProvider {
  return {
    name: 'local',
    async generate(req: ImageRequest, signal?: AbortSignal): Promise<GeneratedImage> {
      signal?.throwIfAborted();
      // Rendering is synchronous; yield once so a burst of jobs does not starve the event loop between images.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      const { renderImage } = await import('./render-image');
      const { png, revisedPrompt } = renderImage(req);
      return { png, revisedPrompt };
    },
  };
}
