import { describeRoute, resolver } from 'hono-openapi';
import type { Runtime } from '../../../runtime';
import { replayDelivery } from '../../../webhooks/endpoints';
import type { App } from '../../context';
import { ApiError, notFound } from '../../../errors/api-error';
import { errorResponse, errorResponses } from '../../schemas/responses';
import { WEBHOOK_DELIVERY_ID_PATTERN } from '../../../webhooks/endpoint-input';
import { webhookDeliverySchema, webhookDeliveryView } from '../../../webhooks/views';
import { findEndpointOr404 } from './find-endpoint';

export function registerReplayWebhookDelivery(app: App, rt: Pick<Runtime, 'db' | 'queues'>) {
  app.post(
    '/webhooks/:id/deliveries/:delivery_id/replay',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Send a delivery again',
      description:
        'One more attempt of a finished delivery (succeeded or failed), now, with the same `webhook-id` and body and a fresh ' +
        'timestamp and signature; no retries follow it. Answers the delivery, `pending` until the attempt is made.',
      responses: {
        202: { description: 'Attempt queued', content: { 'application/json': { schema: resolver(webhookDeliverySchema) } } },
        409: errorResponse('Still being attempted (`webhook_delivery_pending`), or the endpoint is disabled (`webhook_endpoint_disabled`)'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const endpoint = await findEndpointOr404(rt.db, c.get('principal').accountId, c.req.param('id'));
      const deliveryId = c.req.param('delivery_id');
      const known = WEBHOOK_DELIVERY_ID_PATTERN.test(deliveryId);
      if (!known) throw notFound('No delivery with that id for this endpoint.', 'delivery_id');
      if (endpoint.disabledAt)
        throw new ApiError('webhook_endpoint_disabled', `Webhook endpoint ${endpoint.id} is disabled: ${endpoint.disabledReason ?? ''}`.trim());
      const replayed = await replayDelivery(rt, endpoint, deliveryId, c.get('actor'));
      if (!replayed.ok) {
        if (replayed.reason === 'pending')
          throw new ApiError('webhook_delivery_pending', `Delivery ${deliveryId} is still being attempted; replay it once it has finished.`);
        throw notFound(`No delivery ${deliveryId} for this endpoint.`, 'delivery_id');
      }
      return c.json(webhookDeliveryView(replayed.delivery), 202);
    },
  );
}
