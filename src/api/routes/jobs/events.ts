import { describeRoute } from 'hono-openapi';
import { findAccountJob } from '../../../db/queries/jobs';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { requireJobScope } from '../../middleware/auth';
import { resumePoint, streamJobEvents } from '../../job-event-stream';
import { errorResponses } from '../../schemas/responses';
import { TEXT_EVENT_STREAM_DESCRIPTION } from '../text/generate';

/** A job's events as server-sent events: where a streamed request reconnects, or any job is followed to its end. */
export function registerJobEvents(app: App, rt: Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'jobEvents' | 'jobStreams' | 'usage'>) {
  app.get(
    '/jobs/:id/events',
    describeRoute({
      tags: ['Jobs'],
      summary: 'A job’s events, live or replayed (reconnect with Last-Event-ID)',
      description:
        'The events of `POST /v1/text/generate` with `stream: true`, from the start or, with a `Last-Event-ID` header, from after that event: ' +
        'no gaps, no repeats. A finished job replays what is stored and its `done` (or `error`); a job that was not streamed, or whose ' +
        'events have expired (an hour after it finished), gives its whole text as one `delta`, then `done`. Any job can be followed ' +
        'this way; one without text gets just `done`.',
      parameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'The `id:` of the last event received; the stream resumes after it.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      ],
      responses: {
        200: {
          description: 'The job’s events',
          content: { 'text/event-stream': { schema: { type: 'string', description: TEXT_EVENT_STREAM_DESCRIPTION } } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.param('id');
      const row = await findAccountJob(rt.db, c.get('principal').accountId, id);
      if (!row) throw notFound(`No job ${id} on this account.`, 'id');
      requireJobScope(c.get('principal'), row);
      return streamJobEvents(c, rt, row.id, resumePoint(c.req.header('Last-Event-ID')));
    },
  );
}
