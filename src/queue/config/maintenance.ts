import type { QueueConfig } from './types';

export const maintenanceQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 2,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 500 },
  },
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 1,
  concurrency: 1,
};
