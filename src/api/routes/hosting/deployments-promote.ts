import { describeRoute, resolver } from 'hono-openapi';
import { promoteDeployment } from '../../../hosting/deployment-actions';
import { isLive } from '../../../db/queries/deployments';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { conflict, notFound } from '../../../errors/api-error';
import { requestLogger } from '../../middleware/request-log';
import { deploymentSchema, deploymentView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

export function registerPromoteDeployment(app: App, rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'edgeRegistry' | 'config'>) {
  app.post(
    '/hosting/deployments/:id/promote',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Make a published preview the production deployment',
      description:
        'Without rebuilding: a new production deployment (`promoted_from` the preview) serving the same files becomes live in one ' +
        'switch, and the answer comes once the edges serve it (`published`, with a `deployment.published` event). The preview stays ' +
        'at its own address. 409 when the deployment is not a preview or not published, or when production already serves this preview ' +
        '(promotes of one preview run one at a time, so parallel requests make one production deployment). Roll back as after any deploy.',
      responses: {
        201: { description: 'Promoted: the new production deployment', content: { 'application/json': { schema: resolver(deploymentSchema) } } },
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const outcome = await promoteDeployment(rt, requestLogger(c), {
        accountId: c.get('principal').accountId,
        deploymentId: c.req.param('id'),
        actor: c.get('actor'),
      });
      if (outcome.kind === 'not_found') throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      if (outcome.kind === 'refused') throw conflict(outcome.message);
      return c.json(deploymentView(outcome.deployment, rt.config, await isLive(rt.db, outcome.deployment)), 201);
    },
  );
}
