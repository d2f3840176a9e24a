import type { Actor } from '../audit/actor';
import type { Db } from '../db/client';
import { recordAudit } from '../db/queries/audit';
import { insertVoice, type VoiceRow } from '../db/queries/voices';
import { newId } from '../ids';

/** Records a voice to clone (`processing`) with its audit event, naming `actor`; the caller queues its analysis. */
export async function recordVoiceClone(db: Db, input: { accountId: string; name: string; sampleUrl: string; actor: Actor }): Promise<VoiceRow> {
  return db.transaction(async (tx) => {
    const row = await insertVoice(tx, { id: newId('voice'), accountId: input.accountId, name: input.name, sampleUrl: input.sampleUrl });
    await recordAudit(tx, { accountId: input.accountId, actor: input.actor, action: 'voice.clone_requested', target: row.id, detail: { name: row.name } });
    return row;
  });
}
