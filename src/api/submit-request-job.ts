import type { DbOrTx } from '../db/client';
import { type AuditEntry, recordAudit } from '../db/queries/audit';
import type { Context } from 'hono';
import { currentBillingPeriod } from '../billing/period';
import { findJob, insertJob, type JobRow } from '../db/queries/jobs';
import { reserveUsage } from '../db/queries/usage';
import { answeredJobError } from '../queue/job-views';
import type { RequestJobInput, RequestJobName } from '../queue/registry';
import type { Runtime } from '../runtime';
import type { AppEnv } from './context';
import { ApiError } from '../errors/api-error';
import { requestLogger } from './middleware/request-log';
import { type QuotaHold, quotaExceeded } from './quota';

type Deps = Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>;

const isFinished = (row: JobRow | null): row is JobRow => row !== null && (row.status === 'succeeded' || row.status === 'failed');

/**
 * The path of every synchronous endpoint: write the row, enqueue its job (the row id is the jobId), wait
 * for a worker to finish it, and answer with the stored result, or 202 and a job link after
 * SYNC_TIMEOUT_MS. The enqueue happens after the row is committed; if it fails, the row stays `queued`
 * and the sweeper enqueues it later, so the request is never lost.
 */
/**
 * What a job's row is in the audit trail, when the request changes the account (a file upload). Jobs that
 * generate (text, images, speech) are usage, not audit: they are metered, not recorded here.
 */
export type JobAudit = Pick<AuditEntry, 'action' | 'target' | 'detail'>;

export async function submitRequestJob<K extends RequestJobName>(
  c: Context<AppEnv>,
  deps: Deps,
  job: { id: string; kind: K; input: RequestJobInput<K>; hold?: QuotaHold; audit?: JobAudit },
  successStatus: 200 | 201 = 200,
) {
  await createRequestJob(c, deps, job);
  // From here the job exists and will run (and bill): the caller must learn where it is, never get a 5xx
  // and retry it as a new job. A database or Redis failure while waiting answers with the job link.
  const row = await deps.jobEvents
    .waitFor(job.id, deps.config.SYNC_TIMEOUT_MS, async () => {
      const current = await findJob(deps.db, job.id);
      return isFinished(current) ? current : null;
    })
    .catch((err: Error) => {
      requestLogger(c).warn({ err: { message: err.message }, jobId: job.id }, 'lost sight of an accepted job; answering with its link');
      return null;
    });
  return respondWithJob(c, deps, row ?? { id: job.id, status: 'queued' }, successStatus);
}

/**
 * Writes the row and enqueues its job (the row id is the jobId); a lost enqueue is the sweeper's to retry.
 * With `hold`, the row is written only if the plan's quota can hold that much for it, in the same
 * transaction (429 quota_exceeded otherwise): the worker turns the hold into the bill, or releases it.
 */
export async function createRequestJob<K extends RequestJobName>(
  c: Context<AppEnv>,
  deps: Pick<Deps, 'db' | 'queues'>,
  job: { id: string; kind: K; input: RequestJobInput<K>; hold?: QuotaHold; audit?: JobAudit },
): Promise<void> {
  const principal = c.get('principal');
  const row = { id: job.id, accountId: principal.accountId, keyId: principal.keyId, kind: job.kind, input: job.input };
  const hold = job.hold;
  // A job that changes the account's state (an upload) is recorded, naming the key, with its row.
  const audited = async (tx: DbOrTx) => {
    if (job.audit) await recordAudit(tx, { accountId: principal.accountId, actor: c.get('actor'), ...job.audit });
  };
  if (!hold && !job.audit) await insertJob(deps.db, row);
  else if (!hold) {
    await deps.db.transaction(async (tx) => {
      await insertJob(tx, row);
      await audited(tx);
    });
  } else {
    await deps.db.transaction(async (tx) => {
      const refused = await reserveUsage(tx, {
        accountId: principal.accountId,
        metric: hold.metric,
        quantity: hold.quantity,
        quota: principal.quotas[hold.metric],
        sourceId: job.id,
        periodKey: currentBillingPeriod().key,
      });
      if (refused) throw quotaExceeded(principal, hold, refused);
      await insertJob(tx, row);
      await audited(tx);
    });
  }
  try {
    await deps.queues.enqueue(job.kind, { id: job.id }, { jobId: job.id, account: principal.accountId });
  } catch (err) {
    requestLogger(c).warn({ err: { message: (err as Error).message }, jobId: job.id }, 'enqueue failed; the sweeper will retry');
  }
}

/** The answer for a job row: its result (200, or 201 where the request created a resource), its error (its own status), or 202 while it runs. */
export function respondWithJob(
  c: Context<AppEnv>,
  deps: Pick<Runtime, 'usage'>,
  row: Pick<JobRow, 'id' | 'status'> & Partial<JobRow>,
  successStatus: 200 | 201 = 200,
) {
  // The job may have billed: whoever reads usage after this answer must see it (see UsageCache.forget).
  if (row.status === 'succeeded' || row.status === 'failed') deps.usage.forget(c.get('principal').accountId);
  if (row.status === 'succeeded') return c.json(row.result as object, successStatus);
  if (row.status === 'failed') {
    const error = answeredJobError(row);
    throw new ApiError(error.code, error.message);
  }
  c.header('Location', `/v1/jobs/${row.id}`);
  c.header('Retry-After', '1');
  return c.json({ id: row.id, status: 'processing' as const }, 202);
}
