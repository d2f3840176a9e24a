import { describeRoute, resolver } from 'hono-openapi';
import type { Runtime } from '../../../runtime';
import { sendTestEvent } from '../../../webhooks/endpoints';
import type { App } from '../../context';
import { ApiError } from '../../../errors/api-error';
import { errorResponse, errorResponses } from '../../schemas/responses';
import { webhookDeliverySchema, webhookDeliveryView } from '../../../webhooks/views';
import { findEndpointOr404 } from './find-endpoint';

export function registerTestWebhook(app: App, rt: Pick<Runtime, 'db' | 'queues'>) {
  app.post(
    '/webhooks/:id/test',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Send a test event',
      description:
        'Sends a `webhook.test` event to this endpoint only (whatever its `event_types`), signed and retried like any other. ' +
        'Answers its delivery, `pending` until the first attempt is made; follow it in the delivery log.',
      responses: {
        202: { description: 'Test event queued', content: { 'application/json': { schema: resolver(webhookDeliverySchema) } } },
        409: errorResponse('The endpoint is disabled (`webhook_endpoint_disabled`)'),
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const endpoint = await findEndpointOr404(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (endpoint.disabledAt)
        throw new ApiError('webhook_endpoint_disabled', `Webhook endpoint ${endpoint.id} is disabled: ${endpoint.disabledReason ?? ''}`.trim());
      return c.json(webhookDeliveryView(await sendTestEvent(rt, endpoint, c.get('actor'))), 202);
    },
  );
}
