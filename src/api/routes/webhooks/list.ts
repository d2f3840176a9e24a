import { describeRoute, resolver } from 'hono-openapi';
import { findAccountWebhookEndpoint, listAccountWebhookEndpoints } from '../../../db/queries/webhooks';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { listParameters, readListQuery } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { errorResponses } from '../../schemas/responses';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../webhooks/endpoint-input';
import { webhookEndpointSchema, webhookEndpointView } from '../../../webhooks/views';

export function registerListWebhooks(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/webhooks',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'List webhook endpoints',
      description: 'The account’s endpoints, newest first, each as GET /v1/webhooks/{id} answers it (never with its secret).',
      parameters: listParameters('endpoints', 'An endpoint `id` of this account.', {}),
      responses: {
        200: { description: 'A page of endpoints', content: { 'application/json': { schema: resolver(listSchema(webhookEndpointSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, {});
      const position = async (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        const known = WEBHOOK_ENDPOINT_ID_PATTERN.test(id);
        const e = known ? await findAccountWebhookEndpoint(rt.db, accountId, id) : null;
        if (!e) throw invalidParameter(`'${param}': no webhook endpoint ${known ? id : 'with that id'} on this account.`, param);
        return { createdAt: e.createdAt, id: e.id };
      };
      const page = await listAccountWebhookEndpoints(rt.db, accountId, {
        limit: q.limit,
        after: await position('starting_after', q.startingAfter),
        before: await position('ending_before', q.endingBefore),
      });
      return c.json(listView(c, page.rows.map(webhookEndpointView), page.hasMore));
    },
  );
}
