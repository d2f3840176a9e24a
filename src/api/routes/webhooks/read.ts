import { describeRoute, resolver } from 'hono-openapi';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { errorResponses } from '../../schemas/responses';
import { webhookEndpointSchema, webhookEndpointView } from '../../../webhooks/views';
import { findEndpointOr404 } from './find-endpoint';

export function registerReadWebhook(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/webhooks/:id',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'A webhook endpoint',
      description:
        'Its settings and health: `status` is `failing` while deliveries fail without a success, `disabled` once five days of that (or a 410) stopped them.',
      responses: {
        200: { description: 'The endpoint', content: { 'application/json': { schema: resolver(webhookEndpointSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => c.json(webhookEndpointView(await findEndpointOr404(rt.db, c.get('principal').accountId, c.req.param('id')))),
  );
}
