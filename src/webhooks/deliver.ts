import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { loadDeliveryForAttempt } from '../db/queries/webhooks';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from '../db/schema';
import { randomBase62 } from '../ids';
import { FetchRefusedError } from '../net/fetch-refused-error';
import { guardedPost } from '../net/guarded-post';
import type { Runtime } from '../runtime';
import { attemptJobId } from './delivery-ids';
import { webhookHeaders } from './signature';

/** Five days of failures without a success disable an endpoint (Standard Webhooks' advice; Svix does the same). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How much of a receiver's answer the delivery log keeps. */
export const EXCERPT_CHARS = 500;

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
 * without any network contact and counts as a failure.
 */
export async function attemptDelivery(rt: Deps, job: AttemptJob): Promise<AttemptOutcome> {
  const row = await loadDeliveryForAttempt(rt.db, job.id);
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
    const answer = await guardedPost(endpoint.url, Buffer.from(body), headers, {
      allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
      timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS,
      excerptChars: EXCERPT_CHARS,
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

  const status = await rt.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, statusCode, durationMs, responseExcerpt: excerpt.slice(0, EXCERPT_CHARS) });
    let disabled = false;
    if (ok) {
      // Only a failing endpoint is written: a healthy one's row is not locked by every delivery to it,
      // which would serialise all of them.
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)));
    } else {
      // 410 Gone: the receiver asks for no more (the spec's advice); otherwise five days without a success.
      const reason =
        statusCode === 410
          ? 'The endpoint answered 410 Gone.'
          : `Every delivery failed for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days (last: ${statusCode === null ? excerpt.slice(0, 200) : `HTTP ${statusCode}`}).`;
      const [ep] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
          disabledAt: sql`CASE WHEN ${statusCode === 410} OR ${webhookEndpoints.failingSince} < now() - make_interval(secs => ${DISABLE_AFTER_FAILING_MS / 1000}) THEN coalesce(${webhookEndpoints.disabledAt}, now()) ELSE ${webhookEndpoints.disabledAt} END`,
          disabledReason: sql`CASE WHEN ${statusCode === 410} OR ${webhookEndpoints.failingSince} < now() - make_interval(secs => ${DISABLE_AFTER_FAILING_MS / 1000}) THEN coalesce(${webhookEndpoints.disabledReason}, ${reason}) ELSE ${webhookEndpoints.disabledReason} END`,
        })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ disabledAt: webhookEndpoints.disabledAt });
      disabled = Boolean(ep?.disabledAt);
    }
    const status: WebhookDeliveryStatus = ok ? 'succeeded' : retryDelay !== null && !disabled ? 'pending' : 'failed';
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: job.attempt,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: status === 'pending' ? sql`now() + make_interval(secs => ${retryDelay! / 1000})` : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return status;
  });

  if (status === 'pending' && rt.config.KILN_FAULT === 'crash-before-retry-queued') {
    rt.log.warn({ delivery: delivery.id }, 'fault injection: crashing between recording a failed attempt and queueing the next');
    process.exit(86);
  }
  if (status === 'pending') {
    const next = job.attempt + 1;
    await rt.queues.enqueue('webhook.deliver', { id: delivery.id, attempt: next }, { jobId: attemptJobId(delivery.id, next), delay: retryDelay! });
  }
  return status;
}

/** Queues a replay: one attempt now, whatever the delivery's outcome was; random jobId, as a replay may follow a replay. */
export async function enqueueReplay(rt: Pick<Runtime, 'queues'>, deliveryId: string, attemptsSoFar: number): Promise<void> {
  await rt.queues.enqueue(
    'webhook.deliver',
    { id: deliveryId, attempt: attemptsSoFar + 1, replay: true },
    { jobId: `${deliveryId}-r${randomBase62(10).toLowerCase()}` },
  );
}
