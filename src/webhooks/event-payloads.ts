import type * as v from 'valibot';
import { quotaEventSchema } from '../billing/quota-event';
import { failedFileSchema, uploadedFileSchema } from '../documents/views';
import { deploymentSchema, domainSchema } from '../hosting/views';
import { finishedJobSchema } from '../queue/job-views';
import { voiceSchema } from '../voices/views';
import type { WebhookEventType } from './event-types';

/**
 * The `data` of each event type: the resource as the API answers it, from the schema beside its product.
 * `recordWebhookEvent` is typed against this map, the OpenAPI document's `webhooks` section is generated
 * from it, and the webhook tests check every event they record against it. A type without an entry does
 * not compile.
 */
export const WEBHOOK_EVENT_PAYLOADS = {
  'deployment.building': deploymentSchema,
  'deployment.published': deploymentSchema,
  'deployment.failed': deploymentSchema,
  'deployment.rolled_back': deploymentSchema,
  'domain.verified': domainSchema,
  'domain.failed': domainSchema,
  'domain.ssl_active': domainSchema,
  'domain.ssl_error': domainSchema,
  'voice.ready': voiceSchema,
  'voice.failed': voiceSchema,
  'file.ready': uploadedFileSchema,
  'file.failed': failedFileSchema,
  'job.completed': finishedJobSchema,
  'job.failed': finishedJobSchema,
  'usage.quota_warning': quotaEventSchema,
  'usage.quota_exceeded': quotaEventSchema,
} as const satisfies Record<WebhookEventType, v.GenericSchema>;

export type WebhookEventData<T extends WebhookEventType> = v.InferInput<(typeof WEBHOOK_EVENT_PAYLOADS)[T]>;
