import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookDeliveryStatus } from '../schema';
import { keysetPage, type Page, type PageRequest } from './keyset-page';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertWebhookEndpoint(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
  const [created] = await db.insert(webhookEndpoints).values(row).returning();
  return created!;
}

/**
 * Inserts the endpoint unless its account already has `max` of them (null then). Creations for one
 * account are serialized by a transaction-scoped advisory lock, so parallel requests cannot all count
 * the same total and overshoot the cap.
 */
export async function insertWebhookEndpointWithin(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert, max: number): Promise<WebhookEndpointRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${row.accountId}`}))`);
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, row.accountId));
    if ((counted?.n ?? 0) >= max) return null;
    return insertWebhookEndpoint(tx, row);
  });
}

/** Another account's endpoint is simply not found. */
export async function findAccountWebhookEndpoint(db: DbOrTx, accountId: string, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  return row ?? null;
}

export async function listAccountWebhookEndpoints(db: DbOrTx, accountId: string, page: PageRequest): Promise<Page<WebhookEndpointRow>> {
  return keysetPage(webhookEndpoints, page, ({ where, orderBy, limit }) =>
    db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), where))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/** Deletes the endpoint with its deliveries and their attempts (cascade); queued attempts then find nothing to do. */
export async function deleteAccountWebhookEndpoint(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .returning({ id: webhookEndpoints.id });
  return gone.length > 0;
}

/** Changes the given settings of the account's endpoint; null when the account has no such endpoint. */
export async function updateAccountWebhookEndpoint(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<Pick<WebhookEndpointRow, 'url' | 'eventTypes' | 'description'>>,
): Promise<WebhookEndpointRow | null> {
  if (Object.keys(changes).length === 0) return findAccountWebhookEndpoint(db, accountId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .returning();
  return row ?? null;
}

/**
 * Enables a disabled endpoint of the account again: clears when and why it was disabled and its failure
 * streak, so the five days start over. An endpoint that is not disabled is left as it is (a failing one
 * keeps its streak: enabling is not a way to hold off disabling); `changed` says which happened, one
 * statement deciding it, so two requests at once change (and audit) it once. Null when the account has
 * no such endpoint.
 */
export async function enableAccountWebhookEndpoint(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<{ endpoint: WebhookEndpointRow; changed: boolean } | null> {
  const [enabled] = await db
    .update(webhookEndpoints)
    .set({ failingSince: null, disabledAt: null, disabledReason: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId), isNotNull(webhookEndpoints.disabledAt)))
    .returning();
  if (enabled) return { endpoint: enabled, changed: true };
  const endpoint = await findAccountWebhookEndpoint(db, accountId, id);
  return endpoint ? { endpoint, changed: false } : null;
}

/** A delivery as the log shows it: with its event's type and its latest attempt. */
export interface DeliveryLogRow {
  delivery: WebhookDeliveryRow;
  eventType: string;
  last: { at: Date; statusCode: number | null; durationMs: number; responseExcerpt: string | null } | null;
}

export async function findEndpointDelivery(db: DbOrTx, endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

/** The endpoint's deliveries, newest first (keyset paging), each with its latest attempt: two statements per page. */
export async function listEndpointDeliveries(db: DbOrTx, endpointId: string, page: PageRequest): Promise<Page<DeliveryLogRow>> {
  const rows = await keysetPage(webhookDeliveries, page, ({ where, orderBy, limit }) =>
    db
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.endpointId, endpointId), where))
      .orderBy(...orderBy)
      .limit(limit),
  );
  const lasts = await latestAttempts(
    db,
    rows.rows.map((r) => r.delivery.id),
  );
  return { hasMore: rows.hasMore, rows: rows.rows.map((r) => ({ ...r, last: lasts.get(r.delivery.id) ?? null })) };
}

export async function latestAttempts(db: DbOrTx, deliveryIds: string[]): Promise<Map<string, NonNullable<DeliveryLogRow['last']>>> {
  if (deliveryIds.length === 0) return new Map();
  const attempts = await db
    .selectDistinctOn([webhookAttempts.deliveryId], {
      deliveryId: webhookAttempts.deliveryId,
      at: webhookAttempts.at,
      statusCode: webhookAttempts.statusCode,
      durationMs: webhookAttempts.durationMs,
      responseExcerpt: webhookAttempts.responseExcerpt,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.id));
  return new Map(attempts.map(({ deliveryId, ...a }) => [deliveryId, a]));
}

/** Everything one attempt needs, in one statement; null when the delivery (or its endpoint) was deleted. */
export async function loadDeliveryForAttempt(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      event: { id: webhookEvents.id, type: webhookEvents.type, data: webhookEvents.data, createdAt: webhookEvents.createdAt },
      endpoint: {
        id: webhookEndpoints.id,
        accountId: webhookEndpoints.accountId,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        disabledAt: webhookEndpoints.disabledAt,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/** Marks a delivery `pending` again for a replay, unless it already is; answers its attempts so far, or null. */
export async function reopenDelivery(db: DbOrTx, id: string): Promise<number | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning({ attempts: webhookDeliveries.attempts });
  return row ? row.attempts : null;
}

/** One delivery of the endpoint as the log shows it, or null. */
export async function findDeliveryLogRow(db: DbOrTx, endpointId: string, id: string): Promise<DeliveryLogRow | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) return null;
  return { ...row, last: (await latestAttempts(db, [id])).get(id) ?? null };
}

export type DeliveryForAttempt = NonNullable<Awaited<ReturnType<typeof loadDeliveryForAttempt>>>;

/** What loadDeliveryForAttempt answers, for many deliveries in one statement (the delivery workers' batches). */
export async function loadDeliveriesForAttempt(db: DbOrTx, ids: string[]): Promise<Map<string, DeliveryForAttempt>> {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      event: { id: webhookEvents.id, type: webhookEvents.type, data: webhookEvents.data, createdAt: webhookEvents.createdAt },
      endpoint: {
        id: webhookEndpoints.id,
        accountId: webhookEndpoints.accountId,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        disabledAt: webhookEndpoints.disabledAt,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  return new Map(rows.map((r) => [r.delivery.id, r]));
}

/** One attempt as the batch writes it (src/webhooks/attempt-batch.ts builds these). */
export interface AttemptRow {
  seq: number;
  deliveryId: string;
  endpointId: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  excerpt: string;
  ok: boolean;
  /** Seconds until the next attempt when the schedule has one; null when this attempt is the last. */
  retrySecs: number | null;
}

/** What a batch does to one endpoint's health (src/webhooks/attempt-batch.ts). */
export interface EndpointHealthChange {
  endpointId: string;
  /** The endpoint's last attempt in the batch succeeded: it is healthy (failing_since cleared). */
  lastOk: boolean;
  /** A success came before the last failure: failing starts afresh at this batch. */
  anyOk: boolean;
  /** The batch's first attempt failed: an endpoint already failing past the limit is disabled by it. */
  firstFailed: boolean;
  /** A 410 Gone answer: disabled whatever else happened. */
  gone: boolean;
  /** The disabled reason to record should this batch disable it. */
  reason: string;
}

/**
 * Records a batch of attempts in one statement (so one round trip and one commit): the endpoints' health
 * first (a failing one is written, and disabled after `disableAfterSecs` of failures or a 410; a healthy
 * one's row is left alone so deliveries to it do not queue on its lock), then each delivery's status,
 * then the attempt rows for the deliveries that still exist (an endpoint deleted meanwhile took its
 * deliveries with it). Answers each attempt's delivery status, or null for a delivery that is gone.
 */
export async function recordAttemptBatch(
  db: DbOrTx,
  attempts: AttemptRow[],
  endpoints: EndpointHealthChange[],
  disableAfterSecs: number,
): Promise<Map<number, WebhookDeliveryStatus | null>> {
  // e.failing_since is the value before this statement: the batch's first failure is what ends an
  // endpoint already failing for too long, as it would have one attempt at a time.
  const disables = sql`(h."gone" OR (h."firstFailed" AND e.failing_since < now() - make_interval(secs => ${disableAfterSecs})))`;
  const rows = await db.execute<{ seq: number; status: WebhookDeliveryStatus | null }>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) AS x(
        "seq" int, "deliveryId" text, "endpointId" text, "attempt" int, "statusCode" int, "durationMs" int,
        "excerpt" text, "ok" boolean, "retrySecs" float8)
    ),
    health AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(endpoints)}::jsonb) AS x(
        "endpointId" text, "lastOk" boolean, "anyOk" boolean, "firstFailed" boolean, "gone" boolean, "reason" text)
    ),
    ep AS (
      UPDATE webhook_endpoints e SET
        failing_since = CASE WHEN h."lastOk" THEN NULL WHEN h."anyOk" THEN now() ELSE coalesce(e.failing_since, now()) END,
        disabled_at = CASE WHEN ${disables} THEN coalesce(e.disabled_at, now()) ELSE e.disabled_at END,
        disabled_reason = CASE WHEN ${disables} THEN coalesce(e.disabled_reason, h."reason") ELSE e.disabled_reason END
      FROM health h
      WHERE e.id = h."endpointId" AND (NOT h."lastOk" OR e.failing_since IS NOT NULL)
      RETURNING e.id, e.disabled_at, e.account_id, e.url, e.disabled_reason
    ),
    disabled AS (
      -- Disabled by this statement (coalesce kept an earlier time otherwise; now() is this transaction's, at the column's precision): Kiln
      -- itself did it, recorded in the account's audit trail with the change.
      INSERT INTO audit_events (account_id, actor_kind, actor, action, target, detail)
      SELECT ep.account_id, 'system', 'system', 'webhook.disabled', ep.id, jsonb_build_object('url', ep.url, 'reason', ep.disabled_reason)
      FROM ep WHERE ep.disabled_at = now()::timestamptz(3)
    ),
    upd AS (
      UPDATE webhook_deliveries d SET
        status = CASE WHEN i."ok" THEN 'succeeded' WHEN i."retrySecs" IS NOT NULL AND ep.disabled_at IS NULL THEN 'pending' ELSE 'failed' END,
        attempts = i."attempt",
        last_attempt_at = now(),
        next_attempt_at = CASE WHEN NOT i."ok" AND i."retrySecs" IS NOT NULL AND ep.disabled_at IS NULL
          THEN now() + make_interval(secs => i."retrySecs") END
      FROM input i LEFT JOIN ep ON ep.id = i."endpointId"
      WHERE d.id = i."deliveryId"
      RETURNING d.id, d.status
    ),
    logged AS (
      INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, response_excerpt)
      SELECT i."deliveryId", i."statusCode", i."durationMs", i."excerpt"
      FROM input i WHERE i."deliveryId" IN (SELECT id FROM upd)
      ORDER BY i."seq"
    )
    SELECT i."seq", (SELECT upd.status FROM upd WHERE upd.id = i."deliveryId" LIMIT 1) AS status FROM input i`);
  return new Map(rows.map((r) => [Number(r.seq), r.status]));
}
