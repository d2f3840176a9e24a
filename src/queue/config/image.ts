import type { QueueConfig } from './types';

export const imageQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: { age: 3_600, count: 5_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 2,
  concurrency: 2,
};
