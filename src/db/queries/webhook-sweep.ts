import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export interface DueDelivery {
  id: string;
  /** The endpoint's account, whose turn the requeued attempt takes. */
  accountId: string;
  /** Attempts recorded so far: the lost job is the one for the attempt after them. */
  attempts: number;
}

/**
 * Pending deliveries whose next attempt was due before `dueBefore` (a first attempt is due when the
 * delivery is written), oldest first. Uses the partial index webhook_deliveries_pending_due_idx, so its
 * cost follows the pending deliveries, not the whole log.
 */
export async function findOverdueDeliveries(db: DbOrTx, dueBefore: Date, limit: number): Promise<DueDelivery[]> {
  const rows = await db.execute<{ id: string; attempts: number; account_id: string; [k: string]: unknown }>(sql`
    SELECT d.id, d.attempts, e.account_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.status = 'pending' AND coalesce(d.next_attempt_at, d.created_at) < ${dueBefore.toISOString()}::timestamptz
    ORDER BY coalesce(d.next_attempt_at, d.created_at)
    LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, accountId: r.account_id, attempts: r.attempts }));
}
