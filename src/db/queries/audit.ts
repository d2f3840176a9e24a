import { and, desc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/actor';
import type { DbOrTx } from '../client';
import { type ActorKind, type AuditAction, auditEvents } from '../schema';

export interface AuditEntry {
  accountId: string;
  actor: Actor;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

export type AuditRow = typeof auditEvents.$inferSelect;

/** The row an entry becomes (also for statements that insert audit rows with their change, as the deployment intake). */
export function auditValues(entry: AuditEntry) {
  const { actor } = entry;
  return {
    accountId: entry.accountId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorUserId: actor.kind === 'user' ? actor.id : null,
    actorKeyPrefix: actor.kind === 'api_key' ? (actor.keyPrefix ?? null) : null,
    actor: actor.label,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: actor.ip ?? null,
  };
}

/** One audit row; pass the change's transaction, so the row commits with the change or not at all. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditEvents).values(auditValues(entry));
}

/** Newest first, `limit` at a time, continuing below the id of the last one shown. */
export async function listAudit(db: DbOrTx, accountId: string, opts: { limit: number; before?: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), opts.before === undefined ? undefined : lt(auditEvents.id, opts.before)))
    .orderBy(desc(auditEvents.id))
    .limit(opts.limit);
}

export interface AuditFilter {
  actorKind?: ActorKind;
  /** An actor's id (a key id, a user id, a hook id) or an API key's display prefix. */
  actor?: string;
  /** An action, or a prefix of actions when it ends in `.` (`deployment.`). */
  action?: string;
  actionPrefix?: boolean;
  createdGte?: Date;
  createdLte?: Date;
}

/**
 * One page of an account's events, newest first by id (ids only grow). `after` continues below an id (older),
 * `before` above one (newer); one extra row says whether there is more in the direction paged.
 */
export async function pageAudit(
  db: DbOrTx,
  accountId: string,
  filter: AuditFilter,
  page: { limit: number; after?: number; before?: number },
): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
  const conditions: (SQL | undefined)[] = [eq(auditEvents.accountId, accountId)];
  if (filter.actorKind) conditions.push(eq(auditEvents.actorKind, filter.actorKind));
  if (filter.actor) conditions.push(or(eq(auditEvents.actorId, filter.actor), eq(auditEvents.actorKeyPrefix, filter.actor)));
  if (filter.action) {
    conditions.push(
      filter.actionPrefix ? sql`${auditEvents.action} like ${`${filter.action.replace(/[\\%_]/g, '\\$&')}%`}` : sql`${auditEvents.action} = ${filter.action}`,
    );
  }
  if (filter.createdGte) conditions.push(gte(auditEvents.at, filter.createdGte));
  if (filter.createdLte) conditions.push(lte(auditEvents.at, filter.createdLte));
  if (page.before !== undefined) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(...conditions, gt(auditEvents.id, page.before)))
      .orderBy(auditEvents.id)
      .limit(page.limit + 1);
    return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit };
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions, page.after === undefined ? undefined : lt(auditEvents.id, page.after)))
    .orderBy(desc(auditEvents.id))
    .limit(page.limit + 1);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
