import type { FC } from 'hono/jsx';
import { DEPLOYMENT_COUNT_CAP, type findAccountSite, type SiteSummary } from '../../db/queries/sites';
import type { DeploymentEnvironment, DeploymentStatus } from '../../db/schema';
import { productionHost, siteOrigin, type EdgeAddress } from '../../hosting/urls';
import { Notice, Time } from './forms';
import { ListTable } from './list-table';
import { STATUS_BADGE, StatusBadge } from './deployments';

type Site = NonNullable<Awaited<ReturnType<typeof findAccountSite>>>;

export const ENVIRONMENTS: readonly DeploymentEnvironment[] = ['production', 'preview'];
export const STATUSES: readonly DeploymentStatus[] = ['uploading', 'pending', 'building', 'published', 'failed', 'rolled_back'];

const fmt = new Intl.NumberFormat('en');

const productionUrl = (siteId: string, edge: EdgeAddress) => siteOrigin(productionHost(siteId, edge.hostingDomain), edge.httpsPort);

/** The account's sites, each with its production URL, what is live and its latest deployment. */
export const SitesTable: FC<{ rows: SiteSummary[]; edge: EdgeAddress }> = ({ rows, edge }) => (
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
      const url = productionUrl(s.siteId, edge);
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
);

/** The head of a site's page: the notice of the action that led here, what is live where, and the redeploy link. */
export const SiteFacts: FC<{ site: Site; done: string | undefined; edge: EdgeAddress }> = ({ site, done, edge }) => {
  const url = productionUrl(site.id, edge);
  return (
    <>
      {done === 'rolled_back' && <Notice kind="ok">Rolled back: the chosen deployment is live again.</Notice>}
      {done === 'hook_deleted' && <Notice kind="ok">The deploy hook is deleted: its URL answers 404 from now on.</Notice>}
      <dl class="facts">
        <dt>Production URL</dt>
        <dd>{site.liveProductionId ? <a href={url}>{url}</a> : <span class="muted">Nothing live yet ({url} once published)</span>}</dd>
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
        <a href={`/dashboard/sites/${site.id}/redeploy`}>Redeploy</a>
        <span class="hint">Rebuilds the site from its most recently published files.</span>
      </p>
    </>
  );
};

/** The deployments list's filters, a GET form so a filtered list is a link. */
export const DeploymentFilters: FC<{ action: string; environment?: DeploymentEnvironment; status?: DeploymentStatus }> = ({ action, environment, status }) => (
  <form method="get" action={action} class="inline" aria-label="Filter deployments">
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
);
