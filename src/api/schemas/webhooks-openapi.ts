import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { WEBHOOK_EVENT_PAYLOADS } from '../../webhooks/event-payloads';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/event-types';

const HEADERS = {
  'webhook-id': { description: 'The event id (`msg_…`), the same on every retry and replay: deduplicate on it.', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'Unix seconds of this attempt; refuse one far from your clock.', schema: { type: 'string' } },
  'webhook-signature': {
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks).',
    schema: { type: 'string' },
  },
};

/** What an event's body looks like: the Standard Webhooks envelope with this type's `data`. */
function envelopeOf(type: (typeof WEBHOOK_EVENT_TYPES)[number]) {
  return toJsonSchema(
    v.object({
      type: v.literal(type),
      timestamp: v.pipe(v.string(), v.description('When the event happened (ISO 8601).')),
      data: WEBHOOK_EVENT_PAYLOADS[type],
    }),
    { errorMode: 'ignore' },
  );
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, generated from the same schemas the outbox is
 * typed against (src/webhooks/event-payloads.ts), so a typed client knows every payload it can receive.
 */
export function documentWebhooks<D extends object>(doc: D): D & { webhooks: Record<string, unknown> } {
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['Webhooks'],
          summary: `Event \`${type}\``,
          description: `Sent to every enabled endpoint of the account that subscribes to \`${type}\` (or to every type). Answer 2xx within 10 s (\`WEBHOOK_TIMEOUT_MS\`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).`,
          parameters: Object.entries(HEADERS).map(([name, header]) => ({ name, in: 'header', required: true, ...header })),
          requestBody: { required: true, content: { 'application/json': { schema: envelopeOf(type) } } },
          responses: { '200': { description: 'Received (any 2xx status).' } },
          security: [],
        },
      },
    ]),
  );
  return { ...doc, webhooks };
}
