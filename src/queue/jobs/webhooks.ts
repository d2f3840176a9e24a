import * as v from 'valibot';
import { defineJob } from './define';

export const webhookDeliverJob = defineJob({
  name: 'webhook.deliver',
  queue: 'webhooks',
  description: 'One attempt of a webhook delivery: a signed POST to the endpoint; a failure queues the next attempt on the retry schedule.',
  payload: v.object({
    /** The delivery (`whd_…`). */
    id: v.pipe(v.string(), v.minLength(1)),
    /** Which attempt this job makes (1 = the first); a job whose attempt was already made does nothing. */
    attempt: v.pipe(v.number(), v.integer(), v.minValue(1)),
    /** A replay asked for by the account: one attempt, no retries after it. */
    replay: v.optional(v.boolean()),
  }),
});
