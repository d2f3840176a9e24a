import type { Job } from 'bullmq';
import { ProviderError } from '../engines/provider-error';
import { type JobError, jobError } from '../db/schema';
import type { ErrorCode } from '../errors/codes';

/**
 * A failure that another attempt cannot fix (bad input, a provider refusing the request). The job ends at
 * once, without retries, and the caller sees `error` as the answer.
 */
export class PermanentJobError extends Error {
  readonly error: JobError;

  constructor({ code, message }: { code: ErrorCode; message: string }) {
    super(message);
    this.name = 'PermanentJobError';
    this.error = jobError(code, message);
  }
}

export const invalidJobInput = (detail: string) =>
  new PermanentJobError({ code: 'invalid_parameter', message: `Invalid job input: ${detail}` });

/**
 * A provider that refused the request (bad key, unknown model, rejected input) will refuse every retry
 * too: the job ends at once with 502. Anything else is returned as it is, for the queue to retry.
 */
export function refusedByProvider(err: unknown, provider: 'image' | 'text' | 'speech' | 'file chat'): unknown {
  if (err instanceof ProviderError && err.permanent) {
    return new PermanentJobError({ code: 'upstream_error', message: `The ${provider} provider refused the request: ${err.message}` });
  }
  return err;
}

/** Which attempt this is (from 1) and how many the job gets; a job run by hand without queue options gets one. */
export function attemptOf(job: Pick<Job, 'attemptsMade' | 'opts'>): { attempt: number; attempts: number } {
  const attempt = job.attemptsMade + 1;
  return { attempt, attempts: Math.max(attempt, job.opts?.attempts ?? 1) };
}
