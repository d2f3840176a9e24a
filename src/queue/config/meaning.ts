import type { QueueConfig } from './types';

/**
 * Sentence vectors for an ingested document (`file.embed`): minutes of CPU for a long document, so a queue
 * of its own, where they never delay an upload's answer or a chat. The job writes batch by batch and skips
 * what is already written, so a retry or a takeover resumes where the last attempt stopped.
 */
export const meaningQueueConfig: QueueConfig = {
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 3_600, count: 5_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  // A batch of sentences keeps the main thread for well under a second; takeover <= 60 s.
  lockDurationMs: 40_000,
  stalledIntervalMs: 20_000,
  maxStalledCount: 3,
  concurrency: 1,
};
