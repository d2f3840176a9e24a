import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { currentBillingPeriod } from '../../billing/period';
import type { Runtime } from '../../runtime';
import type { App } from '../context';
import { requireFeature } from '../middleware/auth';
import { errorResponses } from '../schemas/responses';

export const usageReportSchema = v.object({
  period_start: v.string(),
  period_end: v.string(),
  usage: v.object({
    text_tokens: v.number(),
    images_generated: v.number(),
    audio_seconds: v.number(),
    file_chats: v.number(),
  }),
});

export function registerUsage(app: App, rt: Pick<Runtime, 'usage'>) {
  app.get(
    '/usage',
    describeRoute({
      tags: ['Usage'],
      summary: 'Usage in the current billing period',
      description: 'Totals of everything billed to the account since the start of the current calendar month (UTC).',
      responses: {
        200: { description: 'Usage report', content: { 'application/json': { schema: resolver(usageReportSchema) } } },
        ...errorResponses(401, 403, 429),
      },
    }),
    requireFeature('usage'),
    async (c) => {
      const period = currentBillingPeriod();
      const usage = await rt.usage.totals(c.get('principal').accountId, period.key);
      return c.json({ period_start: period.startIso, period_end: period.endIso, usage });
    },
  );
}
