import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { deploymentLogLines, findAccountDeployment, isLive } from '../../../db/queries/deployments';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { deploymentSchema, deploymentView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';
import { logResumePoint, streamDeploymentLog, wantsLiveLog } from '../../../hosting/deployment-log-stream';

/** What a `text/event-stream` answer of the log holds (the CLI's `kiln logs --follow` and the dashboard read it). */
export const LOG_EVENT_STREAM_DESCRIPTION =
  'Server-sent events. `line` (id: the log line id; data: `{"at","level","message"}`) for each line, the stored ones first, ' +
  'then each as the build writes it; once the deployment reaches a final status (`published`, `failed`, `rolled_back`), one ' +
  '`done` whose data is the deployment as GET /v1/hosting/deployments/{id} answers it, and the stream closes. A deployment ' +
  'already final gets its lines and `done` at once. A comment line (`: ping`) every 15 s keeps the connection open; after an ' +
  'hour the stream closes without `done` and the client reconnects with `Last-Event-ID`.';

const logSchema = v.object({
  id: v.string(),
  status: v.string(),
  lines: v.array(v.object({ at: v.string(), level: v.string(), message: v.string() })),
});

export function registerReadDeployment(app: App, rt: Pick<Runtime, 'db' | 'config' | 'deploymentLogEvents' | 'log'>) {
  app.get(
    '/hosting/deployments/:id',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Status of a deployment',
      description: '`url` is present once the deployment has been published; a failed one carries `error`.',
      responses: {
        200: { description: 'The deployment', content: { 'application/json': { schema: resolver(deploymentSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const d = await findAccountDeployment(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!d) throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      return c.json(deploymentView(d, rt.config, await isLive(rt.db, d)));
    },
  );

  app.get(
    '/hosting/deployments/:id/logs',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Build log of a deployment',
      description:
        'What the build did, line by line with its level (`info`, `warn`, `error`): files taken, rules read, and why a failed ' +
        "deployment failed. Lines are kept with the deployment; `status` is the deployment's status when the log was read. " +
        'With `Accept: text/event-stream` (or `follow=true`) the log is followed live instead: the lines so far, each new line as ' +
        'the build writes it, and `done` with the deployment once it is published or has failed.',
      parameters: [
        {
          name: 'follow',
          in: 'query',
          required: false,
          description: '`true`: answer `text/event-stream` and follow the build, as `Accept: text/event-stream` does.',
          schema: { type: 'string', enum: ['true', 'false'] },
        },
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'When following: the `id:` of the last `line` received; the stream resumes after that line.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      ],
      responses: {
        200: {
          description: 'Log lines, oldest first; followed live as server-sent events with `Accept: text/event-stream` or `follow=true`',
          content: {
            'application/json': { schema: resolver(logSchema) },
            'text/event-stream': { schema: { type: 'string', description: LOG_EVENT_STREAM_DESCRIPTION } },
          },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const d = await findAccountDeployment(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!d) throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      if (wantsLiveLog(c)) return streamDeploymentLog(c, rt, d.accountId, d.id, logResumePoint(c.req.header('Last-Event-ID')));
      const lines = await deploymentLogLines(rt.db, d.id);
      return c.json({ id: d.id, status: d.status, lines: lines.map((l) => ({ at: l.at.toISOString(), level: l.level, message: l.message })) });
    },
  );
}
