import { eq } from 'drizzle-orm';
import { webhookDeliveries, type WebhookDeliveryStatus } from '../db/schema';
import { randomBase62 } from '../ids';
import { FetchRefusedError } from '../net/fetch-refused-error';
import { guardedPost } from '../net/guarded-post';
import { PinnedAgents } from '../net/pinned-agents';
import { webhookDeliveryLag } from '../metrics';
import type { Runtime } from '../runtime';
import { withPostSpan } from '../tracing/http-client-span';
import { annotateActiveSpan } from '../tracing/job-spans';
import { attemptBatchesFor } from './attempt-batch';
import { attemptJobId } from './delivery-ids';
import { webhookHeaders } from './signature';

/** How much of a receiver's answer the delivery log keeps. */
export const EXCERPT_CHARS = 500;

/**
 * Connections to receivers, kept alive and reused per (endpoint origin, checked addresses): a busy
 * endpoint is not paid a TCP (and TLS) handshake per delivery, and gets at most this many at once.
 */
export const SOCKETS_PER_ENDPOINT = 32;
const webhookAgents = new PinnedAgents({ maxSocketsPerTarget: SOCKETS_PER_ENDPOINT, idleMs: 4_000, maxTargets: 1_000 });

type Deps = Pick<Runtime, 'db' | 'config' | 'queues' | 'log'>;

export interface AttemptJob {
  id: string;
  attempt: number;
  replay?: boolean;
}

export type AttemptOutcome = 'gone' | 'already_made' | 'not_pending' | 'endpoint_disabled' | WebhookDeliveryStatus;

/** The body every receiver gets: the Standard Webhooks envelope, `timestamp` being when the event happened. */
export function webhookBody(event: { type: string; data: Record<string, unknown>; createdAt: Date }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

/**
 * Makes one attempt of a delivery and records it; on failure queues the next attempt on the retry
 * schedule (none after a replay's attempt, or once the schedule is used up). A job whose attempt was
 * already recorded does nothing, so a job run twice (a worker died after recording) sends once more at
 * most. Redirects are not followed (a 3xx fails), and only a 2xx succeeds. A refused address is recorded
 * without any network contact and counts as a failure. The loading and the recording share their
 * statements with the process's other deliveries under way (src/webhooks/attempt-batch.ts).
 */
export async function attemptDelivery(rt: Deps, job: AttemptJob): Promise<AttemptOutcome> {
  const batches = attemptBatchesFor(rt.db);
  const row = await batches.load(job.id);
  if (!row) return 'gone';
  const { delivery, event, endpoint } = row;
  if (delivery.attempts >= job.attempt) return 'already_made';
  if (delivery.status !== 'pending') return 'not_pending';
  if (endpoint.disabledAt) {
    await rt.db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    return 'endpoint_disabled';
  }

  const body = webhookBody(event);
  const headers = { 'content-type': 'application/json', ...webhookHeaders(endpoint.secret, event.id, Math.floor(Date.now() / 1000), body) };
  const started = performance.now();
  let statusCode: number | null = null;
  let excerpt: string;
  try {
    const answer = await withPostSpan(endpoint.url, headers, async (sent, answered) => {
      const a = await guardedPost(endpoint.url, Buffer.from(body), sent, {
        allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
        timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS,
        excerptChars: EXCERPT_CHARS,
        agents: webhookAgents,
      });
      answered(a.status);
      return a;
    });
    statusCode = answer.status;
    excerpt = answer.excerpt;
  } catch (err) {
    if (!(err instanceof FetchRefusedError)) throw err;
    excerpt = err.reason === 'private_address' ? `refused: ${err.message}` : err.message;
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = statusCode !== null && statusCode >= 200 && statusCode <= 299;
  const delays = rt.config.WEBHOOK_RETRY_DELAYS_MS;
  const retryDelay = ok || job.replay || job.attempt > delays.length ? null : delays[job.attempt - 1]!;

  // The attempt and the delivery's next_attempt_at are durable before the retry is queued (and before
  // this job completes), so a worker dying in between loses no record.
  const status = await batches.record({
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    attempt: job.attempt,
    statusCode,
    durationMs,
    excerpt: excerpt.slice(0, EXCERPT_CHARS),
    ok,
    retrySecs: retryDelay === null ? null : retryDelay / 1000,
  });
  annotateActiveSpan({ 'kiln.webhook.delivery_id': delivery.id, 'kiln.webhook.event_id': event.id, 'kiln.webhook.outcome': status ?? 'gone' });
  if (status === null) return 'gone';
  if (status === 'succeeded') webhookDeliveryLag.observe((Date.now() - event.createdAt.getTime()) / 1000);

  if (status === 'pending' && rt.config.KILN_FAULT === 'crash-before-retry-queued') {
    rt.log.warn({ delivery: delivery.id }, 'fault injection: crashing between recording a failed attempt and queueing the next');
    process.exit(86);
  }
  if (status === 'pending') {
    const next = job.attempt + 1;
    await rt.queues.enqueue(
      'webhook.deliver',
      { id: delivery.id, attempt: next },
      {
        jobId: attemptJobId(delivery.id, next),
        delay: retryDelay!,
        account: endpoint.accountId,
      },
    );
  }
  return status;
}

/** Queues a replay: one attempt now, whatever the delivery's outcome was; random jobId, as a replay may follow a replay. */
export async function enqueueReplay(rt: Pick<Runtime, 'queues'>, deliveryId: string, attemptsSoFar: number, accountId: string): Promise<void> {
  await rt.queues.enqueue(
    'webhook.deliver',
    { id: deliveryId, attempt: attemptsSoFar + 1, replay: true },
    { jobId: `${deliveryId}-r${randomBase62(10).toLowerCase()}`, account: accountId },
  );
}
