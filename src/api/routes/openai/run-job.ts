import type { Context } from 'hono';
import { findJob } from '../../../db/queries/jobs';
import { ApiError, invalidParameter } from '../../../errors/api-error';
import { answeredJobError } from '../../../queue/job-views';
import type { RequestJobInput, RequestJobName } from '../../../queue/registry';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requestLogger } from '../../middleware/request-log';
import type { QuotaHold } from '../../quota';
import { createRequestJob } from '../../submit-request-job';

type Deps = Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>;

/** A 400 that names OpenAI's `param` (read by ./error-shape.ts). */
export function paramError(param: string, message: string): ApiError {
  return Object.assign(invalidParameter(message), { param });
}

/** OpenAI's 404 for a model it does not serve, naming the ones Kiln serves for that endpoint. */
export function modelNotFound(model: string, served: string): ApiError {
  return Object.assign(
    new ApiError('not_found', `The model '${model}' does not exist or you do not have access to it; this Kiln serves '${served}' here (GET /v1/models).`),
    { param: 'model', openaiCode: 'model_not_found' },
  );
}

/**
 * OpenAI's endpoints are synchronous and have no 202: the request is queued like the native one (same row,
 * quota hold, worker, bill) and waited for, up to OPENAI_COMPAT_WAIT_MS (OpenAI's clients wait 10 minutes).
 * Answers the stored result, or throws the job's error. Past the wait, a 503 that tells OpenAI's clients not
 * to retry (a retry would be a second job, billed again) and where the result will be.
 */
export async function runRequestJobAndWait<K extends RequestJobName>(
  c: Context<AppEnv>,
  deps: Deps,
  job: { id: string; kind: K; input: RequestJobInput<K>; hold?: QuotaHold },
): Promise<object> {
  await createRequestJob(c, deps, job);
  return waitForRequestJob(c, deps, job.id);
}

/** Waits for a queued request row to finish (see runRequestJobAndWait): its result, or its error thrown. */
export async function waitForRequestJob(c: Context<AppEnv>, deps: Pick<Deps, 'config' | 'db' | 'jobEvents' | 'usage'>, jobId: string): Promise<object> {
  const row = await deps.jobEvents
    .waitFor(jobId, deps.config.OPENAI_COMPAT_WAIT_MS, async () => {
      const current = await findJob(deps.db, jobId);
      return current && (current.status === 'succeeded' || current.status === 'failed') ? current : null;
    })
    .catch((err: Error) => {
      requestLogger(c).warn({ err: { message: err.message }, jobId }, 'lost sight of an accepted job');
      return null;
    });
  if (!row) {
    throw new ApiError('service_unavailable', `The request is still running as job ${jobId}; its result will be at GET /v1/jobs/${jobId}. Do not resend it.`, {
      Location: `/v1/jobs/${jobId}`,
      'x-should-retry': 'false',
    });
  }
  // The job billed: whoever reads usage after this answer must see it (see UsageCache.forget).
  deps.usage.forget(c.get('principal').accountId);
  if (row.status === 'failed') {
    const error = answeredJobError(row);
    throw new ApiError(error.code, error.message);
  }
  return row.result as object;
}
