import type { Context } from 'hono';
import { deploymentLogLines, findAccountDeployment, latestPublishedDeployment, listAccountDeployments } from '../../db/queries/deployments';
import { listSiteDeployHooks } from '../../db/queries/deploy-hooks';
import { findAccountSite, listAccountSites } from '../../db/queries/sites';
import { promoteDeployment, requestDeployment, rollbackDeployment } from '../../hosting/deployment-actions';
import { SITE_ID_PATTERN, type EdgeAddress } from '../../hosting/urls';
import { logResumePoint, streamDeploymentLog } from '../../hosting/deployment-log-stream';
import { dashboardActor } from '../audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { requireHosting, signedIn } from '../guards';
import { siteInPath } from '../site-in-path';
import { DeploymentDetail, DeploymentsTable, promotable } from '../views/deployments';
import { Notice, Pager, Time } from '../views/forms';
import { confirmPage, notFoundPage, refusalPage, renderPage } from '../views/render';
import { DeploymentFilters, ENVIRONMENTS, SiteFacts, SitesTable, STATUSES } from '../views/sites';
import { DeployHooksSection } from './deploy-hooks';
import { UploadDeploymentForm } from './upload-deployment';

const PAGE_SIZE = 25;
const SITES_PAGE_SIZE = 50;
const DEPLOYMENT_ID = /^dep_[a-z0-9]{1,64}$/;

/** A query-string value from a closed set; anything else means "any". */
function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Sites and deployments: the account's sites, a site's deployments (keyset pages, filters), one
 * deployment with its build log, and the two things a person does about them — roll back to an earlier
 * deployment, redeploy the site's published files. Both buttons call the functions the /v1 routes call
 * (src/hosting/deployment-actions.ts), so the dashboard and the API cannot drift apart.
 */
export function registerSitesPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;
  const edge: EdgeAddress = { hostingDomain: rt.config.HOSTING_DOMAIN, httpsPort: rt.config.EDGE_HTTPS_PORT };

  // Without hosting on the plan the section only says so: the list with 200, every other page with 403.
  const hostingOr = (status: 200 | 403) =>
    requireHosting(db, (c) =>
      renderPage(
        c,
        { title: 'Sites', section: 'sites' },
        <Notice kind="warn">
          Hosting is not on the {signedIn(c).planId} plan, so this account has no sites. Static site hosting comes with the business plan; ask the operator to
          change the account’s plan.
        </Notice>,
        status,
      ),
    );
  const onPlan = hostingOr(403);

  app.get('/sites', hostingOr(200), async (c) => {
    const pageNo = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    const { rows, hasMore } = await listAccountSites(db, signedIn(c).accountId, { limit: SITES_PAGE_SIZE, offset: (pageNo - 1) * SITES_PAGE_SIZE });
    return renderPage(
      c,
      { title: 'Sites', section: 'sites' },
      <>
        <SitesTable rows={rows} edge={edge} />
        <Pager
          newer={pageNo > 1 ? withQuery('/dashboard/sites', { page: pageNo > 2 ? String(pageNo - 1) : undefined }) : null}
          older={hasMore ? withQuery('/dashboard/sites', { page: String(pageNo + 1) }) : null}
        />
        <UploadDeploymentForm csrfToken={c.get('csrfToken')} maxBytes={rt.config.DEPLOY_MAX_ARCHIVE_BYTES} />
      </>,
    );
  });

  app.get('/sites/:site', onPlan, async (c) => {
    const accountId = signedIn(c).accountId;
    const siteId = c.req.param('site');
    if (!SITE_ID_PATTERN.test(siteId)) return notFoundPage(c, 'site');
    const environment = pick(c.req.query('environment'), ENVIRONMENTS);
    const status = pick(c.req.query('status'), STATUSES);
    // A cursor is a deployment id of this site; anything else starts from the newest.
    const position = async (id: string | undefined) => {
      if (!id || !DEPLOYMENT_ID.test(id)) return undefined;
      const d = await findAccountDeployment(db, accountId, id);
      return d && d.siteId === siteId ? { createdAt: d.createdAt, id: d.id } : undefined;
    };
    // Independent lookups in one wave; every one is scoped to the account.
    const [site, after, before] = await Promise.all([findAccountSite(db, accountId, siteId), position(c.req.query('after')), position(c.req.query('before'))]);
    if (!site) return notFoundPage(c, 'site');
    const [page, hooks] = await Promise.all([
      listAccountDeployments(db, accountId, { siteId, environment, status }, { limit: PAGE_SIZE, ...(before ? { before } : { after }) }),
      listSiteDeployHooks(db, accountId, siteId),
    ]);
    const first = page.rows[0]?.id;
    const last = page.rows[page.rows.length - 1]?.id;
    const base = `/dashboard/sites/${siteId}`;
    const filters = { environment, status };
    // `hasMore` looks the way the page was walked: older items after `after`, newer ones before `before`.
    const newer = before
      ? page.hasMore && first
        ? withQuery(base, { ...filters, before: first })
        : null
      : after
        ? withQuery(base, { ...filters, before: first })
        : null;
    const older = before
      ? last
        ? withQuery(base, { ...filters, after: last })
        : null
      : page.hasMore && last
        ? withQuery(base, { ...filters, after: last })
        : null;

    return renderPage(
      c,
      { title: `Site ${siteId}`, section: 'sites' },
      <>
        <SiteFacts site={site} done={c.req.query('done')} edge={edge} />
        <section aria-labelledby="deployments">
          <h2 id="deployments">Deployments</h2>
          <DeploymentFilters action={base} environment={environment} status={status} />
          <DeploymentsTable rows={page.rows} live={[site.liveProductionId, site.livePreviewId]} filtered={Boolean(environment || status)} edge={edge} />
          <Pager newer={newer} older={older} />
        </section>
        <UploadDeploymentForm csrfToken={c.get('csrfToken')} siteId={siteId} maxBytes={rt.config.DEPLOY_MAX_ARCHIVE_BYTES} />
        <DeployHooksSection siteId={siteId} hooks={hooks} csrfToken={c.get('csrfToken')} />
      </>,
    );
  });

  app.get('/deployments/:id', onPlan, async (c) => {
    const accountId = signedIn(c).accountId;
    const id = c.req.param('id');
    const d = DEPLOYMENT_ID.test(id) ? await findAccountDeployment(db, accountId, id) : null;
    if (!d) return notFoundPage(c, 'deployment');
    const [site, lines] = await Promise.all([findAccountSite(db, accountId, d.siteId), deploymentLogLines(db, d.id)]);
    const live = site?.liveProductionId === d.id || site?.livePreviewId === d.id;
    return renderPage(
      c,
      { title: `Deployment ${d.id}`, section: 'sites' },
      <DeploymentDetail d={d} live={live} lines={lines} done={c.req.query('done')} edge={edge} />,
    );
  });

  // The build log, live (views/deployments.tsx's page follows it with EventSource): the API's stream behind the session.
  app.get('/deployments/:id/log', onPlan, async (c) => {
    const accountId = signedIn(c).accountId;
    const id = c.req.param('id');
    const d = DEPLOYMENT_ID.test(id) ? await findAccountDeployment(db, accountId, id) : null;
    if (!d) return notFoundPage(c, 'deployment');
    // EventSource sends Last-Event-ID when it reconnects; the first connection says where the page's lines end.
    const after = logResumePoint(c.req.header('Last-Event-ID') ?? c.req.query('after'));
    return streamDeploymentLog(c, rt, accountId, d.id, after);
  });

  // ---- roll back -----------------------------------------------------------------------------------
  const rollbackTarget = async (c: Context<DashEnv>) => {
    const id = c.req.param('id') ?? '';
    const d = DEPLOYMENT_ID.test(id) ? await findAccountDeployment(db, signedIn(c).accountId, id) : null;
    if (!d?.publishedAt) return null;
    return d;
  };

  app.get('/deployments/:id/rollback', onPlan, async (c) => {
    const d = await rollbackTarget(c);
    if (!d) return notFoundPage(c, 'published deployment');
    return confirmPage(
      c,
      {
        title: `Roll back ${d.siteId} to ${d.id}?`,
        section: 'sites',
        action: `/dashboard/deployments/${d.id}/rollback`,
        confirm: 'Roll back to this deployment',
        tone: 'primary',
        cancel: `/dashboard/deployments/${d.id}`,
      },
      <>
        <p>
          <span class="mono">{d.id}</span> (created <Time at={d.createdAt} />) becomes the live {d.environment} deployment of <strong>{d.siteId}</strong> at
          once. Later deployments are kept; you can roll forward to one of them the same way.
        </p>
      </>,
    );
  });

  app.post('/deployments/:id/rollback', onPlan, async (c) => {
    const id = c.req.param('id');
    if (!DEPLOYMENT_ID.test(id)) return notFoundPage(c, 'published deployment');
    // The service records the audit event with the switch, naming the signed-in person.
    const outcome = await rollbackDeployment(rt, c.get('log'), { accountId: signedIn(c).accountId, deploymentId: id, actor: dashboardActor(c) });
    if (outcome.kind !== 'rolled_back') return notFoundPage(c, 'published deployment');
    return c.redirect(`/dashboard/deployments/${outcome.deployment.id}?done=rolled_back`, 303);
  });

  // ---- promote --------------------------------------------------------------------------------------
  app.get('/deployments/:id/promote', onPlan, async (c) => {
    const id = c.req.param('id');
    const d = DEPLOYMENT_ID.test(id) ? await findAccountDeployment(db, signedIn(c).accountId, id) : null;
    if (!d || !promotable(d)) return notFoundPage(c, 'published preview');
    return confirmPage(
      c,
      {
        title: `Promote ${d.id} to production?`,
        section: 'sites',
        action: `/dashboard/deployments/${d.id}/promote`,
        confirm: 'Promote to production',
        tone: 'primary',
        cancel: `/dashboard/deployments/${d.id}`,
      },
      <p>
        Production of <strong>{d.siteId}</strong> switches at once to the files and <code>_redirects</code>/<code>_headers</code> rules of this preview (created{' '}
        <Time at={d.createdAt} />
        ), as a new production deployment: nothing is rebuilt, and the preview stays at its own address. You can roll production back as after any deploy.
      </p>,
    );
  });

  app.post('/deployments/:id/promote', onPlan, async (c) => {
    const id = c.req.param('id');
    if (!DEPLOYMENT_ID.test(id)) return notFoundPage(c, 'published preview');
    // POST /v1/hosting/deployments/{id}/promote's function; the audit event commits with the switch.
    const outcome = await promoteDeployment(rt, c.get('log'), { accountId: signedIn(c).accountId, deploymentId: id, actor: dashboardActor(c) });
    if (outcome.kind === 'not_found') return notFoundPage(c, 'published preview');
    if (outcome.kind === 'refused') {
      return refusalPage(
        c,
        { title: 'Cannot promote', section: 'sites' },
        outcome.message,
        { href: `/dashboard/deployments/${id}`, label: 'Back to the deployment' },
        409,
      );
    }
    return c.redirect(`/dashboard/deployments/${outcome.deployment.id}?done=promoted`, 303);
  });

  // ---- redeploy ------------------------------------------------------------------------------------
  app.get('/sites/:site/redeploy', onPlan, async (c) => {
    const site = await siteInPath(db, c);
    if (!site) return notFoundPage(c, 'site');
    const source = await latestPublishedDeployment(db, site.id);
    return confirmPage(
      c,
      {
        title: `Redeploy ${site.id}?`,
        section: 'sites',
        action: `/dashboard/sites/${site.id}/redeploy`,
        confirm: 'Redeploy',
        tone: 'primary',
        cancel: `/dashboard/sites/${site.id}`,
      },
      <>
        {source ? (
          <p>
            A new production deployment of <strong>{site.id}</strong> is built from the files of <span class="mono">{source.id}</span>, its most recently
            published deployment, and goes live when it is published.
            {site.liveProductionId && site.liveProductionId !== source.id && (
              <>
                {' '}
                Note that production serves <span class="mono">{site.liveProductionId}</span> now (a rollback): the redeploy replaces it with the files of{' '}
                <span class="mono">{source.id}</span>.
              </>
            )}
          </p>
        ) : (
          <Notice kind="warn">
            {site.id} has never been published, so there is nothing to redeploy: the build would fail. Deploy it from an archive first.
          </Notice>
        )}
      </>,
    );
  });

  app.post('/sites/:site/redeploy', onPlan, async (c) => {
    const site = await siteInPath(db, c);
    if (!site) return notFoundPage(c, 'site');
    const accountId = signedIn(c).accountId;
    // POST /v1/hosting/deployments without source_url: the same function, so the same build.
    const deployment = await requestDeployment(rt, { accountId, siteId: site.id, environment: 'production', sourceUrl: null, actor: dashboardActor(c) });
    if (!deployment) return notFoundPage(c, 'site');
    return c.redirect(`/dashboard/deployments/${deployment.id}?done=redeployed`, 303);
  });
}
