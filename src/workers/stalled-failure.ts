import type { Job } from 'bullmq';
import * as v from 'valibot';
import { isJobName, JOBS } from '../queue/registry';
import type { Runtime } from '../runtime';
import { jobError } from '../db/schema';
import { PROCESSORS, type Processor } from './processors';

/**
 * A job that stalled more than its queue's `maxStalledCount` times (it took down every worker it ran on:
 * a crash, the kernel's OOM killer) is failed by BullMQ without running the processor, so nothing
 * would tell its row. Without this the row stays `building`/`running` for good, and the sweeper cannot
 * help: re-adding a job id that exists as failed is a no-op.
 */
export async function recordStalledFailure(rt: Runtime, job: Job): Promise<void> {
  if (!job.deferredFailure || !isJobName(job.name)) return;
  const processor = PROCESSORS[job.name] as Processor<unknown>;
  const payload = v.safeParse(JOBS[job.name].payload, job.data);
  if (!processor.onFinalFailure || !payload.success) return;
  const log = rt.log.child({ job: job.name, jobId: job.id });
  log.error({ reason: job.deferredFailure }, 'job stopped its workers too often; giving it up');
  await processor.onFinalFailure(
    { rt, job, log },
    payload.output,
    jobError(
      'internal_error',
      `The job stopped the worker running it several times (a crash or running out of memory) and was given up. Quote job id ${job.id} when reporting it.`,
    ),
  );
}
