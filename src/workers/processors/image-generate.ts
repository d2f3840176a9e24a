import type { GeneratedImage } from '../../engines/image';
import { imageGenerateJob } from '../../queue/jobs';
import { cdnUrl } from '../../storage';
import type { JobRun } from '../../queue/job-run';
import { refusedByProvider } from '../errors';
import { runRequestJob } from '../run-request-job';

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Renders each image, stores it, signs a 24-hour link, and bills `count` images. */
export async function generateImages(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, imageGenerateJob, payload.id, async (row, input) => {
    const { prompt, style, size, count } = input;
    const [width, height] = size.split('x').map(Number) as [number, number];
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + LINK_LIFETIME_MS);
    const images = [];
    const files = [];
    for (let variant = 0; variant < count; variant++) {
      const started = performance.now();
      let generated: GeneratedImage;
      try {
        generated = await rt.imageProvider.generate({ prompt, style, width, height, variant });
      } catch (err) {
        throw refusedByProvider(err, 'image');
      }
      const { png, revisedPrompt, note } = generated;
      // Same key on every attempt, so a retry overwrites rather than leaves orphans.
      const key = `images/${row.id}/${variant}.png`;
      await rt.store.put(key, png, 'image/png');
      const url = cdnUrl(rt.config.CDN_URL, key, expiresAt.getTime(), rt.config.CDN_SIGNING_SECRET);
      images.push({
        url,
        size,
        ...(revisedPrompt === undefined ? {} : { revised_prompt: revisedPrompt }),
        ...(note === undefined ? {} : { note }),
      });
      files.push({ storageKey: key, accountId: row.accountId, sourceId: row.id, contentType: 'image/png', sizeBytes: png.length, expiresAt });
      ctx.log.info({ jobId: row.id, image: variant + 1, of: count, size, ms: Math.round(performance.now() - started) }, 'image rendered');
    }
    return {
      result: { id: row.id, images, created_at: createdAt.toISOString() },
      bill: [{ metric: 'images_generated', quantity: count }],
      files,
    };
  });
}
