import type { QueueConfig } from './types';

/**
 * Corpus indexing: batches of documents fingerprinted and written in one transaction each. A queue of
 * its own, so a bulk import of tens of thousands of documents never delays a plagiarism check.
 */
export const corpusQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // CPU-heavy: the lock is renewed every 20 s, so a main thread busy for up to 20 s keeps it; takeover <= 60 s.
  lockDurationMs: 40_000,
  stalledIntervalMs: 20_000,
  maxStalledCount: 2,
  concurrency: 1,
};
