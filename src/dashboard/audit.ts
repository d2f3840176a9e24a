import type { Context } from 'hono';
import { type Actor, userActor } from '../audit/actor';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import type { AuditAction } from '../db/schema';
import type { DashEnv } from './context';
import { signedIn } from './guards';

/** The signed-in person, as the services that change an account record them. */
export function dashboardActor(c: Context<DashEnv>): Actor {
  return userActor(signedIn(c), c.get('clientIp'));
}

/** Records what the signed-in person just did to their account (for changes no shared service makes: members, keys). */
export async function audit(c: Context<DashEnv>, db: DbOrTx, action: AuditAction, target?: string | null, detail?: Record<string, unknown>) {
  await recordAudit(db, { accountId: signedIn(c).accountId, actor: dashboardActor(c), action, target, detail });
}
