import { checkDomainNow, scheduleDomainCheck } from '../../hosting/domain-verification';
import type { JobRun } from '../../queue/job-run';

/** One automatic check; while the domain stays pending, the next one is queued with a longer delay. */
export async function verifyDomain(ctx: JobRun, payload: { id: string }): Promise<void> {
  const d = await checkDomainNow(ctx.rt, payload.id, { queued: true });
  if (d?.status === 'pending_verification') await scheduleDomainCheck(ctx.rt, d);
}
