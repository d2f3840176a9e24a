import * as v from 'valibot';

/** OpenAI's sizes across its image models (dall-e-2, dall-e-3, gpt-image-1), and `auto`. */
const OPENAI_SIZES = ['auto', '256x256', '512x512', '1024x1024', '1792x1024', '1024x1792', '1536x1024', '1024x1536'] as const;

/** POST /v1/images/generations as OpenAI takes it. `quality`, `style` and `user` are accepted and change nothing. */
export const imagesRequestSchema = v.object({
  prompt: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(4000, 'must be at most 4000 characters')),
  model: v.optional(v.string('must be a string')),
  n: v.optional(
    v.nullable(
      v.pipe(
        v.number('must be an integer from 1 to 4'),
        v.integer('must be an integer from 1 to 4'),
        v.minValue(1, 'must be from 1 to 4'),
        v.maxValue(4, 'must be from 1 to 4'),
      ),
    ),
  ),
  size: v.optional(v.nullable(v.string('must be a string'))),
  response_format: v.optional(v.nullable(v.picklist(['url', 'b64_json'], 'must be url or b64_json'))),
  quality: v.optional(v.nullable(v.string('must be a string'))),
  style: v.optional(v.nullable(v.string('must be a string'))),
  output_format: v.optional(v.nullable(v.pipe(v.string('must be a string'), v.value('png', 'must be png: Kiln draws PNG')))),
  background: v.optional(v.nullable(v.string('must be a string'))),
  moderation: v.optional(v.nullable(v.string('must be a string'))),
  user: v.optional(v.string('must be a string')),
});

export type ImagesRequestBody = v.InferOutput<typeof imagesRequestSchema>;

/**
 * The Kiln size that makes an OpenAI size: the same one when Kiln draws it (`auto` is 1024x1024); otherwise
 * a refusal naming the sizes Kiln draws (a different size than asked would break a caller's layout silently).
 */
export function kilnImageSize<S extends string>(
  size: string | null | undefined,
  kilnSizes: readonly S[],
): { ok: true; size: S } | { ok: false; message: string } {
  const asked = size ?? 'auto';
  const wanted = asked === 'auto' ? '1024x1024' : asked;
  if ((kilnSizes as readonly string[]).includes(wanted)) return { ok: true, size: wanted as S };
  const known = (OPENAI_SIZES as readonly string[]).includes(asked);
  return { ok: false, message: `'size' ${known ? `${asked} is not a size Kiln draws` : 'is not an image size'}; use one of auto, ${kilnSizes.join(', ')}.` };
}

/** OpenAI's answer: `data[]` with `url` or `b64_json`, and the revised prompt where Kiln has one. */
export function imagesResponse(createdAt: string, images: { url?: string; b64_json?: string; revised_prompt?: string }[]) {
  return { created: Math.floor(Date.parse(createdAt) / 1000), data: images };
}

/** The blob key a signed CDN link of Kiln's points at (`<cdn base>/<key>?expires=…&sig=…`), or null for another link. */
export function storageKeyOfCdnUrl(url: string, cdnBase: string): string | null {
  const base = `${cdnBase.replace(/\/+$/, '')}/`;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length).split('?')[0] ?? '';
  return key === '' ? null : key;
}
