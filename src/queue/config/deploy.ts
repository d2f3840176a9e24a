import type { QueueConfig } from './types';

/** Site builds: download, extract, store. Refusals (bad archive, refused address) are final at once. */
export const deployQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 86_400, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // A large archive can take minutes, but the lock is renewed every 15 s while the build runs; its length
  // only says how long a crashed worker's build waits before another worker takes it (<= 45 s, see types.ts).
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 2,
  concurrency: 2,
};
