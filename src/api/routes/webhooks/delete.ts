import { describeRoute } from 'hono-openapi';
import { deleteWebhookEndpoint } from '../../../webhooks/endpoints';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../webhooks/endpoint-input';

export function registerDeleteWebhook(app: App, rt: Pick<Runtime, 'db'>) {
  app.delete(
    '/webhooks/:id',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Delete a webhook endpoint',
      description: 'Irreversible: nothing more is sent to it, retries under way stop, and its delivery log goes with it. A second delete answers 404.',
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.param('id');
      const known = WEBHOOK_ENDPOINT_ID_PATTERN.test(id);
      if (!known || !(await deleteWebhookEndpoint(rt, c.get('principal').accountId, id, c.get('actor')))) {
        throw notFound(`No webhook endpoint ${known ? id : 'with that id'} on this account.`, 'id');
      }
      return c.body(null, 204);
    },
  );
}
