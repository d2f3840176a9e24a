import { describeRoute, resolver } from 'hono-openapi';
import { findAccountDeployment, listAccountDeployments, liveAmong } from '../../../db/queries/deployments';
import type { DeploymentEnvironment, DeploymentStatus } from '../../../db/schema';
import { SITE_ID_PATTERN } from '../../../hosting/urls';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { listParameters, readListQuery, type ListFilter } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { deploymentSchema, deploymentView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

const ID_PATTERN = /^dep_[a-z0-9]{1,64}$/;

const FILTERS = {
  site_id: {
    description: 'Only deployments of this site.',
    pattern: SITE_ID_PATTERN,
    patternMessage: 'must be 1–40 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  },
  environment: { description: 'Only deployments to this environment.', values: ['production', 'preview'] },
  status: { description: 'Only deployments in this status.', values: ['uploading', 'pending', 'building', 'published', 'failed', 'rolled_back'] },
} satisfies Record<string, ListFilter>;

export function registerListDeployments(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.get(
    '/hosting/deployments',
    describeRoute({
      tags: ['Hosting'],
      summary: 'List deployments',
      description:
        'The account’s deployments, newest first (ties by id), each as GET /v1/hosting/deployments/{id} answers it. ' +
        'Page with `starting_after` (the last `id` of a page) while `has_more` is true.',
      parameters: listParameters('deployments', 'A deployment `id` of this account.', FILTERS),
      responses: {
        200: { description: 'A page of deployments', content: { 'application/json': { schema: resolver(listSchema(deploymentSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, FILTERS);
      // An id that is not one of this account's deployments cannot mark a place in its list (Stripe answers 400 too).
      const position = async (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        const d = ID_PATTERN.test(id) ? await findAccountDeployment(rt.db, accountId, id) : null;
        if (!d) throw invalidParameter(`'${param}': no deployment ${ID_PATTERN.test(id) ? id : 'with that id'} on this account.`, param);
        return { createdAt: d.createdAt, id: d.id };
      };
      const page = await listAccountDeployments(
        rt.db,
        accountId,
        {
          siteId: q.filters.site_id,
          environment: q.filters.environment as DeploymentEnvironment | undefined,
          status: q.filters.status as DeploymentStatus | undefined,
        },
        { limit: q.limit, after: await position('starting_after', q.startingAfter), before: await position('ending_before', q.endingBefore) },
      );
      const live = await liveAmong(rt.db, page.rows);
      return c.json(
        listView(
          c,
          page.rows.map((d) => deploymentView(d, rt.config, live.has(d.id))),
          page.hasMore,
        ),
      );
    },
  );
}
