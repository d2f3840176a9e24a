import type { DbOrTx } from '../db/client';
import { endUserSessions, lockUser, setPassword, voidPasswordResets } from '../db/queries/users';

/**
 * A person's new password (from a reset link or the account page), in the caller's transaction: every
 * other open reset link of theirs dies with the old password, and every session ends. Otherwise a second
 * link, mailed earlier or to an inbox someone else reads, would set the password again afterwards.
 */
export async function replacePassword(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await lockUser(tx, userId);
  await setPassword(tx, userId, passwordHash);
  await voidPasswordResets(tx, userId);
  await endUserSessions(tx, userId);
}
