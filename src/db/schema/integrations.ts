import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Stripe-style idempotency: the first request with a key claims the row (`in_progress`), and its answer is
 * stored on it (`done`); a repeat within 24 hours replays that answer. Scoped to the API key that sent
 * it (as Stripe's): another key of the account with the same value is another entry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: accountIdColumn(),
    /** The API key that sent it (api_keys.id): only that key's repeats are answered from the row. */
    apiKeyId: text('api_key_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'in_progress' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** An `in_progress` claim older than this was left by a process that died; another request may take it over. */
    lockedUntil: ts('locked_until').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.apiKeyId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** Where an account wants its events sent (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types to send; empty means every type. */
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    /** `whsec_` + base64 of the signing key. Kept to sign with; shown to the account once, at creation. */
    secret: text('secret').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When deliveries started failing without a success since; five days of it disables the endpoint. */
    failingSince: ts('failing_since'),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId)],
);

/**
 * The outbox: an event is inserted in the same transaction as the state change it reports, so a process
 * that dies after the commit cannot lose it. A relay fans it out to deliveries and marks it dispatched.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `msg_…`: the `webhook-id` receivers deduplicate on. */
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    type: text('type').notNull(),
    /** The event's `data` object. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    dispatchedAt: ts('dispatched_at'),
    /**
     * The trace of the request or job that recorded the event (W3C traceparent/tracestate as JSON), so
     * its deliveries join that trace; null when that process did not trace.
     */
    traceContext: text('trace_context'),
  },
  (t) => [
    index('webhook_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} IS NULL`),
    index('webhook_events_account_idx').on(t.accountId, t.createdAt),
  ],
);

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event to one endpoint, retried with backoff until it succeeds or gives up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastAttemptAt: ts('last_attempt_at'),
    nextAttemptAt: ts('next_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
    // The lost-attempt sweep's lookup (src/webhooks/requeue-lost.ts): pending deliveries by when their
    // next attempt was due (a first attempt is due at creation). Partial: finished deliveries are most rows.
    index('webhook_deliveries_pending_due_idx').on(sql`coalesce("next_attempt_at", "created_at")`).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt of a delivery, for the endpoint's delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** The receiver's status code; null when no answer came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first characters of the answer, or why there was none. */
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
