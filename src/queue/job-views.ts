import type { JobRow } from '../db/queries/jobs';
import { jobError } from '../db/schema';
import { type ErrorCode, isErrorCode } from '../errors/codes';

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
    status: row.status,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    ...(row.status === 'succeeded' ? { result: row.result } : { error: answeredJobError(row) }),
  };
}
