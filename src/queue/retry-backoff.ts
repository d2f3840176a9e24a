import type { BackoffStrategy } from 'bullmq';
import { ProviderError } from '../engines/provider-error';

/**
 * The backoff type of the queues whose jobs call a provider: exponential from `delay`, as BullMQ's own, but
 * never sooner than the provider asked (`retry-after` of a 429 or 503, as LiteLLM and OpenAI's clients
 * honour it), up to RETRY_AFTER_CAP_MS so that a server asking for an hour does not park the job for one.
 */
export const PROVIDER_BACKOFF = 'exponential-retry-after';
export const RETRY_AFTER_CAP_MS = 60_000;

export const providerBackoff: BackoffStrategy = (attemptsMade, type, err, job) => {
  const opts = job?.opts.backoff;
  const delay = typeof opts === 'object' && opts?.delay !== undefined ? opts.delay : 1_000;
  if (type !== PROVIDER_BACKOFF) return exponentialDelay(attemptsMade, delay);
  return providerRetryDelay(attemptsMade, delay, err);
};

const exponentialDelay = (attemptsMade: number, delay: number) => Math.round(2 ** (Math.max(1, attemptsMade) - 1) * delay);

/** The wait before the next try after `attemptsMade` failed ones, the last failing with `err`. */
export function providerRetryDelay(attemptsMade: number, delay: number, err: unknown): number {
  const exponential = exponentialDelay(attemptsMade, delay);
  const asked = err instanceof ProviderError ? err.retryAfterMs : undefined;
  return asked === undefined ? exponential : Math.max(exponential, Math.min(asked, RETRY_AFTER_CAP_MS));
}
