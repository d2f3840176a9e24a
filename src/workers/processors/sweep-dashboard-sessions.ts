import { deleteEndedSessionsAndLinks } from '../../db/queries/sessions';
import type { JobRun } from '../../queue/job-run';

/**
 * Ended sessions are already refused where they are read; this only keeps the tables small. Open
 * invitations that expired go too: the Members page lists only open ones, and a new link can be made.
 */
export async function sweepDashboardSessions(ctx: JobRun): Promise<void> {
  const removed = await deleteEndedSessionsAndLinks(ctx.rt.db, ctx.rt.config.DASHBOARD_SESSION_IDLE_MS);
  if (removed.sessions + removed.invitations + removed.passwordResets > 0) ctx.log.info(removed, 'ended dashboard sessions and spent links removed');
}
