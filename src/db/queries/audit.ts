import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { auditEvents, type AuditAction } from '../schema';

export interface AuditEntry {
  accountId: string;
  actorUserId: string | null;
  actor: string;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditEvents).values({ ...entry, target: entry.target ?? null, detail: entry.detail ?? null, ip: entry.ip ?? null });
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
