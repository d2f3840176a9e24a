import { and, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { accounts, invitations, memberships, passwordResets, sessions, users } from '../schema';

export async function insertSession(
  db: DbOrTx,
  input: { tokenHash: string; userId: string; accountId: string; csrfToken: string; expiresAt: Date; userAgent: string | null; ip: string | null },
) {
  await db.insert(sessions).values(input);
}

/**
 * The live session behind a cookie, with who it is and which account they act in; null when it does not
 * exist, has been idle longer than `idleMs`, passed its absolute end, or the membership was removed.
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, idleMs: number) {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      accountId: accounts.id,
      accountName: accounts.name,
      planId: accounts.planId,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.accountId, sessions.accountId)))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`)),
    );
  return row ?? null;
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

export async function touchSession(db: DbOrTx, tokenHash: string) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Removes sessions past either end, and one-time links that were used or expired, so the tables hold
 * what can still be used. Returns how many rows of each went.
 */
export async function deleteEndedSessionsAndLinks(db: DbOrTx, idleMs: number) {
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`)))
    .returning({ tokenHash: sessions.tokenHash });
  const invites = await db
    .delete(invitations)
    .where(or(isNotNull(invitations.acceptedAt), lt(invitations.expiresAt, sql`now()`)))
    .returning({ tokenHash: invitations.tokenHash });
  const resets = await db
    .delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now()`)))
    .returning({ tokenHash: passwordResets.tokenHash });
  return { sessions: ended.length, invitations: invites.length, passwordResets: resets.length };
}
