import { eq } from 'drizzle-orm';
import type { RedisClient } from '../redis';
import type { Db } from '../db/client';
import type { PlanId } from '../db/queries/accounts';
import { accounts } from '../db/schema';
import { recordAudit } from '../db/queries/audit';
import type { Actor } from '../audit/actor';
import { announceAccountChange } from './principal-cache';

export interface PlanChange {
  accountId: string;
  from: string;
  to: PlanId;
}

/**
 * Moves an account to another plan: the update and its audit row commit together, then the account id
 * is published on the account-changed channel so every API process drops the account's cached
 * principals and its next request meets the new features, quotas and rate limit. Returns null when
 * there is no such account. Setting the plan it already has writes nothing but still publishes, so
 * running it again also repairs caches that missed a message.
 */
export async function changePlan(
  db: Db,
  events: { publisher: RedisClient; channel: string },
  input: { accountId: string; planId: PlanId; actor: Actor },
): Promise<PlanChange | null> {
  const change = await db.transaction(async (tx) => {
    const [current] = await tx.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, input.accountId)).for('update');
    if (!current) return null;
    if (current.planId !== input.planId) {
      await tx.update(accounts).set({ planId: input.planId }).where(eq(accounts.id, input.accountId));
      await recordAudit(tx, {
        accountId: input.accountId,
        actor: input.actor,
        action: 'account.plan_changed',
        target: input.accountId,
        detail: { from: current.planId, to: input.planId },
      });
    }
    return { accountId: input.accountId, from: current.planId, to: input.planId };
  });
  // After the commit: a process that evicts and reads again must find the new plan.
  if (change) await announceAccountChange(events.publisher, events.channel, change.accountId);
  return change;
}
