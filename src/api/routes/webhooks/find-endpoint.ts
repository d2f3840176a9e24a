import { findAccountWebhookEndpoint, type WebhookEndpointRow } from '../../../db/queries/webhooks';
import type { DbOrTx } from '../../../db/client';
import { notFound } from '../../../errors/api-error';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../webhooks/endpoint-input';

/** The `{id}` of the path as an endpoint of the caller's account, or 404 (another account's endpoint is not found). */
export async function findEndpointOr404(db: DbOrTx, accountId: string, id: string): Promise<WebhookEndpointRow> {
  const endpoint = WEBHOOK_ENDPOINT_ID_PATTERN.test(id) ? await findAccountWebhookEndpoint(db, accountId, id) : null;
  if (!endpoint) throw notFound(`No webhook endpoint ${WEBHOOK_ENDPOINT_ID_PATTERN.test(id) ? id : 'with that id'} on this account.`, 'id');
  return endpoint;
}
