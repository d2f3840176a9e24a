import type { QueueConfig } from './types';

export const maintenanceQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 2,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 500 },
  },
  lockDurationMs: 60_000,
  stalledIntervalMs: 30_000,
  maxStalledCount: 1,
  concurrency: 1,
};
