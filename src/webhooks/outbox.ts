import { eventChannels } from '../pubsub-channels';
import { sql } from 'drizzle-orm';
import type { RedisClient } from '../redis';
import type { DbOrTx } from '../db/client';
import { newId } from '../ids';
import type { Logger } from '../logger';
import { activeTraceCarrier } from '../tracing/carrier';
import type { WebhookEventData } from './event-payloads';
import type { WebhookEventType } from './event-types';

/** An event of type `T`, its `data` checked by the compiler against that type's schema (./event-payloads.ts). */
export interface WebhookEventInput<T extends WebhookEventType = WebhookEventType> {
  accountId: string;
  type: T;
  data: WebhookEventData<T>;
}

/**
 * Writes an event to the outbox. Call it with the transaction that makes the state change it reports,
 * so the two commit together or not at all; the relay sends it afterwards (at least once). Returns the
 * event id (`msg_…`, the `webhook-id` receivers deduplicate on), or null when no enabled endpoint of the
 * account wants this type: one statement either way, so an account without endpoints pays one indexed
 * lookup and writes nothing. The active trace (if any) is kept with it, for its deliveries' spans.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(tx: DbOrTx, event: WebhookEventInput<T>): Promise<string | null> {
  const id = newId('msg');
  const rows = await tx.execute<{ id: string }>(sql`
    INSERT INTO webhook_events (id, account_id, type, data, trace_context)
    SELECT ${id}, ${event.accountId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${activeTraceCarrier()}
    WHERE EXISTS (
      SELECT 1 FROM webhook_endpoints
      WHERE account_id = ${event.accountId} AND disabled_at IS NULL
        AND (cardinality(event_types) = 0 OR ${event.type} = ANY(event_types))
    )
    RETURNING id`);
  return rows[0]?.id ?? null;
}

/** The Redis channel writers announce outbox events on (the bench publishes there too, so it is named once). */
export function webhookEventsChannel(redisPrefix: string, redisUrl: string): string {
  return eventChannels(redisPrefix, redisUrl).webhookEvents;
}

/**
 * Wakes the relay at once after a transaction that recorded an event commits (the message is the account
 * id). Best effort: the relay also polls the outbox, so a failure here only delays delivery and is logged,
 * never thrown at the state change that already committed.
 */
export async function announceWebhookEvents(
  rt: { redis: RedisClient; channels: { webhookEvents: string } },
  log: Pick<Logger, 'warn'>,
  accountId: string,
): Promise<void> {
  try {
    await rt.redis.publish(rt.channels.webhookEvents, accountId);
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, accountId }, 'could not announce webhook events; the relay will find them by polling');
  }
}
