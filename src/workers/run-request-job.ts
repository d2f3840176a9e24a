import * as v from 'valibot';
import type { Tx } from '../db/client';
import { completeJob, failJob, findJob, startJobAttempt, type JobRow } from '../db/queries/jobs';
import { recordCdnFiles, type NewCdnFile } from '../db/queries/cdn-files';
import { releaseReservation } from '../db/queries/usage';
import { type BillLine, billRequest } from '../billing/bill-request';
import type { JobError } from '../db/schema';
import { billingPeriodOf } from '../billing/period';
import { announceUsageChange } from '../billing/usage-cache';
import type { JobRun } from '../queue/job-run';
import type { RequestJobDefinition } from '../queue/jobs/define';
import { finishedJobView } from '../queue/job-views';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { invalidJobInput, PermanentJobError } from './errors';
import type { CancelWhy } from '../queue/job-cancel';

/**
 * The work stopped because the job was cancelled (src/queue/job-cancel.ts). `bill` is what was produced
 * before it stopped (a streamed text's prompt and the tokens written so far; nothing when it never
 * started): `runRequestJob` fails the row with `cancelled`, bills that and frees the rest of the hold.
 */
export class JobCancelled extends PermanentJobError {
  constructor(
    readonly why: CancelWhy,
    readonly bill: BillLine[],
  ) {
    super({
      code: 'cancelled',
      message:
        why === 'client_gone'
          ? 'The job was cancelled: its streaming client went away and no one else was reading its events.'
          : 'The job was cancelled on request (POST /v1/jobs/{id}/cancel).',
    });
    this.name = 'JobCancelled';
  }
}

export interface RequestJobOutcome<R extends object = object> {
  /** The response body the original endpoint answers with: its definition's `request.result`. */
  result: R;
  bill: BillLine[];
  files?: NewCdnFile[];
  /**
   * Rows the result depends on, written in the same transaction that completes the job (only when it
   * completes it now). Resolves to how many webhook events it recorded, so the relay is woken.
   */
  persist?: (tx: Tx) => Promise<number>;
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
export async function runRequestJob<D extends RequestJobDefinition>(
  ctx: JobRun,
  def: D,
  id: string,
  work: (row: JobRow, input: v.InferOutput<D['request']['input']>) => Promise<RequestJobOutcome<v.InferInput<D['request']['result']> & object>>,
): Promise<void> {
  const { rt } = ctx;
  const row = await startJobAttempt(rt.db, id);
  if (!row) {
    const existing = await findJob(rt.db, id);
    if (!existing) throw new PermanentJobError({ code: 'not_found', message: `Job ${id} no longer exists.` });
    ctx.log.info({ jobId: id, status: existing.status }, 'job already finished; nothing to do');
    return;
  }
  // The row's input as the definition says the route wrote it: parsed once, here, for every kind.
  const parsed = v.safeParse(def.request.input, row.input);
  if (!parsed.success) throw invalidJobInput(parsed.issues[0].message);
  const outcome = await work(row, parsed.output).catch(async (err: unknown) => {
    if (err instanceof JobCancelled) await settleCancelled(ctx, row, err);
    throw err;
  });
  if (rt.config.KILN_FAULT === 'hold-before-commit-until-sigterm') {
    const stopping = new Promise((resolve) => process.once('SIGTERM', resolve));
    ctx.log.warn({ jobId: id }, 'fault injection: holding the finished job until SIGTERM');
    await stopping;
  }
  const periodKey = billingPeriodOf(new Date()).key;
  const committed = await rt.db.transaction(async (tx) => {
    const done = await completeJob(tx, id, outcome.result);
    if (!done) return { stored: false, billed: false, events: 0 };
    await recordCdnFiles(tx, outcome.files ?? []);
    let events = (await outcome.persist?.(tx)) ?? 0;
    // What the request held of the quota becomes its bill, in this transaction.
    const bill = await billRequest(tx, row, outcome.bill, periodKey);
    events += bill.events;
    if (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'job.completed', data: finishedJobView(done) })) events++;
    return { stored: true, billed: bill.billed, events };
  });
  if (rt.config.KILN_FAULT === 'crash-after-commit') {
    ctx.log.warn({ jobId: id }, 'fault injection: crashing after commit');
    process.exit(86);
  }
  // Usage first: Redis delivers in order, so a caller woken by "done" never reads stale usage.
  if (committed.billed) await announceUsageChange(rt.redis, rt.channels.usageChanged, row.accountId);
  if (committed.events > 0) await announceWebhookEvents(rt, ctx.log, row.accountId);
  if (outcome.announce) {
    const result = committed.stored ? outcome.result : ((await findJob(rt.db, id))?.result as object | undefined);
    if (result)
      await outcome.announce(result).catch((err: Error) => ctx.log.warn({ err: { message: err.message }, jobId: id }, 'announcing the result failed'));
  }
  await rt.jobEvents.publishDone(id);
}

/**
 * A cancelled job's row: failed with `cancelled`, billed for what was produced (the ledger's unique key
 * keeps a second settlement from billing again), the hold released, `job.failed` recorded, all in one
 * transaction. The stream's `error` event and the "done" message come from the processor's final failure.
 */
async function settleCancelled(ctx: JobRun, row: JobRow, cancelled: JobCancelled): Promise<void> {
  const { rt } = ctx;
  const periodKey = billingPeriodOf(new Date()).key;
  const settled = await rt.db.transaction(async (tx) => {
    const failed = await failJob(tx, row.id, cancelled.error);
    if (!failed) return null;
    const bill = await billRequest(
      tx,
      row,
      cancelled.bill.filter((line) => line.quantity > 0),
      periodKey,
    );
    let events = bill.events;
    if (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'job.failed', data: finishedJobView(failed) })) events++;
    return { billed: bill.billed, events };
  });
  ctx.log.info({ jobId: row.id, why: cancelled.why, bill: cancelled.bill, settled: Boolean(settled) }, 'job cancelled');
  if (settled?.billed) await announceUsageChange(rt.redis, rt.channels.usageChanged, row.accountId);
  if (settled && settled.events > 0) await announceWebhookEvents(rt, ctx.log, row.accountId);
}

/**
 * The caller waiting on a request row gets this error as its answer; `job.failed` is recorded with the
 * change, and `alsoInTx` (a file upload's `file.failed`) runs in the same transaction when the row did
 * fail now (not when an earlier run had already finished it). It returns how many events it recorded.
 */
export async function failRequestJob(
  ctx: JobRun,
  payload: { id: string },
  error: JobError,
  alsoInTx?: (tx: Tx, failed: JobRow) => Promise<number>,
): Promise<void> {
  const { rt } = ctx;
  const failed = await rt.db.transaction(async (tx) => {
    const row = await failJob(tx, payload.id, error);
    if (!row) return null;
    // Nothing is billed for a failure: what the request held of the quota is free again.
    await releaseReservation(tx, row.id);
    let events = (await alsoInTx?.(tx, row)) ?? 0;
    if (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'job.failed', data: finishedJobView(row) })) events++;
    return { accountId: row.accountId, events };
  });
  if (failed && failed.events > 0) await announceWebhookEvents(rt, ctx.log, failed.accountId);
  await rt.jobEvents.publishDone(payload.id).catch(() => {});
}
