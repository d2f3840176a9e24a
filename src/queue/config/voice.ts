import type { QueueConfig } from './types';

/**
 * Speech synthesis and voice cloning. Both are CPU-bound (WASM synthesis, pitch analysis), so one job
 * per core; a 20,000-word text runs for minutes while the lock is renewed. Unusable samples and texts
 * fail at once (permanent errors); a flaky sample host gets two more tries.
 */
export const voiceQueueConfig: QueueConfig = {
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
  concurrency: 2,
};
