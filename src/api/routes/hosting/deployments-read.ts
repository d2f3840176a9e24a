import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { deploymentLogLines, findAccountDeployment, isLive } from '../../../db/queries/deployments';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { requireFeature } from '../../middleware/auth';
import { deploymentSchema, deploymentView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

const logSchema = v.object({
  id: v.string(),
  status: v.string(),
  lines: v.array(v.object({ at: v.string(), level: v.string(), message: v.string() })),
});

export function registerReadDeployment(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
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
    requireFeature('hosting'),
    async (c) => {
      const d = await findAccountDeployment(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!d) throw notFound(`No deployment ${c.req.param('id')} on this account.`);
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
        "deployment failed. Lines are kept with the deployment; `status` is the deployment's status when the log was read.",
      responses: {
        200: { description: 'Log lines, oldest first', content: { 'application/json': { schema: resolver(logSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    requireFeature('hosting'),
    async (c) => {
      const d = await findAccountDeployment(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!d) throw notFound(`No deployment ${c.req.param('id')} on this account.`);
      const lines = await deploymentLogLines(rt.db, d.id);
      return c.json({ id: d.id, status: d.status, lines: lines.map((l) => ({ at: l.at.toISOString(), level: l.level, message: l.message })) });
    },
  );
}
