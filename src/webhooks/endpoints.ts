import type { Actor } from '../audit/actor';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import {
  deleteAccountWebhookEndpoint,
  enableAccountWebhookEndpoint,
  findAccountWebhookEndpoint,
  updateAccountWebhookEndpoint,
  findDeliveryLogRow,
  findEndpointDelivery,
  insertWebhookEndpointWithin,
  reopenDelivery,
  type DeliveryLogRow,
  type WebhookEndpointRow,
} from '../db/queries/webhooks';
import { webhookDeliveries, webhookEvents } from '../db/schema';
import { newId } from '../ids';
import type { Runtime } from '../runtime';
import { deliveryIdFor } from './delivery-ids';
import { enqueueReplay } from './deliver';
import { TEST_EVENT_TYPE, type WebhookEventType } from './event-types';
import { newWebhookSecret } from './signature';

/**
 * What an account can do with its endpoints, for the /v1 routes and the dashboard alike. The caller has
 * already found the endpoint in the account (another account's is not found).
 */

/** Refused creation: the account already has WEBHOOK_MAX_ENDPOINTS endpoints. */
export class EndpointLimitError extends Error {
  constructor(readonly max: number) {
    super(`An account may have at most ${max} webhook endpoints; delete one before adding another.`);
    this.name = 'EndpointLimitError';
  }
}

/**
 * Adds an endpoint, up to `maxEndpoints` per account: every event fans out to each endpoint, so an
 * account with thousands of them aimed at a slow receiver would fill the shared delivery queue.
 */
export async function createWebhookEndpoint(
  rt: { db: DbOrTx },
  accountId: string,
  input: { url: string; eventTypes: WebhookEventType[]; description: string },
  maxEndpoints: number,
  actor: Actor,
): Promise<WebhookEndpointRow> {
  const created = await rt.db.transaction(async (tx) => {
    const row = await insertWebhookEndpointWithin(
      tx,
      { id: newId('whep'), accountId, url: input.url, eventTypes: input.eventTypes, description: input.description, secret: newWebhookSecret() },
      maxEndpoints,
    );
    if (row) await recordAudit(tx, { accountId, actor, action: 'webhook.created', target: row.id, detail: { url: row.url, event_types: row.eventTypes } });
    return row;
  });
  if (!created) throw new EndpointLimitError(maxEndpoints);
  return created;
}

/** Changes the account's endpoint (only the fields given) with its audit event; null when there is no such endpoint. */
export async function updateWebhookEndpoint(
  rt: { db: DbOrTx },
  accountId: string,
  id: string,
  changes: Partial<Pick<WebhookEndpointRow, 'url' | 'eventTypes' | 'description'>>,
  actor: Actor,
): Promise<WebhookEndpointRow | null> {
  return rt.db.transaction(async (tx) => {
    const row = await updateAccountWebhookEndpoint(tx, accountId, id, changes);
    // A PATCH with nothing in it changes nothing, and records nothing.
    if (row && Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId, actor, action: 'webhook.updated', target: id, detail: { url: row.url, changed: Object.keys(changes) } });
    }
    return row;
  });
}

/** Deletes the account's endpoint with its audit event; false when there is no such endpoint. */
export async function deleteWebhookEndpoint(rt: { db: DbOrTx }, accountId: string, id: string, actor: Actor): Promise<boolean> {
  return rt.db.transaction(async (tx) => {
    const endpoint = await findAccountWebhookEndpoint(tx, accountId, id);
    if (!endpoint || !(await deleteAccountWebhookEndpoint(tx, accountId, id))) return false;
    await recordAudit(tx, { accountId, actor, action: 'webhook.deleted', target: id, detail: { url: endpoint.url } });
    return true;
  });
}

/** Enables a disabled endpoint; recorded only when it changed something (a second click adds no event). */
export async function enableWebhookEndpoint(rt: { db: DbOrTx }, accountId: string, id: string, actor: Actor) {
  return rt.db.transaction(async (tx) => {
    const result = await enableAccountWebhookEndpoint(tx, accountId, id);
    if (result?.changed) await recordAudit(tx, { accountId, actor, action: 'webhook.enabled', target: id, detail: { url: result.endpoint.url } });
    return result;
  });
}

/**
 * Sends a `webhook.test` event to this one endpoint: the event is written already dispatched (the relay
 * never fans it out to the account's other endpoints) with its one delivery, then the attempt is queued.
 */
export async function sendTestEvent(rt: Pick<Runtime, 'db' | 'queues'>, endpoint: WebhookEndpointRow, actor: Actor): Promise<DeliveryLogRow> {
  const eventId = newId('msg');
  const deliveryId = deliveryIdFor(eventId, endpoint.id);
  const delivery = await rt.db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({
      id: eventId,
      accountId: endpoint.accountId,
      type: TEST_EVENT_TYPE,
      data: { endpoint_id: endpoint.id, message: 'A test event from Kiln. Answer 2xx to acknowledge it.' },
      dispatchedAt: new Date(),
    });
    const [row] = await tx.insert(webhookDeliveries).values({ id: deliveryId, eventId, endpointId: endpoint.id }).returning();
    await recordAudit(tx, {
      accountId: endpoint.accountId,
      actor,
      action: 'webhook.test_sent',
      target: endpoint.id,
      detail: { url: endpoint.url, delivery: deliveryId },
    });
    return row!;
  });
  await rt.queues.enqueue('webhook.deliver', { id: deliveryId, attempt: 1 }, { jobId: deliveryId, account: endpoint.accountId });
  return { delivery, eventType: TEST_EVENT_TYPE, last: null };
}

export type ReplayResult = { ok: true; delivery: DeliveryLogRow } | { ok: false; reason: 'not_found' | 'pending' };

/** One more attempt of a finished delivery (succeeded or failed), now; no retries follow it. */
export async function replayDelivery(
  rt: Pick<Runtime, 'db' | 'queues'>,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
  actor: Actor,
): Promise<ReplayResult> {
  const found = await findEndpointDelivery(rt.db, endpoint.id, deliveryId);
  if (!found) return { ok: false, reason: 'not_found' };
  const attempts = await rt.db.transaction(async (tx) => {
    const reopened = await reopenDelivery(tx, found.id);
    if (reopened !== null) {
      await recordAudit(tx, {
        accountId: endpoint.accountId,
        actor,
        action: 'webhook.delivery_replayed',
        target: found.id,
        detail: { endpoint: endpoint.id, url: endpoint.url },
      });
    }
    return reopened;
  });
  if (attempts === null) return { ok: false, reason: 'pending' };
  await enqueueReplay(rt, found.id, attempts, endpoint.accountId);
  const delivery = await findDeliveryLogRow(rt.db, endpoint.id, found.id);
  return delivery ? { ok: true, delivery } : { ok: false, reason: 'not_found' };
}
