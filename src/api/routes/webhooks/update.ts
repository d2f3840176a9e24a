import { describeRoute, resolver } from 'hono-openapi';
import { updateWebhookEndpoint } from '../../../webhooks/endpoints';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { jsonBody } from '../../middleware/json-body';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { errorResponses } from '../../schemas/responses';
import { updateWebhookBody, WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../webhooks/endpoint-input';
import { webhookEndpointSchema, webhookEndpointView } from '../../../webhooks/views';

export function registerUpdateWebhook(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.patch(
    '/webhooks/:id',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Change a webhook endpoint',
      description:
        'Changes `url`, `event_types` or `description` (only the fields sent; the same rules as when adding it). The signing secret, ' +
        'the delivery log and the endpoint’s health stay: a disabled endpoint stays disabled until enabled. Deliveries already made ' +
        'or queued keep going to the URL the attempt reads when it runs: a retry after the change goes to the new URL.',
      requestBody: { content: { 'application/json': { schema: resolver(updateWebhookBody) } } },
      responses: {
        200: { description: 'The endpoint, changed', content: { 'application/json': { schema: resolver(webhookEndpointSchema) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    jsonBody(updateWebhookBody),
    async (c) => {
      const id = c.req.param('id');
      const body = c.req.valid('json');
      if (body.url !== undefined) refuseNonPublicHost('url', body.url, rt.config.FETCH_ALLOW_PRIVATE);
      const known = WEBHOOK_ENDPOINT_ID_PATTERN.test(id);
      const changes = {
        ...(body.url !== undefined && { url: body.url }),
        ...(body.event_types !== undefined && { eventTypes: body.event_types }),
        ...(body.description !== undefined && { description: body.description }),
      };
      const endpoint = known ? await updateWebhookEndpoint(rt, c.get('principal').accountId, id, changes, c.get('actor')) : null;
      if (!endpoint) throw notFound(`No webhook endpoint ${known ? id : 'with that id'} on this account.`, 'id');
      return c.json(webhookEndpointView(endpoint));
    },
  );
}
