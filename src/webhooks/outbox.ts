import type { DbOrTx } from '../db/client';
import { webhookEvents } from '../db/schema';
import { newId } from '../ids';
import type { WebhookEventType } from './event-types';

export interface WebhookEventInput {
  accountId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Writes an event to the outbox. Call it with the transaction that makes the state change it reports,
 * so the two commit together or not at all; the relay sends it afterwards (at least once). Returns the
 * event id (`msg_…`, the `webhook-id` receivers deduplicate on).
 */
export async function recordWebhookEvent(tx: DbOrTx, event: WebhookEventInput): Promise<string> {
  const id = newId('msg');
  await tx.insert(webhookEvents).values({ id, accountId: event.accountId, type: event.type, data: event.data });
  return id;
}
