import type { JobRun } from '../../queue/job-run';
import { attemptDelivery, type AttemptJob } from '../../webhooks/deliver';

/** One attempt of a webhook delivery (the workflow is src/webhooks/deliver.ts). */
export async function deliverWebhook(ctx: JobRun, payload: AttemptJob): Promise<string> {
  return attemptDelivery(ctx.rt, payload);
}
