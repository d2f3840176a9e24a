import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { newId } from '../../../ids';
import { imagesRequestSchema, imagesResponse, kilnImageSize, servedModels } from '../../../openai-compat';
import { IMAGE_SIZES } from '../../../queue/jobs';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { OPENAI_TAG, openaiErrorResponses } from './openapi';
import { modelNotFound, paramError, runRequestJobAndWait } from './run-job';
import { storedBytes } from './stored-bytes';

const responseSchema = v.object({
  created: v.number(),
  data: v.array(v.object({ url: v.optional(v.string()), b64_json: v.optional(v.string()), revised_prompt: v.optional(v.string()) })),
});

interface ImageResult {
  images: { url: string; revised_prompt?: string }[];
  created_at: string;
}

export function registerImagesGenerations(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage' | 'store'>) {
  app.post(
    '/images/generations',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'Generate images (OpenAI-compatible)',
      description:
        'OpenAI’s Images API on Kiln’s `image.generate` job (same queue, quota and bill, `images_generated`). `model` may be omitted; ' +
        '`size` must be one Kiln draws (`auto` is 1024x1024), others are refused naming them. `response_format: url` (the default) gives Kiln’s signed link ' +
        '(24 hours), `b64_json` the PNG itself. `quality`, `style` and `background` change nothing.',
      requestBody: { content: { 'application/json': { schema: resolver(imagesRequestSchema) } } },
      responses: {
        200: { description: 'The images', content: { 'application/json': { schema: resolver(responseSchema) } } },
        ...openaiErrorResponses(400, 401, 403, 404, 429, 502, 503),
      },
    }),
    jsonBody(imagesRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const model = servedModels(rt.config).images;
      if (body.model !== undefined && body.model !== model) throw modelNotFound(body.model, model);
      const size = kilnImageSize(body.size, IMAGE_SIZES);
      if (!size.ok) throw paramError('size', size.message);
      const count = body.n ?? 1;
      const input = { prompt: body.prompt, style: 'photorealistic' as const, size: size.size, count };
      const result = (await runRequestJobAndWait(c, rt, {
        id: newId('img'),
        kind: 'image.generate',
        input,
        hold: { metric: 'images_generated', quantity: count },
      })) as ImageResult;
      const asBytes = body.response_format === 'b64_json';
      const data = await Promise.all(
        result.images.map(async (img) => ({
          ...(asBytes ? { b64_json: (await storedBytes(rt, img.url)).toString('base64') } : { url: img.url }),
          ...(img.revised_prompt === undefined ? {} : { revised_prompt: img.revised_prompt }),
        })),
      );
      return c.json(imagesResponse(result.created_at, data));
    },
  );
}
