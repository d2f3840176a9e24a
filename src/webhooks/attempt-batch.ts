import type { Db } from '../db/client';
import { type AttemptRow, type DeliveryForAttempt, type EndpointHealthChange, loadDeliveriesForAttempt, recordAttemptBatch } from '../db/queries/webhooks';
import type { WebhookDeliveryStatus } from '../db/schema';
import { Batcher } from '../lib/batcher';

/** Five days of failures without a success disable an endpoint (Standard Webhooks' advice; Svix does the same). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

/** One attempt's result, before it is given its place in a batch. */
export type AttemptResult = Omit<AttemptRow, 'seq'>;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A receiver's text as Postgres takes it inside the batch's JSON: no NUL (text cannot hold one) and no
 * half of a surrogate pair (jsonb refuses one; cutting an answer at EXCERPT_CHARS can split a pair).
 * One bad excerpt would otherwise fail the whole batch, every other delivery's record with it.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');
}

/** Why an endpoint is disabled, should this failed attempt be the one that disables it. */
export function disableReason(statusCode: number | null, excerpt: string): string {
  // 410 Gone: the receiver asks for no more (the spec's advice); otherwise five days without a success.
  return statusCode === 410
    ? 'The endpoint answered 410 Gone.'
    : storableText(
        `Every delivery failed for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days (last: ${statusCode === null ? excerpt.slice(0, 200) : `HTTP ${statusCode}`}).`,
      );
}

/**
 * What a batch of attempts (in the order they finished) does to each endpoint's health: the same end
 * state as recording them one at a time. The last attempt decides healthy or failing; a success before a
 * failure restarts the failing clock; the first attempt decides whether an endpoint already failing past
 * the limit is disabled now (a success first would have cleared its clock); a 410 anywhere disables.
 */
export function endpointHealthChanges(attempts: AttemptRow[]): EndpointHealthChange[] {
  const byEndpoint = new Map<string, AttemptRow[]>();
  for (const a of [...attempts].sort((x, y) => x.seq - y.seq)) {
    const list = byEndpoint.get(a.endpointId);
    if (list) list.push(a);
    else byEndpoint.set(a.endpointId, [a]);
  }
  return [...byEndpoint].map(([endpointId, list]) => {
    const gone = list.find((a) => a.statusCode === 410);
    const firstFailure = list.find((a) => !a.ok);
    const decisive = gone ?? firstFailure;
    return {
      endpointId,
      lastOk: list.at(-1)!.ok,
      anyOk: list.some((a) => a.ok),
      firstFailed: !list[0]!.ok,
      gone: gone !== undefined,
      reason: decisive ? disableReason(decisive.statusCode, decisive.excerpt) : '',
    };
  });
}

const DEADLOCK = '40P01';
const FLUSH_TRIES = 3;

/**
 * The delivery workers' database work, in batches: the rows an attempt needs are loaded, and attempts
 * recorded, for every job that asks while the previous batch is in flight (src/lib/batcher.ts), so a
 * delivery costs a share of two statements instead of a SELECT and a four-statement transaction of its
 * own. A caller's promise settles once its batch has committed: a job is not acknowledged before its
 * attempt is durable.
 */
export class AttemptBatches {
  private readonly loads: Batcher<string, DeliveryForAttempt | null>;
  private readonly records: Batcher<AttemptResult, WebhookDeliveryStatus | null>;

  constructor(db: Db, maxBatch = 500) {
    this.loads = new Batcher(async (ids) => {
      const found = await loadDeliveriesForAttempt(db, [...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    }, maxBatch);
    this.records = new Batcher(async (results) => {
      const rows = results.map((r, seq) => ({ ...r, excerpt: storableText(r.excerpt), seq }));
      const health = endpointHealthChanges(rows);
      for (let tryNo = 1; ; tryNo++) {
        try {
          const statuses = await recordAttemptBatch(db, rows, health, DISABLE_AFTER_FAILING_MS / 1000);
          return rows.map((r) => statuses.get(r.seq) ?? null);
        } catch (err) {
          // Two processes' batches may lock the same endpoints in opposite orders; the statement is
          // all-or-nothing, so running it again is safe.
          if ((err as { code?: string }).code !== DEADLOCK || tryNo >= FLUSH_TRIES) throw err;
        }
      }
    }, maxBatch);
  }

  /** The delivery with its event and endpoint; null when it (or its endpoint) was deleted. */
  load(deliveryId: string): Promise<DeliveryForAttempt | null> {
    return this.loads.add(deliveryId);
  }

  /** Records the attempt and the delivery's new status (answered; null when the delivery is gone). */
  record(result: AttemptResult): Promise<WebhookDeliveryStatus | null> {
    return this.records.add(result);
  }
}

const perDatabase = new WeakMap<Db, AttemptBatches>();

/** One set of batches per database handle (a process has one; tests have several runtimes). */
export function attemptBatchesFor(db: Db): AttemptBatches {
  let batches = perDatabase.get(db);
  if (!batches) {
    batches = new AttemptBatches(db);
    perDatabase.set(db, batches);
  }
  return batches;
}
