import * as v from 'valibot';
import { IMAGE_STYLES } from '../../engines/image/types';
import { defineRequestJob } from './define';

/** Square, portrait and landscape; `1792x1024` and `1024x1792` are DALL-E 3's own wide and tall sizes. */
export const IMAGE_SIZES = ['512x512', '1024x1024', '1024x1792', '1792x1024'] as const;

export const imageGenerateJob = defineRequestJob({
  name: 'image.generate',
  queue: 'image',
  product: 'image',
  description: 'Renders, stores and bills the images of one POST /v1/image/generate.',
  input: v.object({
    prompt: v.string(),
    style: v.picklist(IMAGE_STYLES),
    size: v.picklist(IMAGE_SIZES),
    count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  }),
  result: v.object({
    id: v.string(),
    images: v.array(
      v.object({
        url: v.string(),
        size: v.picklist(IMAGE_SIZES),
        revised_prompt: v.optional(
          v.pipe(
            v.string(),
            v.description(
              "What the picture shows, as OpenAI's images API names it. The built-in renderer always says which motifs, colours, " +
                'palette and style it drew, and which things in the prompt it has no motif for; with an OpenAI-compatible ' +
                "provider this is the server's own revised prompt, absent when the server sends none.",
            ),
          ),
        ),
        note: v.optional(
          v.pipe(
            v.string(),
            v.description(
              "Present when the provider's model drew the picture at another size than asked (each OpenAI model draws only its own sizes), " +
                'saying what it drew and how Kiln made it the size asked, e.g. "drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792". ' +
                '`size` is always the size of the image at `url`.',
            ),
          ),
        ),
      }),
    ),
    created_at: v.string(),
  }),
});
