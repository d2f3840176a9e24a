import { describeRoute, resolver } from 'hono-openapi';
import { findLiveDeployment } from '../../../db/queries/deployments';
import { findAccountSite } from '../../../db/queries/sites';
import { siteTrafficThisPeriod } from '../../../db/queries/site-traffic';
import { currentBillingPeriod } from '../../../billing/period';
import { SITE_ID_PATTERN } from '../../../hosting/urls';
import { siteSchema, siteView } from '../../../hosting/views';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';

/** GET /v1/hosting/sites/{site_id}: a site and which deployments it serves (Netlify's site with its `published_deploy`). */
export function registerReadSite(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.get(
    '/hosting/sites/:site_id',
    describeRoute({
      tags: ['Hosting'],
      summary: 'A site and what it serves',
      description:
        'The site’s production address, the production deployment live there, and its current preview, each as ' +
        'GET /v1/hosting/deployments/{id} answers it, and the bytes its proxy rules relayed this billing period. 404 for a site that is not this account’s.',
      responses: {
        200: { description: 'The site', content: { 'application/json': { schema: resolver(siteSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const siteId = c.req.param('site_id');
      // The pattern first: text Postgres cannot store (a NUL from %00) never reaches a query.
      const site = SITE_ID_PATTERN.test(siteId) ? await findAccountSite(rt.db, c.get('principal').accountId, siteId) : null;
      if (!site) throw notFound(`No site ${SITE_ID_PATTERN.test(siteId) ? siteId : 'with that id'} on this account.`, 'site_id');
      const period = currentBillingPeriod();
      const [production, preview, traffic] = await Promise.all([
        findLiveDeployment(rt.db, siteId, 'production'),
        findLiveDeployment(rt.db, siteId, 'preview'),
        siteTrafficThisPeriod(rt.db, site.accountId, siteId, period),
      ]);
      return c.json(siteView(site, { production, preview }, { periodStart: period.startIso, proxiedBytes: traffic.proxiedBytes }, rt.config));
    },
  );
}
