import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export interface DueDelivery {
  id: string;
  /** Attempts recorded so far: the lost job is the one for the attempt after them. */
  attempts: number;
}

/**
 * Pending deliveries whose next attempt was due before `dueBefore` (a first attempt is due when the
 * delivery is written), oldest first. Uses the partial index webhook_deliveries_pending_due_idx, so its
 * cost follows the pending deliveries, not the whole log.
 */
export async function findOverdueDeliveries(db: DbOrTx, dueBefore: Date, limit: number): Promise<DueDelivery[]> {
  const rows = await db.execute<{ id: string; attempts: number; [k: string]: unknown }>(sql`
    SELECT id, attempts FROM webhook_deliveries
    WHERE status = 'pending' AND coalesce(next_attempt_at, created_at) < ${dueBefore.toISOString()}::timestamptz
    ORDER BY coalesce(next_attempt_at, created_at)
    LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, attempts: r.attempts }));
}
