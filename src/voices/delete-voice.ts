import type { Actor } from '../audit/actor';
import type { Db } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import { deleteAccountVoice } from '../db/queries/voices';
import { findBuiltinVoice } from '../engines/voice/catalogue';

export type DeleteVoiceOutcome = 'deleted' | 'builtin' | 'not_found';

/**
 * Deletes one of the account's cloned voices, for DELETE /v1/voices/{id} and the dashboard alike. Built-in
 * voices are refused by id before anything is touched; another account's voice is simply not found.
 * Its audit event, naming `actor`, commits with the delete.
 */
export async function deleteClonedVoice(db: Db, accountId: string, id: string, actor: Actor): Promise<DeleteVoiceOutcome> {
  if (findBuiltinVoice(id)) return 'builtin';
  const deleted = await db.transaction(async (tx) => {
    const gone = await deleteAccountVoice(tx, accountId, id);
    if (!gone) return false;
    await recordAudit(tx, { accountId, actor, action: 'voice.deleted', target: gone.id, detail: { name: gone.name } });
    return true;
  });
  return deleted ? 'deleted' : 'not_found';
}
