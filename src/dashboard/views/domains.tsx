import type { Child, FC } from 'hono/jsx';
import type { DomainRow } from '../../db/queries/domains';
import type { DomainStatus, SslStatus } from '../../db/schema';
import { Field, Notice, Pager, PostForm, Time } from './forms';
import { ListTable } from './list-table';

const STATUS: Record<DomainStatus, { label: string; kind: 'ok' | 'warn' | 'error' }> = {
  pending_verification: { label: 'Pending verification', kind: 'warn' },
  verified: { label: 'Verified', kind: 'ok' },
  failed: { label: 'Failed', kind: 'error' },
};

const SSL: Record<SslStatus, { label: string; kind: 'ok' | 'warn' | 'error' | '' }> = {
  inactive: { label: 'Not yet', kind: '' },
  active: { label: 'Active', kind: 'ok' },
  error: { label: 'Error', kind: 'error' },
};

export const StatusBadge: FC<{ status: DomainStatus }> = ({ status }) => <span class={`badge ${STATUS[status].kind}`}>{STATUS[status].label}</span>;
export const SslBadge: FC<{ ssl: SslStatus }> = ({ ssl }) => <span class={`badge ${SSL[ssl].kind}`.trim()}>{SSL[ssl].label}</span>;

export const domainPath = (domain: string) => `/dashboard/domains/${encodeURIComponent(domain)}`;

/** The last check in a few words, for the list. */
function lastCheckSummary(d: DomainRow): string {
  const last = d.lastCheck;
  if (!last || !d.lastCheckedAt) return 'Not checked yet';
  if ('error' in last) return 'DNS lookup failed';
  const problems = last.records.filter((r) => r.status !== 'found').map((r) => `${r.type} ${r.status === 'missing' ? 'missing' : 'wrong value'}`);
  return problems.length === 0 ? 'All records found' : problems.join(', ');
}

/** What the list page shows besides the domains: a notice, or the add form's refusal with what was typed. */
export interface DomainsListExtra {
  error?: Child;
  form?: { domain: string; site_id: string; pair?: string };
  notice?: string;
}

/** The Domains page: the add form (the account's sites offered for the site id), then the account's domains. */
export const DomainsList: FC<{
  rows: DomainRow[];
  sites: string[];
  newer: string | null;
  older: string | null;
  csrfToken: string;
  extra: DomainsListExtra;
}> = ({ rows, sites, newer, older, csrfToken, extra }) => (
  <>
    {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
    <section aria-labelledby="add">
      <h2 id="add">Add a domain</h2>
      {extra.error && <Notice kind="error">{extra.error}</Notice>}
      <PostForm action="/dashboard/domains" csrfToken={csrfToken} class="inline">
        <Field
          label="Domain"
          name="domain"
          value={extra.form?.domain}
          required
          maxlength={253}
          hint="A domain you own, without https://, such as www.example.com."
        />
        <div class="field">
          <label for="f-site_id">Site</label>
          <input
            id="f-site_id"
            name="site_id"
            type="text"
            list="account-sites"
            value={extra.form?.site_id}
            required
            maxlength={40}
            autocomplete="off"
            aria-describedby="f-site_id-hint"
          />
          <datalist id="account-sites">
            {sites.map((id) => (
              <option value={id} />
            ))}
          </datalist>
          <p class="hint" id="f-site_id-hint">
            {sites.length > 0 ? 'One of your sites, or a new id.' : 'The id of the site to serve, e.g. “blog”.'}
          </p>
        </div>
        <div class="field">
          <label for="f-pair">www name</label>
          <select id="f-pair" name="pair">
            <option value="none" selected={(extra.form?.pair ?? 'none') === 'none'}>
              Only this name
            </option>
            <option value="apex" selected={extra.form?.pair === 'apex'}>
              Add www too; www redirects to the apex
            </option>
            <option value="www" selected={extra.form?.pair === 'www'}>
              Add the apex too; it redirects to www
            </option>
          </select>
        </div>
        <button type="submit" class="primary">
          Add domain
        </button>
      </PostForm>
    </section>
    <section aria-labelledby="list">
      <h2 id="list">Your domains</h2>
      <ListTable
        rows={rows}
        empty="No custom domains yet. Add one above, then create the DNS records its page shows."
        columns={['Domain', 'Site', 'Status', 'HTTPS', 'Last check', 'Next check']}
        row={(d) => (
          <tr data-domain={d.domain}>
            <td>
              <a href={domainPath(d.domain)}>{d.domain}</a>
            </td>
            <td class="mono">{d.siteId}</td>
            <td>
              <StatusBadge status={d.status} />
            </td>
            <td>
              <SslBadge ssl={d.ssl} />
            </td>
            <td>
              <Time at={d.lastCheckedAt} never="Not checked yet" />
              {d.lastCheckedAt && <div class="hint">{lastCheckSummary(d)}</div>}
            </td>
            <td>
              <Time at={d.nextCheckAt} never="None" />
            </td>
          </tr>
        )}
      />
      <Pager newer={newer} older={older} />
    </section>
  </>
);
