import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../src/dashboard/one-time-token';
import { deleteEndedSessionsAndLinks, insertSession } from '../../src/db/queries/sessions';
import { createInvitation, createPasswordReset } from '../../src/db/queries/users';
import { createDashboardUser } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const IDLE_MS = 8 * 3_600_000;

describe('sweeping ended sessions and spent links', () => {
  it('removes sessions past either end and used or expired links, and keeps what can still be used', async () => {
    const user = await createDashboardUser(svc.rt);
    const session = (expiresInMs: number, lastSeenAgoMs: number) => {
      const { hash } = newToken();
      return insertSession(svc.rt.db, {
        tokenHash: hash,
        userId: user.userId,
        accountId: user.accountId,
        csrfToken: newToken().token,
        expiresAt: new Date(Date.now() + expiresInMs),
        userAgent: null,
        ip: null,
      }).then(async () => {
        await svc.rt.database.sql`UPDATE sessions SET last_seen_at = now() - make_interval(secs => ${lastSeenAgoMs / 1000}) WHERE token_hash = ${hash}`;
        return hash;
      });
    };
    const live = await session(3_600_000, 0);
    const idle = await session(3_600_000, IDLE_MS + 60_000);
    const past = await session(-1_000, 0);

    const link = async (kind: 'invite' | 'reset', expiresInMs: number, used: boolean) => {
      const { hash } = newToken();
      const expiresAt = new Date(Date.now() + expiresInMs);
      if (kind === 'invite') {
        await createInvitation(svc.rt.db, {
          tokenHash: hash,
          accountId: user.accountId,
          email: `x-${hash.slice(0, 8)}@example.com`,
          role: 'member',
          expiresAt,
        });
        if (used) await svc.rt.database.sql`UPDATE invitations SET accepted_at = now() WHERE token_hash = ${hash}`;
      } else {
        await createPasswordReset(svc.rt.db, { tokenHash: hash, userId: user.userId, expiresAt });
        if (used) await svc.rt.database.sql`UPDATE password_resets SET used_at = now() WHERE token_hash = ${hash}`;
      }
      return hash;
    };
    const openInvite = await link('invite', 3_600_000, false);
    const usedInvite = await link('invite', 3_600_000, true);
    const expiredInvite = await link('invite', -1_000, false);
    const openReset = await link('reset', 3_600_000, false);
    const usedReset = await link('reset', 3_600_000, true);

    const removed = await deleteEndedSessionsAndLinks(svc.rt.db, IDLE_MS);
    expect(removed.sessions).toBeGreaterThanOrEqual(2);
    expect(removed.invitations).toBeGreaterThanOrEqual(2);
    expect(removed.passwordResets).toBeGreaterThanOrEqual(1);

    const sessions = (await svc.rt.database.sql`SELECT token_hash FROM sessions WHERE user_id = ${user.userId}`).map((r) => r.token_hash);
    expect(sessions).toEqual([live]);
    expect(sessions).not.toContain(idle);
    expect(sessions).not.toContain(past);
    const invites = (
      await svc.rt.database.sql`SELECT token_hash FROM invitations WHERE token_hash IN ${svc.rt.database.sql([openInvite, usedInvite, expiredInvite])}`
    ).map((r) => r.token_hash);
    expect(invites).toEqual([openInvite]);
    const resets = (await svc.rt.database.sql`SELECT token_hash FROM password_resets WHERE token_hash IN ${svc.rt.database.sql([openReset, usedReset])}`).map(
      (r) => r.token_hash,
    );
    expect(resets).toEqual([openReset]);
  });
});
