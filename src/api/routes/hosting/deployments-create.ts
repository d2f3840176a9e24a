import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { requestDeployment } from '../../../hosting/deployment-actions';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../errors';
import { requireFeature } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { refuseNonPublicHost } from '../../schemas/fetch-url';
import { deploymentSchema, deploymentView, siteIdField } from '../../schemas/hosting';
import { errorResponses } from '../../schemas/responses';

export const createDeploymentBody = v.object({
  site_id: siteIdField,
  source_url: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.maxLength(2048, 'must be at most 2048 characters'),
      v.url('must be an http(s) URL of a .zip or .tar.gz archive'),
      v.check((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http(s) URL of a .zip or .tar.gz archive'),
    ),
  ),
  environment: v.optional(v.picklist(['production', 'preview'], 'must be production or preview'), 'production'),
});

export function registerCreateDeployment(app: App, rt: Pick<Runtime, 'config' | 'siteOwners' | 'deploymentIntake'>) {
  app.post(
    '/hosting/deployments',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Deploy a site from an archive',
      description:
        'Records a `pending` deployment and queues its build: the archive (`.zip` or `.tar.gz`, recognised by content) is ' +
        'downloaded, extracted safely and published atomically. Without `source_url` the site’s most recent content is redeployed. ' +
        'Poll GET /v1/hosting/deployments/{id}.',
      requestBody: { content: { 'application/json': { schema: resolver(createDeploymentBody) } } },
      responses: {
        201: { description: 'Deployment recorded', content: { 'application/json': { schema: resolver(deploymentSchema) } } },
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    requireFeature('hosting'),
    jsonBody(createDeploymentBody),
    async (c) => {
      const body = c.req.valid('json');
      refuseNonPublicHost('source_url', body.source_url, rt.config.FETCH_ALLOW_PRIVATE);
      const deployment = await requestDeployment(rt, {
        accountId: c.get('principal').accountId,
        siteId: body.site_id,
        environment: body.environment,
        sourceUrl: body.source_url ?? null,
      });
      if (!deployment) throw notFound(`No site ${body.site_id} on this account.`);
      return c.json(deploymentView(deployment, rt.config), 201);
    },
  );
}
