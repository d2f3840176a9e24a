import type { JobRun } from '../../queue/job-run';
import { requeueLostDeliveries } from '../../webhooks/requeue-lost';

/** The periodic sweep for webhook attempts whose job was lost (src/webhooks/requeue-lost.ts). */
export async function requeueLostWebhookAttempts(ctx: JobRun): Promise<void> {
  const result = await requeueLostDeliveries(ctx.rt);
  if (result.added + result.retried > 0) ctx.log.info(result, 're-queued lost webhook attempts');
}
