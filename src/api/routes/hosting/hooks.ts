import { describeRoute, resolver } from 'hono-openapi';
import { isAccountSite, listSiteDeployHooks } from '../../../db/queries/deploy-hooks';
import { createDeployHook, HOOK_ID_PATTERN, MAX_HOOKS_PER_SITE, removeDeployHook } from '../../../hosting/deploy-hooks';
import { SITE_ID_PATTERN } from '../../../hosting/urls';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { conflict, notFound } from '../../../errors/api-error';
import { listParameters, pageInMemory, readListQuery } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { jsonBody } from '../../middleware/json-body';
import { createDeployHookBody } from '../../schemas/deploy-hooks';
import { createdDeployHookSchema, deployHookSchema, deployHookView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

const noSite = (siteId: string) => notFound(`No site ${SITE_ID_PATTERN.test(siteId) ? siteId : 'with that id'} on this account.`, 'site_id');

/** Create, list and delete a site's deploy hooks (the `hosting` scope); calling one is hooks-trigger.ts. */
export function registerDeployHooks(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.post(
    '/hosting/sites/:site_id/hooks',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Create a deploy hook',
      description:
        'A secret URL that redeploys the site’s latest content when POSTed to, without an API key (for a CMS, a cron job, a CI step). ' +
        'The `url` is shown only in this answer: only a hash of its secret is kept. At most ' +
        `${MAX_HOOKS_PER_SITE} hooks per site.`,
      requestBody: { content: { 'application/json': { schema: resolver(createDeployHookBody) } } },
      responses: {
        201: { description: 'The hook, with its URL', content: { 'application/json': { schema: resolver(createdDeployHookSchema) } } },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    jsonBody(createDeployHookBody),
    async (c) => {
      const body = c.req.valid('json');
      const siteId = c.req.param('site_id');
      if (!SITE_ID_PATTERN.test(siteId)) throw noSite(siteId);
      const outcome = await createDeployHook(rt.db, rt.config, {
        accountId: c.get('principal').accountId,
        siteId,
        name: body.name || null,
        environment: body.environment,
        actor: c.get('actor'),
      });
      if (outcome.kind === 'not_found') throw noSite(siteId);
      if (outcome.kind === 'too_many') throw conflict(`Site ${siteId} already has ${MAX_HOOKS_PER_SITE} deploy hooks; delete one first.`);
      return c.json({ ...deployHookView(outcome.hook), url: outcome.url }, 201);
    },
  );

  app.get(
    '/hosting/sites/:site_id/hooks',
    describeRoute({
      tags: ['Hosting'],
      summary: 'List a site’s deploy hooks',
      description: `The site’s hooks (at most ${MAX_HOOKS_PER_SITE}), oldest first, never with their URL: that was shown once.`,
      parameters: listParameters('hooks', 'A hook `id` of this site.'),
      responses: {
        200: { description: 'A page of hooks', content: { 'application/json': { schema: resolver(listSchema(deployHookSchema)) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const siteId = c.req.param('site_id');
      const q = readListQuery(c, {});
      if (!SITE_ID_PATTERN.test(siteId) || !(await isAccountSite(rt.db, accountId, siteId))) throw noSite(siteId);
      const page = pageInMemory(await listSiteDeployHooks(rt.db, accountId, siteId), (hook) => hook.id, q, 'deploy hook');
      return c.json(listView(c, page.rows.map(deployHookView), page.hasMore));
    },
  );

  app.delete(
    '/hosting/sites/:site_id/hooks/:hook_id',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Delete a deploy hook',
      description: 'Its URL stops working at once (404). A second delete answers 404.',
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const hookId = c.req.param('hook_id');
      const siteId = c.req.param('site_id');
      const known = HOOK_ID_PATTERN.test(hookId);
      // Patterns first: text Postgres cannot store (a NUL from %00) never reaches a query.
      if (
        !known ||
        !SITE_ID_PATTERN.test(siteId) ||
        !(await removeDeployHook(rt.db, { accountId: c.get('principal').accountId, siteId, hookId, actor: c.get('actor') }))
      ) {
        throw notFound(`No deploy hook ${known ? hookId : 'with that id'} on this site.`, 'hook_id');
      }
      return c.body(null, 204);
    },
  );
}
