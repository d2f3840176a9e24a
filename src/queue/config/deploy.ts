import type { QueueConfig } from './types';

/** Site builds: download, extract, store. Refusals (bad archive, refused address) are final at once. */
export const deployQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 86_400, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // A large archive can take minutes; the lock is renewed while the build runs.
  lockDurationMs: 120_000,
  stalledIntervalMs: 30_000,
  maxStalledCount: 2,
  concurrency: 2,
};
