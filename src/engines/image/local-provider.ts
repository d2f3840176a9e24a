import { renderImage } from './render-image';
import type { ImageProvider, ImageRequest } from './types';

export { renderImage } from './render-image';

/** The built-in engine: draws the picture itself, so it needs no model, GPU or network. */
export function createLocalImageProvider(): ImageProvider {
  return {
    name: 'local',
    async generate(req: ImageRequest, signal?: AbortSignal): Promise<Buffer> {
      signal?.throwIfAborted();
      // Rendering is synchronous; yield once so a burst of jobs does not starve the event loop between images.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      return renderImage(req);
    },
  };
}
