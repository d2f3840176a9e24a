import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { type Actor, OPERATOR, userActor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import { createInvitation, createPasswordReset, findUserByEmail, normalizeEmail, primaryMembership } from '../db/queries/users';
import type { MemberRole } from '../db/schema';
import { newToken } from './one-time-token';

/**
 * One-time links an operator hands out: an invitation into an account, or a password reset. The link
 * carries the only copy of the token; the database keeps its hash, so the link cannot be read back.
 */
export interface OneTimeLink {
  url: string;
  expiresAt: Date;
}

export class LinkRefused extends Error {}

export async function inviteLink(
  db: DbOrTx,
  config: Config,
  input: { accountId: string; email: string; role: MemberRole; invitedBy?: { userId: string; email: string } },
): Promise<OneTimeLink> {
  if (config.DASHBOARD_SIGNUP === 'closed') throw new LinkRefused('DASHBOARD_SIGNUP=closed: invitations are turned off; set it to invite or open first');
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + config.DASHBOARD_LINK_TTL_MS);
  await createInvitation(db, { tokenHash: hash, accountId: input.accountId, email: input.email, role: input.role, expiresAt });
  await recordAudit(db, {
    accountId: input.accountId,
    actor: input.invitedBy ? userActor(input.invitedBy) : OPERATOR,
    action: 'user.invited',
    target: normalizeEmail(input.email),
    detail: { role: input.role },
  });
  return { url: `${config.PUBLIC_URL}/dashboard/invite/${token}`, expiresAt };
}

/** `requestedBy` says who asked, for the activity log: the operator (CLI) unless the person did, from the sign-in page. */
export async function passwordResetLink(db: DbOrTx, config: Config, email: string, requestedBy: Actor = OPERATOR): Promise<OneTimeLink | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + config.DASHBOARD_LINK_TTL_MS);
  await createPasswordReset(db, { tokenHash: hash, userId: user.id, expiresAt });
  const membership = await primaryMembership(db, user.id);
  if (membership) {
    await recordAudit(db, {
      accountId: membership.accountId,
      actor: requestedBy,
      action: 'user.reset_requested',
      target: user.email,
    });
  }
  return { url: `${config.PUBLIC_URL}/dashboard/reset/${token}`, expiresAt };
}
