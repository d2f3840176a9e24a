import * as v from 'valibot';
import { defineJob } from './define';

const noPayload = v.object({});

export const certificatesRenewJob = defineJob({
  name: 'certificates.renew',
  queue: 'maintenance',
  description: 'Queues renewal of certificates that expire within 30 days.',
  payload: noPayload,
  schedule: { everyMs: 24 * 3_600_000 },
});

export const requeueStaleJob = defineJob({
  name: 'jobs.requeue-stale',
  queue: 'maintenance',
  description: 'Re-enqueues request rows, builds and clones left waiting (their enqueue or their Redis data was lost).',
  payload: noPayload,
  schedule: { everyMs: 30_000 },
});

export const sweepExpiredFilesJob = defineJob({
  name: 'cdn.sweep-expired',
  queue: 'maintenance',
  description: 'Deletes generated files whose signed links have expired.',
  payload: noPayload,
  schedule: { everyMs: 10 * 60_000 },
});

export const sweepDashboardSessionsJob = defineJob({
  name: 'dashboard.sweep-sessions',
  queue: 'maintenance',
  description: 'Deletes dashboard sessions past their idle or absolute end, and one-time links that were used or have expired.',
  payload: noPayload,
  schedule: { everyMs: 3_600_000 },
});

export const sweepIdempotencyKeysJob = defineJob({
  name: 'idempotency.sweep-expired',
  queue: 'maintenance',
  description: 'Deletes Idempotency-Key records past their 24 hours.',
  payload: noPayload,
  schedule: { everyMs: 3_600_000 },
});

export const sweepConversationsJob = defineJob({
  name: 'conversations.sweep-expired',
  queue: 'maintenance',
  description: 'Deletes file chat conversations (with their turns) 24 hours after their latest answer.',
  payload: noPayload,
  schedule: { everyMs: 3_600_000 },
});

export const requeueLostWebhookAttemptsJob = defineJob({
  name: 'webhooks.requeue-lost',
  queue: 'maintenance',
  description:
    'Re-queues the next attempt of pending webhook deliveries overdue by more than two minutes whose job was lost (a worker died between recording an attempt and queueing the next, or Redis lost it).',
  payload: noPayload,
  schedule: { everyMs: 60_000 },
});

export const sweepOrphanStorageJob = defineJob({
  name: 'storage.sweep-orphans',
  queue: 'maintenance',
  description:
    'Releases the storage charged for uploads older than an hour that never became a file: no document row and no queued or running job (the process died between charging and queueing).',
  payload: noPayload,
  schedule: { everyMs: 3_600_000 },
});

export const sweepUploadedArchivesJob = defineJob({
  name: 'deployments.sweep-uploads',
  queue: 'maintenance',
  description:
    'Deletes uploaded deployment archives older than an hour that no build will read: no deployment row names them (the upload never became a deployment) or their build has ended.',
  payload: noPayload,
  schedule: { everyMs: 3_600_000 },
});

export const expireDigestUploadsJob = defineJob({
  name: 'deployments.expire-uploads',
  queue: 'maintenance',
  description: 'Fails deployments by file digests left uploading with no upload for an hour, and deletes the manifests of those that ended a day ago.',
  payload: noPayload,
  schedule: { everyMs: 10 * 60_000 },
});

export const releaseOrphanHoldsJob = defineJob({
  name: 'usage.release-orphan-holds',
  queue: 'maintenance',
  description:
    'Gives back quota held for over ten minutes by requests that have no queued or running job: a web process that answered a chat completion in place died between holding the quota and billing it.',
  payload: noPayload,
  schedule: { everyMs: 5 * 60_000 },
});
