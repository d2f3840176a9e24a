import type { Db, DbOrTx } from '../db/client';
import { deleteAccountVoice } from '../db/queries/voices';
import { findBuiltinVoice } from '../engines/voice/catalogue';

export type DeleteVoiceOutcome = 'deleted' | 'builtin' | 'not_found';

/**
 * Deletes one of the account's cloned voices, for DELETE /v1/voices/{id} and the dashboard alike. Built-in
 * voices are refused by id before anything is touched; another account's voice is simply not found.
 * `alongside` runs in the same transaction once the row is gone (the dashboard records its audit there).
 */
export async function deleteClonedVoice(db: Db, accountId: string, id: string, alongside?: (tx: DbOrTx) => Promise<void>): Promise<DeleteVoiceOutcome> {
  if (findBuiltinVoice(id)) return 'builtin';
  const deleted = await db.transaction(async (tx) => {
    if (!(await deleteAccountVoice(tx, accountId, id))) return false;
    await alongside?.(tx);
    return true;
  });
  return deleted ? 'deleted' : 'not_found';
}
