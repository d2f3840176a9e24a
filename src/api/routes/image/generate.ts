import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { IMAGE_STYLES } from '../../../engines/image/types';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { IMAGE_SIZES, imageGenerateJob } from '../../../queue/jobs';
import { submitRequestJob } from '../../submit-request-job';
import { requiredText } from '../../schemas/fields';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';

export const imageGenerateBody = v.object({
  prompt: v.pipe(requiredText(4000), v.description('What to draw.')),
  style: v.optional(v.picklist(IMAGE_STYLES, `must be one of ${IMAGE_STYLES.join(', ')}`), 'photorealistic'),
  size: v.optional(v.picklist(IMAGE_SIZES, `must be one of ${IMAGE_SIZES.join(', ')}`), '1024x1024'),
  count: v.optional(
    v.pipe(
      v.number('must be an integer from 1 to 4'),
      v.integer('must be an integer from 1 to 4'),
      v.minValue(1, 'must be from 1 to 4'),
      v.maxValue(4, 'must be from 1 to 4'),
    ),
    1,
  ),
});

export function registerImageGenerate(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>) {
  app.post(
    '/image/generate',
    describeRoute({
      tags: ['Images'],
      summary: 'Generate images from a prompt',
      description:
        'Renders `count` PNG images of exactly `size` pixels. Links are signed and expire 24 hours after generation. ' +
        'Answers 202 with a job link if rendering takes longer than the synchronous wait. Each image carries ' +
        "`revised_prompt` (OpenAI's field): what the picture shows, so a prompt the built-in renderer cannot draw is visible as such; " +
        "and `note` when the provider's model drew it at another size that Kiln scaled and cropped to `size`.",
      requestBody: { content: { 'application/json': { schema: resolver(imageGenerateBody) } } },
      responses: {
        200: { description: 'The generated images', content: { 'application/json': { schema: resolver(imageGenerateJob.request.result) } } },
        202: acceptedJobResponse('Still rendering; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 429),
      },
    }),
    jsonBody(imageGenerateBody),
    async (c) => {
      const input = c.req.valid('json');
      const hold = { metric: 'images_generated' as const, quantity: input.count };
      return submitRequestJob(c, rt, { id: newId('img'), kind: 'image.generate', input, hold });
    },
  );
}
