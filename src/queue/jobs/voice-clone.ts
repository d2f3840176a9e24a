import { findStaleClones } from '../../db/queries/voices';
import { defineJob, rowPayload } from './define';

export const voiceCloneJob = defineJob({
  name: 'voice.clone',
  queue: 'voice',
  description: "Downloads a clone's sample, measures the speaker and stores the voice settings.",
  payload: rowPayload,
  findLost: async (db, q) =>
    (await findStaleClones(db, q.queuedBefore, q.runningBefore, q.limit)).map((c) => ({ payload: { id: c.id }, jobId: c.id, account: c.accountId })),
});
