import type { Context } from 'hono';
import type { BillLine } from '../billing/bill-request';
import { QUOTA_THRESHOLDS } from '../billing/bill-usage';
import { billingPeriodOf, currentBillingPeriod } from '../billing/period';
import { announceUsageChange } from '../billing/usage-cache';
import { insertJob, type JobRow } from '../db/queries/jobs';
import { settleRequestRow } from '../db/queries/settle-request';
import { reserveUsage } from '../db/queries/usage';
import type { JobError } from '../db/schema';
import { finishedJobView } from '../queue/job-views';
import { QUEUE_CONFIGS } from '../queue/queue-settings';
import type { RequestJobInput, RequestJobName } from '../queue/registry';
import { productOf, queueOf } from '../queue/registry';
import { providerRetryDelay } from '../queue/retry-backoff';
import type { Runtime } from '../runtime';
import { announceWebhookEvents } from '../webhooks/outbox';
import type { AppEnv } from './context';
import { requestLogger } from './middleware/request-log';
import { type QuotaHold, quotaExceeded } from './quota';

/**
 * A request the web process answers itself, without the queue hop, because its work is a call to another
 * server (an OpenAI-compatible provider) that costs this process no CPU while it waits. It is the same
 * request as a queued one in every way a caller can see afterwards: the quota is held before the call, and
 * one call of the database function `settle_request` writes its row (finished), turns the hold into the bill
 * and records `job.completed` / `job.failed` — so GET /v1/jobs/{id}, the usage ledger and webhooks cannot
 * tell the two apart. Until then the hold exists without a row; if the process dies in between, the
 * maintenance job `usage.release-orphan-holds` gives the hold back.
 */
export interface InPlaceRequest<K extends RequestJobName> {
  id: string;
  kind: K;
  input: RequestJobInput<K>;
  hold: QuotaHold;
  /** When the request arrived: its row's `created_at`. */
  startedAt: Date;
}

type Deps = Pick<Runtime, 'db' | 'redis' | 'channels' | 'queues' | 'usage' | 'jobEvents'>;

/** Holds the request's quota (429 quota_exceeded when it does not fit), as a queued request's row does. */
export async function holdInPlace<K extends RequestJobName>(c: Context<AppEnv>, deps: Pick<Deps, 'db'>, req: InPlaceRequest<K>): Promise<void> {
  const principal = c.get('principal');
  // One statement: no job row is written with it (that comes with the bill).
  const refused = await reserveUsage(deps.db, {
    accountId: principal.accountId,
    metric: req.hold.metric,
    quantity: req.hold.quantity,
    quota: principal.quotas[req.hold.metric],
    sourceId: req.id,
    periodKey: currentBillingPeriod().key,
  });
  if (refused) throw quotaExceeded(principal, req.hold, refused);
}

export type InPlaceEnd = { status: 'succeeded'; result: object; bill: BillLine[] } | { status: 'failed'; error: JobError; bill: BillLine[] };

/**
 * Ends the request: its row written finished, the hold turned into `end.bill` (nothing, for a failure that
 * produced nothing) and the job event recorded, atomically; then whoever watches usage and webhooks is told.
 * Answers the row as stored.
 */
export async function settleInPlace<K extends RequestJobName>(c: Context<AppEnv>, deps: Deps, req: InPlaceRequest<K>, end: InPlaceEnd): Promise<JobRow> {
  const principal = c.get('principal');
  const now = new Date();
  const period = billingPeriodOf(now);
  const row: JobRow = {
    id: req.id,
    accountId: principal.accountId,
    keyId: principal.keyId,
    kind: req.kind,
    status: end.status,
    input: req.input,
    result: end.status === 'succeeded' ? end.result : null,
    error: end.status === 'failed' ? end.error : null,
    attempts: 1,
    createdAt: req.startedAt,
    updatedAt: now,
    completedAt: now,
  };
  const event = {
    accountId: row.accountId,
    type: end.status === 'succeeded' ? ('job.completed' as const) : ('job.failed' as const),
    data: finishedJobView(row),
  };
  // One statement (src/db/queries/settle-request.ts), atomic by itself: the row, the bill and the events.
  const settled = await settleRequestRow(deps.db, {
    row,
    product: productOf(row.kind),
    lines: end.bill,
    period,
    event,
    thresholds: QUOTA_THRESHOLDS,
    quotas: principal.quotas,
  });
  // A row already there was settled by an earlier call, which billed it: nothing was written now.
  if (!settled.stored) throw new Error(`request ${req.id} was settled twice`);
  // Whoever reads usage after this answer must see the bill (see UsageCache.forget); other web processes are
  // told before the answer leaves, as a worker tells them before it says "done".
  deps.usage.forget(principal.accountId);
  const log = requestLogger(c);
  await Promise.all([
    settled.billed ? announceUsageChange(deps.redis, deps.channels.usageChanged, principal.accountId).catch(() => {}) : null,
    settled.events > 0 ? announceWebhookEvents(deps, log, principal.accountId).catch(() => {}) : null,
    // Only a cancel has someone waiting for the row (POST /v1/jobs/{id}/cancel); the caller is here.
    end.status === 'failed' && end.error.code === 'cancelled' ? deps.jobEvents.publishDone(req.id).catch(() => {}) : null,
  ]);
  return row;
}

/**
 * A request the web process will not answer itself after all goes to the queue: its row written `queued`
 * (the hold it took stays, under the same id) and its job added — at once when the account's lane was full
 * (`failure` undefined), or, for a call that failed the way the queue retries (a 5xx, a 429, a timeout, a
 * broken connection), after the wait the queue's own backoff gives a first failure (the provider's
 * `retry-after`, when it sent one). From here it is a queued request, with the queue's retries; the caller
 * waits for it as for any.
 */
export async function handOverToQueue<K extends RequestJobName>(c: Context<AppEnv>, deps: Deps, req: InPlaceRequest<K>, failure?: unknown): Promise<void> {
  const principal = c.get('principal');
  await insertJob(deps.db, { id: req.id, accountId: principal.accountId, keyId: principal.keyId, kind: req.kind, input: req.input });
  const backoff = QUEUE_CONFIGS[queueOf(req.kind)].defaultJobOptions.backoff;
  const delay = failure === undefined ? 0 : providerRetryDelay(1, typeof backoff === 'object' ? (backoff.delay ?? 1_000) : 1_000, failure);
  const log = requestLogger(c);
  if (failure !== undefined)
    log.info({ jobId: req.id, delayMs: delay, err: { message: (failure as Error).message } }, 'provider call failed in place; queued for retry');
  try {
    await deps.queues.enqueue(req.kind, { id: req.id }, { jobId: req.id, account: principal.accountId, ...(delay > 0 ? { delay } : {}) });
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, jobId: req.id }, 'enqueue failed; the sweeper will retry');
  }
}
