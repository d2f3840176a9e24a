import { describeRoute, resolver } from 'hono-openapi';
import { enableWebhookEndpoint } from '../../../webhooks/endpoints';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../webhooks/endpoint-input';
import { webhookEndpointSchema, webhookEndpointView } from '../../../webhooks/views';

export function registerEnableWebhook(app: App, rt: Pick<Runtime, 'db'>) {
  app.post(
    '/webhooks/:id/enable',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Enable a disabled webhook endpoint',
      description:
        'Sends events to an endpoint again after five days of failures (or a 410) disabled it: clears `disabled_at`, `disabled_reason` ' +
        'and `failing_since`, so a new streak of failures starts from zero. Events that happened while it was disabled are not sent ' +
        '(their deliveries stay `failed`; replay the ones you need). Enabling an endpoint that is not disabled changes nothing.',
      responses: {
        200: { description: 'The endpoint, enabled', content: { 'application/json': { schema: resolver(webhookEndpointSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.param('id');
      const known = WEBHOOK_ENDPOINT_ID_PATTERN.test(id);
      const enabled = known ? await enableWebhookEndpoint(rt, c.get('principal').accountId, id, c.get('actor')) : null;
      if (!enabled) throw notFound(`No webhook endpoint ${known ? id : 'with that id'} on this account.`, 'id');
      return c.json(webhookEndpointView(enabled.endpoint));
    },
  );
}
