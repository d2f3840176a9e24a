import { deleteExpiredConversations } from '../../db/queries/conversations';
import type { JobRun } from '../../queue/job-run';

/** Lapsed conversations are already not found where they are read; this only keeps the tables small. */
export async function sweepConversations(ctx: JobRun): Promise<void> {
  const removed = await deleteExpiredConversations(ctx.rt.db);
  if (removed > 0) ctx.log.info({ removed }, 'expired file chat conversations removed');
}
