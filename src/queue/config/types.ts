import type { JobsOptions } from 'bullmq';

/** Everything that tunes one queue, in one file per queue (retries, retention, locks, parallelism). */
export interface QueueConfig {
  defaultJobOptions: JobsOptions;
  /**
   * Chosen from how long a crashed worker's job may wait before another worker takes it (target: 60 s).
   * A running job's lock is renewed every `lockDurationMs / 2`, so the length never limits how long a
   * job may run; it only bounds how long a dead worker's lock outlives it, and how long the main thread
   * may be busy (`lockDurationMs / 2`) before a live job's lock lapses. Every `stalledIntervalMs` one
   * worker marks the active jobs, and moves back to waiting those already marked whose lock has gone, so
   * a crashed job is taken over at most `lockDurationMs + stalledIntervalMs` after the crash while
   * another worker of the queue runs (with none left: `stalledIntervalMs` after a fresh worker starts,
   * or after the lock lapses, whichever is later).
   */
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Takeovers before the job fails instead (a job that crashes every worker it lands on). */
  maxStalledCount: number;
  /** Jobs run at once per worker process unless WORKER_CONCURRENCY says otherwise. */
  concurrency: number;
}
