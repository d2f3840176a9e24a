import { describeRoute, resolver } from 'hono-openapi';
import type { Runtime } from '../../../runtime';
import { createWebhookEndpoint, EndpointLimitError } from '../../../webhooks/endpoints';
import { ApiError } from '../../../errors/api-error';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { errorResponses } from '../../schemas/responses';
import { createWebhookBody } from '../../../webhooks/endpoint-input';
import { createdWebhookEndpointSchema, webhookEndpointView } from '../../../webhooks/views';

export function registerCreateWebhook(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.post(
    '/webhooks',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Add a webhook endpoint',
      description:
        'Events of the chosen types are POSTed to `url` as `{type, timestamp, data}`, signed per Standard Webhooks ' +
        '(`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer carries the signing `secret`, shown only here. ' +
        'A URL whose host is a non-public address is refused here when it is an IP or `localhost`, and at every delivery whatever it resolves to. ' +
        "Every /v1/webhooks route needs the `webhooks` scope (or a key without scopes): an endpoint receives every product's events. " +
        'An account has at most `WEBHOOK_MAX_ENDPOINTS` endpoints (default 20); one more is refused with 422 `limit_reached`.',
      requestBody: { content: { 'application/json': { schema: resolver(createWebhookBody) } } },
      responses: {
        201: { description: 'Endpoint added', content: { 'application/json': { schema: resolver(createdWebhookEndpointSchema) } } },
        ...errorResponses(400, 401, 403, 422, 429),
      },
    }),
    jsonBody(createWebhookBody),
    async (c) => {
      const body = c.req.valid('json');
      refuseNonPublicHost('url', body.url, rt.config.FETCH_ALLOW_PRIVATE);
      const endpoint = await createWebhookEndpoint(
        rt,
        c.get('principal').accountId,
        { url: body.url, eventTypes: body.event_types, description: body.description },
        rt.config.WEBHOOK_MAX_ENDPOINTS,
        c.get('actor'),
      ).catch((err: unknown) => {
        if (err instanceof EndpointLimitError) throw new ApiError('limit_reached', err.message);
        throw err;
      });
      return c.json({ ...webhookEndpointView(endpoint), secret: endpoint.secret }, 201);
    },
  );
}
