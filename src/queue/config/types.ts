import type { JobsOptions } from 'bullmq';

/** Everything that tunes one queue, in one file per queue (retries, retention, locks, parallelism). */
export interface QueueConfig {
  defaultJobOptions: JobsOptions;
  /** How long a worker holds a job before it counts as stalled and another worker takes it. */
  lockDurationMs: number;
  stalledIntervalMs: number;
  maxStalledCount: number;
  /** Jobs run at once per worker process unless WORKER_CONCURRENCY says otherwise. */
  concurrency: number;
}
