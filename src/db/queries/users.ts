import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '../../ids';
import type { DbOrTx } from '../client';
import { accounts, invitations, memberships, passwordResets, sessions, users, type MemberRole } from '../schema';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

/** Creates the user and their membership; null when the email is taken (the unique index decides, not a prior read). */
export async function createMember(db: DbOrTx, input: { email: string; passwordHash: string; accountId: string; role: MemberRole }) {
  const [user] = await db
    .insert(users)
    .values({ id: newId('user'), email: normalizeEmail(input.email), passwordHash: input.passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!user) return null;
  await db.insert(memberships).values({ userId: user.id, accountId: input.accountId, role: input.role });
  return user;
}

export async function addMembership(db: DbOrTx, input: { userId: string; accountId: string; role: MemberRole }) {
  await db.insert(memberships).values(input).onConflictDoNothing();
}

/** The account a user works in after signing in: their oldest membership. */
export async function primaryMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ accountId: memberships.accountId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row ?? null;
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

export async function listUsers(db: DbOrTx, accountId?: string) {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      accountId: memberships.accountId,
      accountName: accounts.name,
      role: memberships.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId));
  return (accountId ? query.where(eq(memberships.accountId, accountId)) : query).orderBy(asc(users.createdAt), asc(users.email));
}

export async function createInvitation(db: DbOrTx, input: { tokenHash: string; accountId: string; email: string; role: MemberRole; expiresAt: Date }) {
  await db.insert(invitations).values({ ...input, email: normalizeEmail(input.email) });
}

export async function findOpenInvitation(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: invitations.tokenHash,
      accountId: invitations.accountId,
      accountName: accounts.name,
      email: invitations.email,
      role: invitations.role,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Marks the invitation used; false when another request used it first (the link works once). */
export async function consumeInvitation(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
    .returning({ tokenHash: invitations.tokenHash });
  return rows.length === 1;
}

export async function createPasswordReset(db: DbOrTx, input: { tokenHash: string; userId: string; expiresAt: Date }) {
  await db.insert(passwordResets).values(input);
}

export async function findOpenPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function consumePasswordReset(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ tokenHash: passwordResets.tokenHash });
  return rows.length === 1;
}

/**
 * Takes the user's row lock for the rest of the transaction, so two password changes of one person (two
 * reset links used at once) run one after the other and the second sees the first's effects.
 */
export async function lockUser(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Marks every open reset link of the user used; returns how many there were. */
export async function voidPasswordResets(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .returning({ tokenHash: passwordResets.tokenHash });
  return rows.length;
}

/** Ends every session of the user (after a password change, or "sign out everywhere"). */
export async function endUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Every account the user belongs to, oldest membership first. */
export async function userMemberships(db: DbOrTx, userId: string) {
  return db
    .select({ accountId: memberships.accountId, accountName: accounts.name, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

/** The account's people as the Members page lists them: oldest membership first. */
export async function listAccountMembers(db: DbOrTx, accountId: string) {
  return db
    .select({ userId: users.id, email: users.email, role: memberships.role, since: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

/** Invitations into the account that can still be used (not accepted, not expired), newest first. */
export async function listOpenInvitations(db: DbOrTx, accountId: string) {
  return db
    .select({ email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(desc(invitations.createdAt));
}

export type RemoveMemberOutcome = { ok: true; email: string; role: MemberRole } | { ok: false; reason: 'not_found' | 'last_owner' };

/**
 * Takes a person out of an account and ends their sessions in it (their sessions in other accounts stay).
 * The account's memberships are locked first, so two owners removing each other at once cannot leave the
 * account with none. Run it in a transaction.
 */
export async function removeMember(tx: DbOrTx, accountId: string, userId: string): Promise<RemoveMemberOutcome> {
  const members = await tx
    .select({ userId: memberships.userId, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .for('update', { of: memberships });
  const target = members.find((m) => m.userId === userId);
  if (!target) return { ok: false, reason: 'not_found' };
  if (target.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) return { ok: false, reason: 'last_owner' };
  await tx.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  await tx.delete(sessions).where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId)));
  return { ok: true, email: target.email, role: target.role };
}
