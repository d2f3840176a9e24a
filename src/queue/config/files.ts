import type { QueueConfig } from './types';

/**
 * Document ingestion: parsing a 20 MB PDF holds the whole file and pdf.js's state in memory, so one
 * upload at a time per worker keeps its peak bounded. A large document takes tens of seconds while the
 * lock is renewed. A file that cannot be parsed fails at once (422, permanent); storage hiccups retry.
 */
export const filesQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 3_600, count: 5_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // CPU-heavy: the lock is renewed every 20 s, so a main thread busy for up to 20 s keeps it; takeover <= 60 s.
  lockDurationMs: 40_000,
  stalledIntervalMs: 20_000,
  maxStalledCount: 2,
  concurrency: 1,
};
