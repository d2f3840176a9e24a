import type { JobError } from '../db/schema';

/**
 * A failure that another attempt cannot fix (bad input, a provider refusing the request). The job ends at
 * once, without retries, and the caller sees `error` as the answer.
 */
export class PermanentJobError extends Error {
  constructor(readonly error: JobError) {
    super(error.message);
    this.name = 'PermanentJobError';
  }
}

export const invalidJobInput = (detail: string) =>
  new PermanentJobError({ status: 400, code: 'invalid_parameter', message: `Invalid job input: ${detail}` });
