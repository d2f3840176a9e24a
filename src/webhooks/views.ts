import * as v from 'valibot';
import type { DeliveryLogRow, WebhookEndpointRow } from '../db/queries/webhooks';

const endpointFields = {
  id: v.string(),
  url: v.string(),
  description: v.string(),
  event_types: v.pipe(v.array(v.string()), v.description('Empty: every event type.')),
  status: v.pipe(
    v.picklist(['enabled', 'failing', 'disabled']),
    v.description('`failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.'),
  ),
  failing_since: v.nullable(v.string()),
  disabled_at: v.nullable(v.string()),
  disabled_reason: v.nullable(v.string()),
  created_at: v.string(),
};

export const webhookEndpointSchema = v.object(endpointFields);
export const createdWebhookEndpointSchema = v.object({
  ...endpointFields,
  secret: v.pipe(v.string(), v.description('`whsec_` + base64 of the signing key. Shown only in this answer: store it to verify `webhook-signature`.')),
});

export function webhookEndpointView(e: WebhookEndpointRow) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes,
    status: e.disabledAt ? ('disabled' as const) : e.failingSince ? ('failing' as const) : ('enabled' as const),
    failing_since: e.failingSince?.toISOString() ?? null,
    disabled_at: e.disabledAt?.toISOString() ?? null,
    disabled_reason: e.disabledReason,
    created_at: e.createdAt.toISOString(),
  };
}

export const webhookDeliverySchema = v.object({
  id: v.string(),
  event_id: v.pipe(v.string(), v.description('The `webhook-id` the receiver saw (the same on every attempt and replay).')),
  event_type: v.string(),
  status: v.picklist(['pending', 'succeeded', 'failed']),
  attempts: v.number(),
  created_at: v.string(),
  last_attempt_at: v.nullable(v.string()),
  next_attempt_at: v.pipe(v.nullable(v.string()), v.description('When the next retry runs while `pending`.')),
  last_status_code: v.pipe(v.nullable(v.number()), v.description('The receiver’s status code on the last attempt; null when no answer came.')),
  last_duration_ms: v.nullable(v.number()),
  last_response: v.pipe(
    v.nullable(v.string()),
    v.description('The first 500 characters of the last answer, or why there was none (e.g. `refused: …` for a non-public address).'),
  ),
});

export function webhookDeliveryView(r: DeliveryLogRow) {
  const d = r.delivery;
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: r.eventType,
    status: d.status,
    attempts: d.attempts,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    last_status_code: r.last?.statusCode ?? null,
    last_duration_ms: r.last?.durationMs ?? null,
    last_response: r.last?.responseExcerpt ?? null,
  };
}
