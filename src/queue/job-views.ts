import * as v from 'valibot';
import type { JobRow } from '../db/queries/jobs';
import { jobError } from '../db/schema';
import { ERROR_CODES, type ErrorCode, isErrorCode } from '../errors/codes';

/** A failed job's error, as its endpoint would have answered it (the envelope's `error`, without the request id). */
export const answeredJobErrorSchema = v.object({ code: v.picklist(ERROR_CODES), message: v.string() });

/** `finishedJobView`'s shape: the `data` of `job.completed` and `job.failed`. */
export const finishedJobSchema = v.object({
  id: v.string(),
  kind: v.pipe(v.string(), v.description('The job kind, e.g. `text.generate`, `image.generate`, `file.ingest`.')),
  status: v.picklist(['succeeded', 'failed']),
  created_at: v.string(),
  completed_at: v.nullable(v.string()),
  result: v.optional(v.pipe(v.unknown(), v.description('`job.completed`: the 200 body of the endpoint that started the job.'))),
  error: v.optional(answeredJobErrorSchema),
});

/**
 * The error a failed job answers with. Rows store the code; a code this version no longer knows is
 * answered as what it was: a failure.
 */
export function answeredJobError(row: Partial<Pick<JobRow, 'error'>>): { code: ErrorCode; message: string } {
  const error = row.error ?? jobError('internal_error', 'The job failed.');
  return { code: isErrorCode(error.code) ? error.code : 'internal_error', message: error.message };
}

/**
 * A finished request job as GET /v1/jobs/{id} answers it (its 200 body as `result`, or its error's
 * `{ code, message }` as `error`), with its id, kind and times: the `data` of `job.completed` and `job.failed`.
 */
export function finishedJobView(row: JobRow) {
  return {
    id: row.id,
    kind: row.kind,
    // Called once the row has ended: succeeded, or failed.
    status: row.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    ...(row.status === 'succeeded' ? { result: row.result } : { error: answeredJobError(row) }),
  };
}
