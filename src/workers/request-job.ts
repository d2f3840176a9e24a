import type { Tx } from '../db/client';
import { completeJob, failJob, findJob, startJobAttempt, type JobRow } from '../db/queries/jobs';
import { recordCdnFiles, type NewCdnFile } from '../db/queries/files';
import { recordUsage } from '../db/queries/usage';
import type { JobError, UsageMetric } from '../db/schema';
import { billingPeriodOf } from '../billing/period';
import { announceUsageChange } from '../billing/usage-cache';
import type { JobRun } from '../queue/job-run';
import { productOf } from '../queue/registry';
import { PermanentJobError } from './errors';

export interface RequestJobOutcome {
  /** The response body the original endpoint answers with. */
  result: object;
  bill: { metric: UsageMetric; quantity: number }[];
  files?: NewCdnFile[];
  /** Rows the result depends on, written in the same transaction that completes the job. */
  persist?: (tx: Tx) => Promise<void>;
  /**
   * Runs after the commit, before waiters are told, with the result as stored (an earlier run's, if that
   * one stored it first): a job's event stream ends with it. Its failure is logged; the row stands.
   */
  announce?: (stored: object) => Promise<void>;
}

/**
 * The life of one request row: claim it, do the work, then store the result, the files and the bill in
 * one transaction. A duplicate delivery of a finished row does nothing, and a second run after a crash
 * cannot bill again (the ledger's unique key and the `succeeded` guard both stop it).
 */
export async function runRequestJob(ctx: JobRun, id: string, work: (row: JobRow) => Promise<RequestJobOutcome>): Promise<void> {
  const { rt } = ctx;
  const row = await startJobAttempt(rt.db, id);
  if (!row) {
    const existing = await findJob(rt.db, id);
    if (!existing) throw new PermanentJobError({ code: 'not_found', message: `Job ${id} no longer exists.` });
    ctx.log.info({ jobId: id, status: existing.status }, 'job already finished; nothing to do');
    return;
  }
  const outcome = await work(row);
  const periodKey = billingPeriodOf(new Date()).key;
  let stored = true;
  const billed = await rt.db.transaction(async (tx) => {
    if (!(await completeJob(tx, id, outcome.result))) {
      stored = false;
      return false;
    }
    await recordCdnFiles(tx, outcome.files ?? []);
    await outcome.persist?.(tx);
    let any = false;
    // Filed under the key the request came with and the product its kind names, for the usage breakdown.
    const filed = { accountId: row.accountId, keyId: row.keyId, product: productOf(row.kind), sourceId: id, periodKey };
    for (const line of outcome.bill) {
      any = (await recordUsage(tx, { ...filed, metric: line.metric, quantity: line.quantity })) || any;
    }
    return any;
  });
  if (rt.config.KILN_FAULT === 'crash-after-commit') {
    ctx.log.warn({ jobId: id }, 'fault injection: crashing after commit');
    process.exit(86);
  }
  // Usage first: Redis delivers in order, so a caller woken by "done" never reads stale usage.
  if (billed) await announceUsageChange(rt.redis, rt.channels.usageChanged, row.accountId);
  if (outcome.announce) {
    const result = stored ? outcome.result : ((await findJob(rt.db, id))?.result as object | undefined);
    if (result)
      await outcome.announce(result).catch((err: Error) => ctx.log.warn({ err: { message: err.message }, jobId: id }, 'announcing the result failed'));
  }
  await rt.jobEvents.publishDone(id);
}

/** The caller waiting on a request row gets this error as its answer. */
export async function failRequestJob(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  await failJob(ctx.rt.db, payload.id, error);
  await ctx.rt.jobEvents.publishDone(payload.id).catch(() => {});
}
