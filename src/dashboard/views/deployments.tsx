import type { FC } from 'hono/jsx';
import type { deploymentLogLines, DeploymentRow } from '../../db/queries/deployments';
import type { DeploymentStatus } from '../../db/schema';
import { displayUrl } from '../../hosting/build-deployment';
import { deploymentUrl, permalinkUrl, type EdgeAddress } from '../../hosting/urls';
import { formatBytesExact } from '../format';
import { Notice, Time } from './forms';
import { ListTable } from './list-table';

export const STATUS_BADGE: Record<DeploymentStatus, { kind: string; label: string }> = {
  uploading: { kind: 'warn', label: 'Uploading' },
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

/** One log line as the page shows it; dashboard.js writes live lines the same way. */
const logText = (l: { at: Date; level: string; message: string }) => `${l.at.toISOString().slice(11, 23)} ${l.level.toUpperCase().padEnd(5)} ${l.message}`;

function duration(d: Pick<DeploymentRow, 'createdAt' | 'startedAt' | 'finishedAt'>): string | null {
  if (!d.finishedAt) return null;
  const ms = d.finishedAt.getTime() - (d.startedAt ?? d.createdAt).getTime();
  if (ms < 60_000) return `${(Math.max(ms, 0) / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** Where a deployment is served: the API's rule (deploymentView): once published and no longer building. */
function servedUrl(d: DeploymentRow, edge: EdgeAddress): string | null {
  return d.publishedAt && d.status !== 'building' ? deploymentUrl(d, edge) : null;
}

/** The address of this very deployment, under the same rule as its URL (the API's `permalink_url`). */
function permalink(d: DeploymentRow, edge: EdgeAddress): string | null {
  return d.publishedAt && d.status !== 'building' ? permalinkUrl(d, edge) : null;
}

/** promoteDeployment's own rule, so the button shows only where it works: a preview that was published. */
export function promotable(d: DeploymentRow): boolean {
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

/** A site's deployments, one row each, with the live ones marked. */
export const DeploymentsTable: FC<{ rows: DeploymentRow[]; live: readonly (string | null)[]; filtered: boolean; edge: EdgeAddress }> = ({
  rows,
  live,
  filtered,
  edge,
}) => (
  <ListTable
    rows={rows}
    empty={filtered ? 'No deployments match these filters.' : 'No deployments on this page.'}
    columns={['Deployment', 'Status', 'Environment', 'URL', 'Permalink', 'Created', 'Finished']}
    row={(d) => {
      const url = servedUrl(d, edge);
      const own = permalink(d, edge);
      const took = duration(d);
      return (
        <tr data-deployment-id={d.id}>
          <td class="mono">
            <a href={`/dashboard/deployments/${d.id}`}>{d.id}</a>
          </td>
          <td>
            <StatusBadge status={d.status} />
            {/* The API's `live`: the live row, once served (a build going live shows it with its status). */}
            {url && live.includes(d.id) && <span class="badge ok">Live</span>}
          </td>
          <td>{d.environment}</td>
          <td>
            {url ? (
              <a href={url} class="clip" title={url}>
                {url}
              </a>
            ) : (
              <span class="muted">—</span>
            )}
          </td>
          <td>
            {own ? (
              <a href={own} class="clip" title={own}>
                {own}
              </a>
            ) : (
              <span class="muted">—</span>
            )}
          </td>
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
);

/** One deployment: what happened to it (the notice of the action that led here), its facts, its actions and its build log. */
export const DeploymentDetail: FC<{
  d: DeploymentRow;
  live: boolean;
  lines: Awaited<ReturnType<typeof deploymentLogLines>>;
  done: string | undefined;
  edge: EdgeAddress;
}> = ({ d, live, lines, done, edge }) => {
  const url = servedUrl(d, edge);
  const inProgress = d.status === 'pending' || d.status === 'building';
  const here = `/dashboard/deployments/${d.id}`;
  return (
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
          This deployment is {d.status === 'pending' ? 'waiting for a builder' : 'building'}. Its build log below grows as the build writes it, and the page
          reloads when the build ends. Without JavaScript, <a href={here}>refresh</a> the page to see how it is going.
        </Notice>
      )}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={d.status} />
          {url && live && <span class="badge ok">Live</span>}
        </dd>
        <dt>Environment</dt>
        <dd>{d.environment}</dd>
        <dt>Site</dt>
        <dd>
          <a href={`/dashboard/sites/${d.siteId}`}>{d.siteId}</a>
        </dd>
        <dt>URL</dt>
        <dd>{url ? <a href={url}>{url}</a> : <span class="muted">Not served</span>}</dd>
        <dt>Permalink</dt>
        <dd>
          {url ? <a href={permalink(d, edge)!}>{permalink(d, edge)}</a> : <span class="muted">Not served</span>}
          {url && <span class="muted"> (always this deployment, whatever is live)</span>}
        </dd>
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
        <dd>{d.totalBytes === null ? '—' : formatBytesExact(d.totalBytes)}</dd>
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
        {lines.length === 0 && <p class="muted">{inProgress ? 'Nothing logged yet.' : 'This deployment logged nothing.'}</p>}
        {(lines.length > 0 || inProgress) && (
          // In progress, dashboard.js follows the log from the last line shown (GET /dashboard/deployments/{id}/log).
          <pre class="log" tabindex={0} hidden={lines.length === 0} data-live-log={inProgress ? `${here}/log?after=${lines.at(-1)?.id ?? 0}` : undefined}>
            {lines.map((l) => (
              <span class={l.level === 'info' ? undefined : l.level}>
                {logText(l)}
                {'\n'}
              </span>
            ))}
          </pre>
        )}
      </section>
    </>
  );
};
