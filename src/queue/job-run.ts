import type { Job } from 'bullmq';
import { type JobError, jobError } from '../db/schema';
import type { ErrorCode } from '../errors/codes';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';

/** What a job's work runs with: the runtime, the BullMQ job (its attempt) and a logger bound to it. */
export interface JobRun {
  rt: Runtime;
  job: Job;
  log: Logger;
  /**
   * Aborted when the job is cancelled (src/queue/job-cancel.ts: its reason says why). A processor that
   * can stop early passes it on to its engine; one run by hand (tests, the CLI) may have none.
   */
  signal?: AbortSignal;
}

/**
 * A failure that another attempt cannot fix (bad input, a refused source, a provider refusing the
 * request). The job ends at once, without retries, and whoever polls sees `error` as the answer.
 */
export class PermanentJobError extends Error {
  readonly error: JobError;

  constructor({ code, message }: { code: ErrorCode; message: string }) {
    super(message);
    this.name = 'PermanentJobError';
    this.error = jobError(code, message);
  }
}

/** Which attempt this is (from 1) and how many the job gets; a job run by hand without queue options gets one. */
export function attemptOf(job: Pick<Job, 'attemptsMade' | 'opts'>): { attempt: number; attempts: number } {
  const attempt = job.attemptsMade + 1;
  return { attempt, attempts: Math.max(attempt, job.opts?.attempts ?? 1) };
}
