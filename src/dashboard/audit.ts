import type { Context } from 'hono';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import type { AuditAction } from '../db/schema';
import type { DashEnv } from './context';
import { signedIn } from './guards';

/** Records what the signed-in person just did to their account. */
export async function audit(c: Context<DashEnv>, db: DbOrTx, action: AuditAction, target?: string | null, detail?: Record<string, unknown>) {
  const session = signedIn(c);
  await recordAudit(db, { accountId: session.accountId, actorUserId: session.userId, actor: session.email, action, target, detail, ip: c.get('clientIp') });
}
