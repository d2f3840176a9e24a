import type { Context } from 'hono';
import type { FC } from 'hono/jsx';
import { deploymentLogLines, findAccountDeployment, latestPublishedDeployment, listAccountDeployments, type DeploymentRow } from '../../db/queries/deployments';
import { DEPLOYMENT_COUNT_CAP, findAccountSite, listAccountSites } from '../../db/queries/sites';
import type { DeploymentEnvironment, DeploymentStatus } from '../../db/schema';
import { displayUrl } from '../../hosting/build-deployment';
import { promoteDeployment, requestDeployment, rollbackDeployment } from '../../hosting/deployment-actions';
import { deploymentUrl, productionHost, siteOrigin, SITE_ID_PATTERN, type EdgeAddress } from '../../hosting/urls';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { audit } from '../audit';
import { signedIn } from '../guards';
import { hostingOnPlan } from '../hosting-plan';
import { DeployHooksSection } from './deploy-hooks';
import { UploadDeploymentForm } from './upload-deployment';
import { listSiteDeployHooks } from '../../db/queries/deploy-hooks';
import { Notice, Pager, Time } from '../views/forms';
import { ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, refusalPage, renderPage } from '../views/render';

const PAGE_SIZE = 25;
const SITES_PAGE_SIZE = 50;
const DEPLOYMENT_ID = /^dep_[a-z0-9]{1,64}$/;
const ENVIRONMENTS: readonly DeploymentEnvironment[] = ['production', 'preview'];
const STATUSES: readonly DeploymentStatus[] = ['pending', 'building', 'published', 'failed', 'rolled_back'];

const STATUS_BADGE: Record<DeploymentStatus, { kind: string; label: string }> = {
  pending: { kind: 'warn', label: 'Pending' },
  building: { kind: 'warn', label: 'Building' },
  published: { kind: 'ok', label: 'Published' },
  failed: { kind: 'error', label: 'Failed' },
  rolled_back: { kind: 'ok', label: 'Restored by rollback' },
};

export const StatusBadge: FC<{ status: DeploymentStatus }> = ({ status }) => (
  <span class={`badge ${STATUS_BADGE[status].kind}`}>{STATUS_BADGE[status].label}</span>
);

const fmt = new Intl.NumberFormat('en');

function duration(d: Pick<DeploymentRow, 'createdAt' | 'startedAt' | 'finishedAt'>): string | null {
  if (!d.finishedAt) return null;
  const ms = d.finishedAt.getTime() - (d.startedAt ?? d.createdAt).getTime();
  if (ms < 60_000) return `${(Math.max(ms, 0) / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

function bytes(n: number): string {
  if (n < 1024) return `${fmt.format(n)} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]} (${fmt.format(n)} bytes)`;
}

/** Where a deployment is served: the API's rule (deploymentView): once published and no longer building. */
function servedUrl(d: DeploymentRow, edge: EdgeAddress): string | null {
  return d.publishedAt && d.status !== 'building' ? deploymentUrl(d, edge) : null;
}

/** promoteDeployment's own rule, so the button shows only where it works: a preview that was published. */
function promotable(d: DeploymentRow): boolean {
  return d.environment === 'preview' && d.publishedAt !== null && (d.status === 'published' || d.status === 'rolled_back');
}

/** What to do about a failed build, matched on the reasons build-deployment.ts writes. */
function failureHint(error: string): string {
  if (/no earlier successful deployment/i.test(error))
    return 'This site has nothing published yet to redeploy: deploy it from an archive first (POST /v1/hosting/deployments with source_url).';
  if (/download|fetch|refused to connect|timed out|status \d{3}/i.test(error))
    return 'Check that the source URL is reachable from the internet without signing in, then deploy again.';
  if (/archive|not a \.zip/i.test(error))
    return 'Check the archive: a .zip or .tar.gz of the site’s files, within the size and file-count limits. Fix it and deploy again.';
  return 'Deploy again; if it fails the same way, give the operator the deployment id shown above.';
}

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

  const notOnPlan = (c: Context<DashEnv>, status: 200 | 403 = 403) =>
    renderPage(
      c,
      { title: 'Sites', section: 'sites' },
      <Notice kind="warn">
        Hosting is not on the {signedIn(c).planId} plan, so this account has no sites. Static site hosting comes with the business plan; ask the operator to
        change the account’s plan.
      </Notice>,
      status,
    );

  app.get('/sites', async (c) => {
    const pageNo = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    // The plan and the list at once: the list is the account's own either way, and shown only if hosting is on the plan.
    const [onPlan, { rows, hasMore }] = await Promise.all([
      hostingOnPlan(db, c),
      listAccountSites(db, signedIn(c).accountId, { limit: SITES_PAGE_SIZE, offset: (pageNo - 1) * SITES_PAGE_SIZE }),
    ]);
    if (!onPlan) return notOnPlan(c, 200);
    return renderPage(
      c,
      { title: 'Sites', section: 'sites' },
      <>
        <ListTable
          rows={rows}
          empty={
            <>
              No sites yet. A site is created by its first deployment: upload its archive below, or <code>POST /v1/hosting/deployments</code> with a{' '}
              <code>site_id</code> and the <code>source_url</code> of a .zip or .tar.gz of its files.
            </>
          }
          columns={['Site', 'Production URL', 'Live deployment', 'Latest deployment', 'Deployments']}
          row={(s) => {
            const url = siteOrigin(productionHost(s.siteId, edge.hostingDomain), edge.httpsPort);
            return (
              <tr data-site-id={s.siteId}>
                <td>
                  <a href={`/dashboard/sites/${s.siteId}`}>{s.siteId}</a>
                </td>
                <td>{s.liveProductionId ? <a href={url}>{url}</a> : <span class="muted">Not live yet</span>}</td>
                <td class="mono">
                  {s.liveProductionId ? <a href={`/dashboard/deployments/${s.liveProductionId}`}>{s.liveProductionId}</a> : <span class="muted">—</span>}
                </td>
                <td>
                  {s.latestStatus && s.latestId ? (
                    <>
                      <a href={`/dashboard/deployments/${s.latestId}`} aria-label={`Latest deployment of ${s.siteId}: ${STATUS_BADGE[s.latestStatus].label}`}>
                        <StatusBadge status={s.latestStatus} />
                      </a>{' '}
                      <Time at={s.latestCreatedAt} />
                    </>
                  ) : (
                    <span class="muted">None</span>
                  )}
                </td>
                <td>
                  {fmt.format(s.deployments)}
                  {s.deployments >= DEPLOYMENT_COUNT_CAP ? '+' : ''}
                </td>
              </tr>
            );
          }}
        />
        <Pager
          newer={pageNo > 1 ? withQuery('/dashboard/sites', { page: pageNo > 2 ? String(pageNo - 1) : undefined }) : null}
          older={hasMore ? withQuery('/dashboard/sites', { page: String(pageNo + 1) }) : null}
        />
        <UploadDeploymentForm csrfToken={c.get('csrfToken')} maxBytes={rt.config.DEPLOY_MAX_ARCHIVE_BYTES} />
      </>,
    );
  });

  app.get('/sites/:site', async (c) => {
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
    const [onPlan, site, after, before] = await Promise.all([
      hostingOnPlan(db, c),
      findAccountSite(db, accountId, siteId),
      position(c.req.query('after')),
      position(c.req.query('before')),
    ]);
    if (!onPlan) return notOnPlan(c);
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
    const productionUrl = siteOrigin(productionHost(siteId, edge.hostingDomain), edge.httpsPort);
    const done = c.req.query('done');

    return renderPage(
      c,
      { title: `Site ${siteId}`, section: 'sites' },
      <>
        {done === 'rolled_back' && <Notice kind="ok">Rolled back: the chosen deployment is live again.</Notice>}
        {done === 'hook_deleted' && <Notice kind="ok">The deploy hook is deleted: its URL answers 404 from now on.</Notice>}
        <dl class="facts">
          <dt>Production URL</dt>
          <dd>
            {site.liveProductionId ? <a href={productionUrl}>{productionUrl}</a> : <span class="muted">Nothing live yet ({productionUrl} once published)</span>}
          </dd>
          <dt>Live in production</dt>
          <dd class="mono">{site.liveProductionId ? <a href={`/dashboard/deployments/${site.liveProductionId}`}>{site.liveProductionId}</a> : '—'}</dd>
          <dt>Live preview</dt>
          <dd class="mono">{site.livePreviewId ? <a href={`/dashboard/deployments/${site.livePreviewId}`}>{site.livePreviewId}</a> : '—'}</dd>
          <dt>Created</dt>
          <dd>
            <Time at={site.createdAt} />
          </dd>
        </dl>
        <p class="actions">
          <a href={`${base}/redeploy`}>Redeploy</a>
          <span class="hint">Rebuilds the site from its most recently published files.</span>
        </p>
        <section aria-labelledby="deployments">
          <h2 id="deployments">Deployments</h2>
          <form method="get" action={base} class="inline" aria-label="Filter deployments">
            <div class="field">
              <label for="f-environment">Environment</label>
              <select id="f-environment" name="environment">
                <option value="">Any</option>
                {ENVIRONMENTS.map((e) => (
                  <option value={e} selected={e === environment}>
                    {e}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for="f-status">Status</label>
              <select id="f-status" name="status">
                <option value="">Any</option>
                {STATUSES.map((s) => (
                  <option value={s} selected={s === status}>
                    {s.replace('_', ' ')}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit">Filter</button>
          </form>
          <ListTable
            rows={page.rows}
            empty={environment || status ? 'No deployments match these filters.' : 'No deployments on this page.'}
            columns={['Deployment', 'Status', 'Environment', 'URL', 'Created', 'Finished']}
            row={(d) => {
              const url = servedUrl(d, edge);
              const took = duration(d);
              const live = d.id === site.liveProductionId || d.id === site.livePreviewId;
              return (
                <tr data-deployment-id={d.id}>
                  <td class="mono">
                    <a href={`/dashboard/deployments/${d.id}`}>{d.id}</a>
                  </td>
                  <td>
                    <StatusBadge status={d.status} />
                    {live && <span class="badge ok">Live</span>}
                  </td>
                  <td>{d.environment}</td>
                  <td>{url ? <a href={url}>{url}</a> : <span class="muted">—</span>}</td>
                  <td>
                    <Time at={d.createdAt} />
                  </td>
                  <td>
                    <Time at={d.finishedAt} />
                    {took && <span class="muted"> ({took})</span>}
                  </td>
                </tr>
              );
            }}
          />
          <Pager newer={newer} older={older} />
        </section>
        <UploadDeploymentForm csrfToken={c.get('csrfToken')} siteId={siteId} maxBytes={rt.config.DEPLOY_MAX_ARCHIVE_BYTES} />
        <DeployHooksSection siteId={siteId} hooks={hooks} csrfToken={c.get('csrfToken')} />
      </>,
    );
  });

  app.get('/deployments/:id', async (c) => {
    const accountId = signedIn(c).accountId;
    const id = c.req.param('id');
    const [onPlan, d] = await Promise.all([hostingOnPlan(db, c), DEPLOYMENT_ID.test(id) ? findAccountDeployment(db, accountId, id) : null]);
    if (!onPlan) return notOnPlan(c);
    if (!d) return notFoundPage(c, 'deployment');
    const [site, lines] = await Promise.all([findAccountSite(db, accountId, d.siteId), deploymentLogLines(db, d.id)]);
    const live = site?.liveProductionId === d.id || site?.livePreviewId === d.id;
    const url = servedUrl(d, edge);
    const inProgress = d.status === 'pending' || d.status === 'building';
    const done = c.req.query('done');
    const here = `/dashboard/deployments/${d.id}`;
    return renderPage(
      c,
      { title: `Deployment ${d.id}`, section: 'sites' },
      <>
        {done === 'rolled_back' && <Notice kind="ok">Rolled back: this deployment is live again for {d.environment}.</Notice>}
        {done === 'redeployed' && <Notice kind="ok">Redeploy queued: this new deployment rebuilds the site from its most recently published files.</Notice>}
        {done === 'uploaded' && <Notice kind="ok">Archive received: this deployment builds the site from it.</Notice>}
        {done === 'promoted' && (
          <Notice kind="ok">Promoted: production now serves the preview’s files{d.promotedFrom ? ` (${d.promotedFrom})` : ''}, without a rebuild.</Notice>
        )}
        {d.status === 'failed' && (
          <Notice kind="error">
            <p>
              <strong>This deployment failed:</strong> {d.error ?? 'the build stopped without a reason (see the log below).'}
            </p>
            <p>{failureHint(d.error ?? '')}</p>
          </Notice>
        )}
        {inProgress && (
          <Notice kind="warn">
            This deployment is {d.status === 'pending' ? 'waiting for a builder' : 'building'}. <a href={here}>Refresh</a> to see how it is going.
          </Notice>
        )}
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={d.status} />
            {live && <span class="badge ok">Live</span>}
          </dd>
          <dt>Environment</dt>
          <dd>{d.environment}</dd>
          <dt>Site</dt>
          <dd>
            <a href={`/dashboard/sites/${d.siteId}`}>{d.siteId}</a>
          </dd>
          <dt>URL</dt>
          <dd>{url ? <a href={url}>{url}</a> : <span class="muted">Not served</span>}</dd>
          <dt>Source</dt>
          <dd class="mono">
            {d.promotedFrom ? (
              <>
                Promoted from preview <a href={`/dashboard/deployments/${d.promotedFrom}`}>{d.promotedFrom}</a>
              </>
            ) : d.sourceUrl ? (
              displayUrl(d.sourceUrl)
            ) : d.archiveKey ? (
              <span class="muted">An archive uploaded with the request</span>
            ) : (
              <span class="muted">Redeploy of the site’s most recently published files</span>
            )}
          </dd>
          <dt>Files</dt>
          <dd>{d.fileCount === null ? '—' : fmt.format(d.fileCount)}</dd>
          <dt>Size</dt>
          <dd>{d.totalBytes === null ? '—' : bytes(d.totalBytes)}</dd>
          <dt>Created</dt>
          <dd>
            <Time at={d.createdAt} />
          </dd>
          <dt>Started</dt>
          <dd>
            <Time at={d.startedAt} />
          </dd>
          <dt>Published</dt>
          <dd>
            <Time at={d.publishedAt} />
          </dd>
          <dt>Finished</dt>
          <dd>
            <Time at={d.finishedAt} />
            {duration(d) && <span class="muted"> (took {duration(d)})</span>}
          </dd>
          <dt>Restored by rollback</dt>
          <dd>
            <Time at={d.rolledBackAt} />
          </dd>
        </dl>
        <p class="actions">
          {d.publishedAt && !live && <a href={`${here}/rollback`}>Roll back to this deployment</a>}
          {promotable(d) && <a href={`${here}/promote`}>Promote to production</a>}
          <a href={`/dashboard/sites/${d.siteId}/redeploy`}>Redeploy the site</a>
        </p>
        <section aria-labelledby="log">
          <h2 id="log">Build log</h2>
          {lines.length === 0 ? (
            <p class="muted">{inProgress ? 'Nothing logged yet.' : 'This deployment logged nothing.'}</p>
          ) : (
            <pre class="log" tabindex={0}>
              {lines.map((l) => (
                <span class={l.level === 'info' ? undefined : l.level}>
                  {`${l.at.toISOString().slice(11, 23)} ${l.level.toUpperCase().padEnd(5)} ${l.message}`}
                  {'\n'}
                </span>
              ))}
            </pre>
          )}
        </section>
      </>,
    );
  });

  // ---- roll back -----------------------------------------------------------------------------------
  const rollbackTarget = async (c: Context<DashEnv>) => {
    const id = c.req.param('id') ?? '';
    const d = DEPLOYMENT_ID.test(id) ? await findAccountDeployment(db, signedIn(c).accountId, id) : null;
    if (!d?.publishedAt) return null;
    return d;
  };

  app.get('/deployments/:id/rollback', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
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

  app.post('/deployments/:id/rollback', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
    const id = c.req.param('id');
    if (!DEPLOYMENT_ID.test(id)) return notFoundPage(c, 'published deployment');
    const outcome = await rollbackDeployment(rt, c.get('log'), { accountId: signedIn(c).accountId, deploymentId: id }, (tx, row) =>
      audit(c, tx, 'deployment.rolled_back', row.id, { site: row.siteId, environment: row.environment }),
    );
    if (outcome.kind !== 'rolled_back') return notFoundPage(c, 'published deployment');
    return c.redirect(`/dashboard/deployments/${outcome.deployment.id}?done=rolled_back`, 303);
  });

  // ---- promote --------------------------------------------------------------------------------------
  app.get('/deployments/:id/promote', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
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

  app.post('/deployments/:id/promote', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
    const id = c.req.param('id');
    if (!DEPLOYMENT_ID.test(id)) return notFoundPage(c, 'published preview');
    // POST /v1/hosting/deployments/{id}/promote's function; the audit event commits with the switch.
    const outcome = await promoteDeployment(rt, c.get('log'), { accountId: signedIn(c).accountId, deploymentId: id }, (tx, created) =>
      audit(c, tx, 'deployment.promoted', created.id, { site: created.siteId, from: id }),
    );
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
  const redeploySite = async (c: Context<DashEnv>) => {
    const siteId = c.req.param('site') ?? '';
    return SITE_ID_PATTERN.test(siteId) ? findAccountSite(db, signedIn(c).accountId, siteId) : null;
  };

  app.get('/sites/:site/redeploy', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
    const site = await redeploySite(c);
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

  app.post('/sites/:site/redeploy', async (c) => {
    if (!(await hostingOnPlan(db, c))) return notOnPlan(c);
    const site = await redeploySite(c);
    if (!site) return notFoundPage(c, 'site');
    const accountId = signedIn(c).accountId;
    // POST /v1/hosting/deployments without source_url: the same function, so the same build.
    const deployment = await requestDeployment(rt, { accountId, siteId: site.id, environment: 'production', sourceUrl: null });
    if (!deployment) return notFoundPage(c, 'site');
    await audit(c, db, 'deployment.redeployed', deployment.id, { site: site.id, environment: deployment.environment });
    return c.redirect(`/dashboard/deployments/${deployment.id}?done=redeployed`, 303);
  });
}
