/**
 * Every event type an endpoint can subscribe to. `data` of each is the resource as the API shows it
 * (a deployment as GET /v1/hosting/deployments/{id} answers, a job as GET /v1/jobs/{id}, …).
 */
export const WEBHOOK_EVENT_TYPES = [
  'deployment.building',
  'deployment.published',
  'deployment.failed',
  'deployment.rolled_back',
  'domain.verified',
  'domain.failed',
  'domain.ssl_active',
  'domain.ssl_error',
  'voice.ready',
  'voice.failed',
  'file.ready',
  'file.failed',
  'job.completed',
  'job.failed',
  'usage.quota_warning',
  'usage.quota_exceeded',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by the test-event button and `POST /v1/webhooks/{id}/test`; never a subscription's filter. */
export const TEST_EVENT_TYPE = 'webhook.test';
