import { describeRoute, resolver } from 'hono-openapi';
import { findEndpointDelivery, listEndpointDeliveries } from '../../../db/queries/webhooks';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { listParameters, readListQuery } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { errorResponses } from '../../schemas/responses';
import { WEBHOOK_DELIVERY_ID_PATTERN } from '../../../webhooks/endpoint-input';
import { webhookDeliverySchema, webhookDeliveryView } from '../../../webhooks/views';
import { findEndpointOr404 } from './find-endpoint';

export function registerListWebhookDeliveries(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/webhooks/:id/deliveries',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Delivery log of an endpoint',
      description:
        'Every event sent (or being sent) to the endpoint, newest first: its status, how many attempts were made, and the last ' +
        'attempt’s status code, duration and the first 500 characters of the answer (or why there was none).',
      parameters: listParameters('deliveries', 'A delivery `id` of this endpoint.', {}),
      responses: {
        200: { description: 'A page of deliveries', content: { 'application/json': { schema: resolver(listSchema(webhookDeliverySchema)) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const endpoint = await findEndpointOr404(rt.db, c.get('principal').accountId, c.req.param('id'));
      const q = readListQuery(c, {});
      const position = async (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        const known = WEBHOOK_DELIVERY_ID_PATTERN.test(id);
        const d = known ? await findEndpointDelivery(rt.db, endpoint.id, id) : null;
        if (!d) throw invalidParameter(`'${param}': no delivery ${known ? id : 'with that id'} for this endpoint.`, param);
        return { createdAt: d.createdAt, id: d.id };
      };
      const page = await listEndpointDeliveries(rt.db, endpoint.id, {
        limit: q.limit,
        after: await position('starting_after', q.startingAfter),
        before: await position('ending_before', q.endingBefore),
      });
      return c.json(listView(c, page.rows.map(webhookDeliveryView), page.hasMore));
    },
  );
}
