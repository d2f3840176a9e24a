import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { rollbackDeployment } from '../../../hosting/deployment-actions';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter, notFound } from '../../../errors/api-error';
import { requestLogger } from '../../middleware/request-log';
import { errorResponses } from '../../schemas/responses';

const rollbackSchema = v.object({
  id: v.string(),
  status: v.literal('rolled_back'),
  environment: v.picklist(['production', 'preview']),
  site_id: v.string(),
  rolled_back_at: v.string(),
});

export function registerRollbackDeployment(app: App, rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'edgeRegistry' | 'config'>) {
  app.post(
    '/hosting/deployments/:id/rollback',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Make an earlier deployment live again',
      description:
        'The target must have been published at some time; it becomes the live deployment of its site and environment at once ' +
        '(status `rolled_back`). Later deployments keep their own status.',
      responses: {
        200: { description: 'Rolled back', content: { 'application/json': { schema: resolver(rollbackSchema) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const outcome = await rollbackDeployment(rt, requestLogger(c), {
        accountId: c.get('principal').accountId,
        deploymentId: c.req.param('id'),
        actor: c.get('actor'),
      });
      if (outcome.kind === 'not_found') throw notFound(`No deployment ${c.req.param('id')} on this account.`, 'id');
      if (outcome.kind === 'never_published') {
        const { target } = outcome;
        throw invalidParameter(`Deployment ${target.id} was never published (status ${target.status}); only a published deployment can be restored.`);
      }
      const rolledBack = outcome.deployment;
      return c.json({
        id: rolledBack.id,
        status: 'rolled_back' as const,
        environment: rolledBack.environment,
        site_id: rolledBack.siteId,
        rolled_back_at: rolledBack.rolledBackAt!.toISOString(),
      });
    },
  );
}
