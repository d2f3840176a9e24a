import type { QueueConfig } from './types';

/** DNS checks and certificate issuance: short network jobs, many waiting on delays. */
export const domainsQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 30_000 },
    removeOnComplete: { age: 86_400, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 2,
  concurrency: 4,
};
