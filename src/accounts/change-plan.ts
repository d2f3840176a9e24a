import { eq } from 'drizzle-orm';
import type { RedisClient } from '../redis';
import type { Db } from '../db/client';
import type { PlanId } from '../db/queries/accounts';
import { accounts, auditEvents } from '../db/schema';
import { announceAccountChange } from './principal-cache';

/** Who changed the plan, as the audit log records it. */
export interface PlanChangeActor {
  /** The dashboard user, or null for an operator at the CLI. */
  userId: string | null;
  /** As shown in the audit log: the user's email, or "operator". */
  name: string;
  ip?: string | null;
}

export const OPERATOR: PlanChangeActor = { userId: null, name: 'operator' };

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
  input: { accountId: string; planId: PlanId; actor: PlanChangeActor },
): Promise<PlanChange | null> {
  const change = await db.transaction(async (tx) => {
    const [current] = await tx.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, input.accountId)).for('update');
    if (!current) return null;
    if (current.planId !== input.planId) {
      await tx.update(accounts).set({ planId: input.planId }).where(eq(accounts.id, input.accountId));
      await tx.insert(auditEvents).values({
        accountId: input.accountId,
        actorUserId: input.actor.userId,
        actor: input.actor.name,
        action: 'account.plan_changed',
        target: input.accountId,
        detail: { from: current.planId, to: input.planId },
        ip: input.actor.ip ?? null,
      });
    }
    return { accountId: input.accountId, from: current.planId, to: input.planId };
  });
  // After the commit: a process that evicts and reads again must find the new plan.
  if (change) await announceAccountChange(events.publisher, events.channel, change.accountId);
  return change;
}
