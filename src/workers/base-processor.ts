import { UnrecoverableError, type Job } from 'bullmq';
import * as v from 'valibot';
import { isJobName, JOBS, type JobName } from '../queue/registry';
import { jobDuration, jobFailures } from '../metrics';
import type { Runtime } from '../runtime';
import { jobError } from '../db/schema';
import { withJobSpan } from '../tracing/job-spans';
import { PermanentJobError } from './errors';
import { JobCancelled } from './run-request-job';
import { PROCESSORS, type Processor } from './processors';

/**
 * Wraps every processor: checks the job name and payload against the registry (bad input fails at once,
 * without retries), advances its queue's fair-order clock, logs each attempt, and hands the final failure
 * to the processor's `onFinalFailure` (a request row, a deployment) so whoever waits or polls gets an
 * answer instead of a timeout.
 */
export function createProcessor(rt: Runtime) {
  // Each attempt runs in its job's span (tracing on), a child of the span that queued it.
  // Three parameters: BullMQ then hands each job an AbortSignal, which `worker.cancelJob` aborts (job-cancel.ts).
  return (job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> => withJobSpan(job, () => processJob(rt, job, signal));
}

async function processJob(rt: Runtime, job: Job, signal?: AbortSignal): Promise<unknown> {
  const log = rt.log.child({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 });
  if (!isJobName(job.name)) throw new UnrecoverableError(`Unknown job name "${job.name}"`);
  const name: JobName = job.name;
  const payload = v.safeParse(JOBS[name].payload, job.data);
  if (!payload.success) throw new UnrecoverableError(`Invalid payload for ${name}: ${payload.issues[0].message}`);
  const processor = PROCESSORS[name] as Processor<unknown>;
  const ctx = { rt, job, log, ...(signal ? { signal } : {}) };
  // Other accounts' jobs queued from now on take their turn after this one (src/queue/fair-order.ts).
  // Only the order of later jobs depends on it, so the job does not wait for it, nor fail with it.
  void rt.queues.fairOrder
    .started(JOBS[name].queue, job.priority)
    .catch((err: Error) => log.warn({ err: { message: err.message } }, 'could not advance the fair-order clock'));
  const started = performance.now();
  try {
    // What a processor returns becomes the job's return value (the CLI reads a corpus batch's counts).
    const returned = await processor.run(ctx, payload.output);
    const ms = performance.now() - started;
    jobDuration.observe({ queue: JOBS[name].queue, job: name, outcome: 'ok' }, ms / 1000);
    log.info({ ms: Math.round(ms) }, 'job done');
    return returned;
  } catch (err) {
    if (err instanceof JobCancelled) {
      // Settled already (runRequestJob); the final failure tells the stream's readers and the waiters.
      jobDuration.observe({ queue: JOBS[name].queue, job: name, outcome: 'cancelled' }, (performance.now() - started) / 1000);
      await processor.onFinalFailure?.(ctx, payload.output, err.error);
      throw new UnrecoverableError(err.message);
    }
    const permanent = err instanceof PermanentJobError;
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    jobDuration.observe({ queue: JOBS[name].queue, job: name, outcome: 'failed' }, (performance.now() - started) / 1000);
    jobFailures.inc({ queue: JOBS[name].queue, job: name, final: String(permanent || finalAttempt) });
    log.warn({ err: { message: (err as Error).message }, permanent, finalAttempt }, 'job attempt failed');
    if ((permanent || finalAttempt) && processor.onFinalFailure) {
      const error = permanent
        ? err.error
        : jobError('internal_error', `The job failed after ${job.attemptsMade + 1} attempts. Quote job id ${job.id} when reporting it.`);
      await processor.onFinalFailure(ctx, payload.output, error);
    }
    if (permanent) throw new UnrecoverableError(err.message);
    throw err;
  }
}
