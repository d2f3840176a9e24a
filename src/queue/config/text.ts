import type { QueueConfig } from './types';

/**
 * Text generation and plagiarism checks: short CPU work answered synchronously, so few retries and a
 * short lock; a remote provider that is down gets two more tries a second apart.
 */
export const textQueueConfig: QueueConfig = {
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
