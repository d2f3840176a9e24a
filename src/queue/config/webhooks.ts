import type { QueueConfig } from './types';

/**
 * Webhook deliveries: one short POST each, waiting on the network, so many run at once. A receiver that
 * fails is not a job failure: the processor records the attempt and queues the next one itself on the
 * webhook schedule (WEBHOOK_RETRY_DELAYS_MS). BullMQ's own retries only cover our side failing (Postgres
 * away). Finished jobs are kept an hour so that a relay repeating a fan-out adds nothing (same jobId).
 * Concurrency is high because an attempt mostly waits (on the receiver, and on the batch that records
 * it: more attempts in flight make bigger batches, so fewer statements per delivery); connections per
 * endpoint are capped apart from it (SOCKETS_PER_ENDPOINT in src/webhooks/deliver.ts).
 */
export const webhooksQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: { age: 3_600, count: 100_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // An attempt lasts at most WEBHOOK_TIMEOUT_MS (10 s) plus two statements.
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 2,
  concurrency: 200,
};
