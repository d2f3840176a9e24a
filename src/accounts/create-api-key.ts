import { type Actor, OPERATOR } from '../audit/actor';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import { insertApiKey, type NewApiKey, revokeApiKey } from '../db/queries/accounts';
import { generateApiKey } from './api-key';

/**
 * Creates a key and returns the only copy of its secret: the database keeps its SHA-256 and display prefix.
 * The key and its audit event (naming `actor`: the dashboard user, the operator's CLI) commit together.
 */
// The actor defaults to the operator for the seeds and tests that make keys directly; every dashboard and CLI path names its own.
export async function createApiKey(db: DbOrTx, input: NewApiKey, actor: Actor = OPERATOR) {
  const fresh = generateApiKey();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, { ...input, hash: fresh.hash, displayPrefix: fresh.displayPrefix });
    await recordAudit(tx, {
      accountId: inserted.accountId,
      actor,
      action: 'key.created',
      target: inserted.id,
      detail: {
        label: inserted.label,
        prefix: inserted.displayPrefix,
        scopes: inserted.scopes,
        expires_at: inserted.expiresAt?.toISOString() ?? null,
        rate_limit_per_minute: inserted.rateLimitPerMinute,
      },
    });
    return inserted;
  });
  return { ...row, key: fresh.key };
}

/**
 * Revokes an active key (of `accountId` when given) with its audit event; null when there is no such active key.
 * The caller announces the revocation (its hash) after the commit.
 */
export async function revokeApiKeyAudited(db: DbOrTx, input: { keyId: string; accountId?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, input.keyId, input.accountId);
    if (row) {
      await recordAudit(tx, {
        accountId: row.accountId,
        actor: input.actor,
        action: 'key.revoked',
        target: row.id,
        detail: { label: row.label, prefix: row.displayPrefix },
      });
    }
    return row;
  });
}
