import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { findAccountJob, findJob } from '../../../db/queries/jobs';
import { conflict, notFound } from '../../../errors/api-error';
import { requestJobCancel } from '../../../queue/job-cancel';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { CANCELLABLE_KINDS } from '../../job-event-stream';
import { requireJobScope } from '../../middleware/auth';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';

const cancelledSchema = v.object({ id: v.string(), status: v.literal('cancelled') });

/**
 * Cancels a running or queued text job (Stripe's and OpenAI's `…/cancel`): the worker running it stops
 * the provider (or the web process answering a chat completion in place: src/queue/in-place-calls.ts), the job fails with `cancelled` (GET /v1/jobs/{id} answers 409 `cancelled`), what was
 * produced is billed and the rest of the quota hold is freed. Waits for the job to end up to
 * SYNC_TIMEOUT_MS; a job that has not (no worker has taken it yet) is cancelled when one does: 202.
 */
export function registerJobCancel(app: App, rt: Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'jobEvents'>) {
  app.post(
    '/jobs/:id/cancel',
    describeRoute({
      tags: ['Jobs'],
      summary: 'Cancel a text job that is still running',
      description:
        'Text jobs (`gen_…` from POST /v1/text/generate, `cmpl_…` from POST /v1/chat/completions) stop where they are: the job fails with ' +
        '`cancelled`, its stream (if any) ends with an `error` event, and only what was produced is billed (the prompt and the tokens ' +
        'streamed so far; nothing if it had not started). A chat completion the web process is answering in place (no row until it ends) is found ' +
        "in its account's running calls and stopped the same way. A finished job, or another kind of job, is 409 `conflict`.",
      responses: {
        200: { description: 'The job was cancelled', content: { 'application/json': { schema: resolver(cancelledSchema) } } },
        202: acceptedJobResponse('Cancel requested; the job stops when a worker takes it (poll the `Location`)'),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const id = c.req.param('id');
      const principal = c.get('principal');
      // A chat completion answered in place has no row until it ends; while it runs it is in its account's lane.
      const row =
        (await findAccountJob(rt.db, principal.accountId, id)) ??
        ((await rt.redis.zscore(rt.keys.inPlaceLane(principal.accountId), id)) !== null ? { id, kind: 'text.chat', status: 'running' as const } : null);
      if (!row) throw notFound(`No job ${id} on this account.`);
      requireJobScope(principal, row);
      if (!CANCELLABLE_KINDS.includes(row.kind))
        throw conflict(`Job ${id} is a ${row.kind} job; only text jobs (${CANCELLABLE_KINDS.join(', ')}) can be cancelled.`);
      if (row.status === 'succeeded' || row.status === 'failed') throw conflict(`Job ${id} already ${row.status}; there is nothing to cancel.`);
      await requestJobCancel(rt.redis, rt.keys, rt.channels.jobCancel, id, 'requested');
      const ended = await rt.jobEvents.waitFor(id, rt.config.SYNC_TIMEOUT_MS, async () => {
        const r = await findJob(rt.db, id);
        return r && (r.status === 'succeeded' || r.status === 'failed') ? r : null;
      });
      if (!ended) {
        c.header('Location', `/v1/jobs/${id}`);
        c.header('Retry-After', '1');
        return c.json({ id, status: 'processing' }, 202);
      }
      if (ended.status === 'failed' && ended.error?.code === 'cancelled') return c.json({ id, status: 'cancelled' as const }, 200);
      throw conflict(`Job ${id} ${ended.status} before the cancel reached it.`);
    },
  );
}
