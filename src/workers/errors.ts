import { ProviderError } from '../engines/provider-error';
import { PermanentJobError } from '../queue/job-run';

export { attemptOf, PermanentJobError } from '../queue/job-run';

export const invalidJobInput = (detail: string) => new PermanentJobError({ code: 'invalid_parameter', message: `Invalid job input: ${detail}` });

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
