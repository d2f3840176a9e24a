import type { Context, MiddlewareHandler } from 'hono';
import type { Child, FC } from 'hono/jsx';
import { getDomain as registrableDomain } from 'tldts';
import * as v from 'valibot';
import { findAccountPlan } from '../../db/queries/accounts';
import { findAccountDomain, findCertificate, listAccountDomains, type DomainRow } from '../../db/queries/domains';
import { listAccountSiteIds } from '../../db/queries/sites';
import type { DomainStatus, SslStatus } from '../../db/schema';
import { addCustomDomain, checkCustomDomainNow, removeCustomDomain, type AddDomainRefusal } from '../../hosting/custom-domains';
import { recordsFor } from '../../hosting/domain-verification';
import { answered, answerWords, findingHint, normalizeDomain, type DnsRecord, type RecordFinding } from '../../hosting/domains';
import { SITE_ID_PATTERN } from '../../hosting/urls';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { audit } from '../audit';
import { readForm } from '../form';
import { signedIn } from '../guards';
import { Field, Notice, Pager, PostForm, Time } from '../views/forms';
import { ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

const PAGE_SIZE = 20;
/** Shown with the records: any TTL works, and a short one lets a mistyped record be corrected quickly. */
const SUGGESTED_TTL = 300;

/** The same rules as POST /v1/hosting/domains's body, in words for the form; the domain itself is judged by addCustomDomain. */
const addForm = v.object({
  domain: v.pipe(
    v.string('Enter a domain.'),
    v.trim(),
    v.nonEmpty('Enter a domain, such as www.example.com.'),
    v.maxLength(253, 'A domain has at most 253 characters.'),
  ),
  site_id: v.pipe(
    v.string('Enter a site id.'),
    v.trim(),
    v.nonEmpty('Enter the id of the site the domain should serve.'),
    v.maxLength(40, 'A site id has at most 40 characters.'),
    v.regex(SITE_ID_PATTERN, 'A site id is lowercase letters, digits and hyphens, not starting or ending with a hyphen.'),
  ),
  // The www/apex pair in one choice: none, or which name of the pair serves the site (the other redirects).
  pair: v.optional(v.picklist(['none', 'apex', 'www'], 'Choose whether to add the www name too.'), 'none'),
});

type Ctx = Context<DashEnv>;

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

const StatusBadge: FC<{ status: DomainStatus }> = ({ status }) => <span class={`badge ${STATUS[status].kind}`}>{STATUS[status].label}</span>;
const SslBadge: FC<{ ssl: SslStatus }> = ({ ssl }) => <span class={`badge ${SSL[ssl].kind}`.trim()}>{SSL[ssl].label}</span>;

const domainPath = (domain: string) => `/dashboard/domains/${encodeURIComponent(domain)}`;

/** The last check in a few words, for the list. */
function lastCheckSummary(d: DomainRow): string {
  const last = d.lastCheck;
  if (!last || !d.lastCheckedAt) return 'Not checked yet';
  if ('error' in last) return 'DNS lookup failed';
  const problems = last.records.filter((r) => r.status !== 'found').map((r) => `${r.type} ${r.status === 'missing' ? 'missing' : 'wrong value'}`);
  return problems.length === 0 ? 'All records found' : problems.join(', ');
}

/** One record of the last check: the API's hint, then what each resolver answered when several were asked or one failed. */
function findingDetails(record: DnsRecord, f: RecordFinding | undefined, edgeIpv4: string): Child {
  const lookups = f?.lookups ?? [];
  const resolvers = new Set(lookups.map((l) => l.resolver));
  const worthListing = resolvers.size > 1 || lookups.some((l) => !answered(l.outcome));
  return (
    <>
      {findingHint(record, f, edgeIpv4)}
      {worthListing && (
        <ul class="lookups hint">
          {lookups.map((l) => (
            <li data-lookup={l.outcome}>
              <span class="mono">{l.resolver}</span>: {l.type} {answerWords(l)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** DOMAIN_VERIFY_WINDOW_MS in words: “48 hours” (tests use windows of seconds). */
function durationWords(ms: number): string {
  const [n, unit] = ms >= 3_600_000 ? [ms / 3_600_000, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1_000, 'second'];
  const rounded = Math.round(n * 10) / 10;
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

/** What a user types at a DNS host that appends the zone itself: `_kiln-challenge.www` for `_kiln-challenge.www.example.com`. */
function relativeName(recordName: string, domain: string): string | null {
  const zone = registrableDomain(domain, { allowPrivateDomains: false });
  if (!zone || (recordName !== zone && !recordName.endsWith(`.${zone}`))) return null;
  return recordName === zone ? '@' : recordName.slice(0, -(zone.length + 1));
}

function refusalMessage(r: AddDomainRefusal, form: { domain: string; site_id: string }): Child {
  switch (r.reason) {
    case 'invalid_domain':
      return `“${form.domain}” cannot be used as a domain: ${r.message}.`;
    case 'platform_domain':
      return `Names under ${r.hostingDomain} are Kiln’s own: enter a domain you own. The site is already served at ${form.site_id}.${r.hostingDomain}.`;
    case 'site_taken':
      return `The site id “${form.site_id}” belongs to another account. Choose one of your sites, or a new id to create one.`;
    case 'verified_elsewhere':
      return `${r.domain} is already taken: another account has verified it. If the domain is yours, remove it from that account first.`;
    case 'already_added':
      return (
        <>
          <a href={domainPath(r.domain)}>{r.domain}</a> is already on this account.
        </>
      );
  }
}

/**
 * Domains: the account's custom domains, adding one (the records to create at the DNS host are shown on
 * its page), checking it now and removing it, each through src/hosting/custom-domains.ts, which the
 * /v1/hosting/domains routes use too. Without hosting in the plan the section only says so.
 */
export function registerDomainsPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;

  // As the API answers 403 to every domains route, the whole section is closed without hosting.
  const requireHosting: MiddlewareHandler<DashEnv> = async (c, next) => {
    const session = signedIn(c);
    const plan = await findAccountPlan(db, session.accountId);
    if (plan?.features.includes('hosting')) return next();
    const listing = c.req.method === 'GET' && c.req.path === '/dashboard/domains';
    return renderPage(
      c,
      { title: 'Domains', section: 'domains' },
      <p data-no-hosting>
        Custom domains are part of site hosting, which the <strong>{session.planId}</strong> plan does not include. Ask the operator to move this account to a
        plan with hosting to serve your sites at your own domains.
      </p>,
      listing ? 200 : 403,
    );
  };
  // Hono's `/domains/*` matches `/domains` itself too.
  app.use('/domains/*', requireHosting);

  /** The signed-in account's domain named in the path, or null (another account's looks the same as none). */
  const accountDomain = async (c: Ctx) => {
    const n = normalizeDomain(c.req.param('domain'));
    return n.ok ? findAccountDomain(db, signedIn(c).accountId, n.domain) : null;
  };

  const listPage = async (c: Ctx, extra: { error?: Child; form?: { domain: string; site_id: string; pair?: string }; notice?: string } = {}) => {
    const session = signedIn(c);
    const position = async (name: string | undefined) => {
      const n = name === undefined ? null : normalizeDomain(name);
      const d = n?.ok ? await findAccountDomain(db, session.accountId, n.domain) : null;
      return d ? { createdAt: d.createdAt, id: d.id } : undefined;
    };
    // A cursor that names no domain of this account (removed meanwhile) shows the first page.
    const after = await position(c.req.query('after'));
    const before = after ? undefined : await position(c.req.query('before'));
    const [page, sites] = await Promise.all([
      listAccountDomains(db, session.accountId, {}, { limit: PAGE_SIZE, after, before }),
      listAccountSiteIds(db, session.accountId),
    ]);
    const first = page.rows[0];
    const last = page.rows.at(-1);
    const newer = first && (before ? page.hasMore : Boolean(after)) ? `/dashboard/domains?before=${encodeURIComponent(first.domain)}` : null;
    const older = last && (before ? true : page.hasMore) ? `/dashboard/domains?after=${encodeURIComponent(last.domain)}` : null;
    return renderPage(
      c,
      { title: 'Domains', section: 'domains' },
      <>
        {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
        <section aria-labelledby="add">
          <h2 id="add">Add a domain</h2>
          {extra.error && <Notice kind="error">{extra.error}</Notice>}
          <PostForm action="/dashboard/domains" csrfToken={c.get('csrfToken')} class="inline">
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
            rows={page.rows}
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
      </>,
      extra.error ? 400 : 200,
    );
  };

  const detailPage = async (c: Ctx, d: DomainRow) => {
    const records = recordsFor(rt, d);
    const findings = d.lastCheck && 'records' in d.lastCheck ? d.lastCheck.records : [];
    const lookupError = d.lastCheck && 'error' in d.lastCheck ? d.lastCheck.error : null;
    // Certificates are stored by hostname: only the account that verified the name has one of its own.
    const cert = d.status === 'verified' ? await findCertificate(db, d.domain) : null;
    const windowEnds = new Date(d.windowStartedAt.getTime() + rt.config.DOMAIN_VERIFY_WINDOW_MS);
    const windowLength = durationWords(rt.config.DOMAIN_VERIFY_WINDOW_MS);
    const done = c.req.query('done');
    return renderPage(
      c,
      { title: d.domain, section: 'domains' },
      <>
        {done === 'added' && <Notice kind="ok">Domain added. Create the two DNS records below at your DNS host; Kiln checks for them automatically.</Notice>}
        {done === 'checked' &&
          (d.status === 'verified' ? (
            <Notice kind="ok">Checked: the domain is verified. {d.ssl === 'active' ? '' : 'Its HTTPS certificate is being issued.'}</Notice>
          ) : d.status === 'failed' ? (
            <Notice kind="error">Checked: the records were not in place before the verification window ended, so the domain failed.</Notice>
          ) : lookupError ? (
            <Notice kind="warn">Checked, but the DNS lookup failed, so nothing was decided. Try again in a few minutes.</Notice>
          ) : (
            <Notice kind="warn">Checked: not every record is in place yet. See what the check found below.</Notice>
          ))}
        <p>
          <a href="/dashboard/domains">← All domains</a>
        </p>
        <section aria-labelledby="status">
          <h2 id="status">Status</h2>
          <dl class="facts">
            <dt>Site</dt>
            <dd class="mono">{d.siteId}</dd>
            {d.pairedWith && (
              <>
                <dt>Paired with</dt>
                <dd data-pair={d.redirects ? 'redirects' : 'canonical'}>
                  <a href={domainPath(d.pairedWith)}>{d.pairedWith}</a>{' '}
                  <span class="muted">
                    {d.redirects
                      ? `this name redirects (308) to ${d.pairedWith} once that one is verified`
                      : `${d.pairedWith} redirects (308) here; this name serves the site`}
                  </span>
                </dd>
              </>
            )}
            <dt>Status</dt>
            <dd data-status={d.status}>
              <StatusBadge status={d.status} /> {d.status === 'pending_verification' && <span class="muted">waiting for both DNS records below</span>}
              {d.status === 'failed' && <span class="muted">the records were not found within {windowLength}</span>}
            </dd>
            <dt>Verification</dt>
            <dd>
              {d.status === 'verified' && (
                <>
                  Verified <Time at={d.verifiedAt} />
                </>
              )}
              {d.status === 'pending_verification' && (
                <>
                  Automatic checks go on until <Time at={windowEnds} />.
                </>
              )}
              {d.status === 'failed' && (
                <>
                  The window ended <Time at={windowEnds} />. Check now starts a new window of {windowLength}.
                </>
              )}
            </dd>
            <dt>HTTPS</dt>
            <dd data-ssl={d.ssl}>
              <SslBadge ssl={d.ssl} /> {d.ssl === 'inactive' && <span class="muted">a certificate is issued once the domain is verified</span>}
              {d.sslError && <span class="error-text"> {d.sslError}</span>}
              {d.ssl === 'error' && d.sslProblem?.type && (
                <div class="hint" data-problem={d.sslProblem.type}>
                  The certificate authority’s problem: <code>{d.sslProblem.type}</code>
                  {d.sslProblem.status ? ` (HTTP ${d.sslProblem.status})` : ''}
                  {(d.sslProblem.subproblems ?? []).map((p) => (
                    <div>
                      {p.identifier ? `${p.identifier.value}: ` : ''}
                      {p.type && <code>{p.type}</code>} {p.detail}
                    </div>
                  ))}
                </div>
              )}
            </dd>
            <dt>Certificate expires</dt>
            <dd>{cert ? <Time at={cert.notAfter} /> : <span class="muted">No certificate yet</span>}</dd>
            <dt>Last check</dt>
            <dd>
              <Time at={d.lastCheckedAt} never="Not checked yet" />
            </dd>
            <dt>Next automatic check</dt>
            <dd>
              <Time at={d.nextCheckAt} never="None scheduled" />
            </dd>
            <dt>Added</dt>
            <dd>
              <Time at={d.createdAt} />
            </dd>
          </dl>
          {d.status !== 'verified' && (
            <PostForm action={`${domainPath(d.domain)}/check`} csrfToken={c.get('csrfToken')} class="actions">
              <button type="submit" class="primary">
                Check now
              </button>
            </PostForm>
          )}
        </section>
        <section aria-labelledby="records">
          <h2 id="records">DNS records</h2>
          <p>
            {d.status === 'verified'
              ? 'Keep these records at your DNS host: the routing record sends visitors here.'
              : 'Create these records at your DNS host. The TXT record proves the domain is yours; the other one sends visitors here.'}
          </p>
          <div class="table-wrap">
            <table class="dns-records">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                  <th scope="col">TTL</th>
                </tr>
              </thead>
              <tbody>
                {records.map((r, i) => {
                  const relative = relativeName(r.name, d.domain);
                  return (
                    <tr data-record={r.type}>
                      <td>{r.type}</td>
                      <td>
                        <span class="copy-cell">
                          <code id={`record-${i}-name`}>{r.name}</code>
                          <button type="button" data-copy={`#record-${i}-name`} aria-label={`Copy the ${r.type} record’s name`}>
                            Copy
                          </button>
                        </span>
                        {relative && relative !== r.name && (
                          <div class="hint">
                            At hosts that add {registrableDomain(d.domain, { allowPrivateDomains: false })} themselves: <code>{relative}</code>
                          </div>
                        )}
                      </td>
                      <td>
                        <span class="copy-cell">
                          <code id={`record-${i}-value`}>{r.value}</code>
                          <button type="button" data-copy={`#record-${i}-value`} aria-label={`Copy the ${r.type} record’s value`}>
                            Copy
                          </button>
                        </span>
                      </td>
                      <td>{SUGGESTED_TTL}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p class="hint">Any TTL works; {SUGGESTED_TTL} seconds lets a mistyped record be corrected quickly.</p>
        </section>
        <section aria-labelledby="last-check">
          <h2 id="last-check">Last check</h2>
          {!d.lastCheckedAt ? (
            <p class="muted">Not checked yet.</p>
          ) : (
            <>
              <p>
                <Time at={d.lastCheckedAt} />
                {lookupError ? <>: the DNS lookup failed ({lookupError}). That decides nothing; the next check tries again.</> : ':'}
              </p>
              {findings.length > 0 && (
                <ul class="findings">
                  {records.map((r) => {
                    const f = findings.find((x) => x.type === r.type && x.name === r.name);
                    return <li data-finding={f?.status ?? 'unknown'}>{findingDetails(r, f, rt.config.EDGE_IPV4)}</li>;
                  })}
                </ul>
              )}
            </>
          )}
        </section>
        <section aria-labelledby="remove">
          <h2 id="remove">Remove</h2>
          <p>
            <a href={`${domainPath(d.domain)}/remove`} class="danger">
              Remove domain
            </a>
          </p>
        </section>
      </>,
    );
  };

  app.get('/domains', (c) => listPage(c, { notice: c.req.query('done') === 'removed' ? 'The domain is removed: Kiln no longer serves it.' : undefined }));

  app.post('/domains', async (c) => {
    const session = signedIn(c);
    const form = await readForm(c, addForm);
    if (!form.ok) {
      const body = await c.req.parseBody();
      const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
      return listPage(c, { error: form.first, form: { domain: text('domain'), site_id: text('site_id') } });
    }
    const added = await addCustomDomain(rt, session.accountId, {
      siteId: form.values.site_id,
      domain: form.values.domain,
      withWww: form.values.pair !== 'none',
      canonical: form.values.pair === 'www' ? 'www' : 'apex',
    });
    if (!added.ok) return listPage(c, { error: refusalMessage(added, form.values), form: form.values });
    await audit(c, db, 'domain.added', added.domain.domain, { site: added.domain.siteId });
    if (added.pair) await audit(c, db, 'domain.added', added.pair.domain, { site: added.pair.siteId, pairedWith: added.domain.domain });
    return c.redirect(`${domainPath(added.domain.domain)}?done=added`, 303);
  });

  app.get('/domains/:domain', async (c) => {
    const d = await accountDomain(c);
    return d ? detailPage(c, d) : notFoundPage(c, 'domain');
  });

  app.post('/domains/:domain/check', async (c) => {
    const d = await accountDomain(c);
    if (!d) return notFoundPage(c, 'domain');
    const checked = await checkCustomDomainNow(rt, d);
    await audit(c, db, 'domain.checked', d.domain, { before: d.status, after: checked.status });
    return c.redirect(`${domainPath(d.domain)}?done=checked`, 303);
  });

  app.get('/domains/:domain/remove', async (c) => {
    const d = await accountDomain(c);
    if (!d) return notFoundPage(c, 'domain');
    return confirmPage(
      c,
      { title: `Remove ${d.domain}?`, section: 'domains', action: `${domainPath(d.domain)}/remove`, confirm: 'Remove domain', cancel: domainPath(d.domain) },
      <>
        <p>
          Kiln stops serving <span class="mono">{d.domain}</span> at once
          {d.status === 'verified' ? ' and deletes its certificate' : ''}.
          {d.pairedWith ? ` ${d.pairedWith} stays, as a domain of its own serving the site itself.` : ''} The site <span class="mono">{d.siteId}</span> stays,
          at its own address. To use the domain again, add it again and verify it with a new TXT record.
        </p>
      </>,
    );
  });

  app.post('/domains/:domain/remove', async (c) => {
    const d = await accountDomain(c);
    if (!d) return notFoundPage(c, 'domain');
    await removeCustomDomain(rt, c.get('log') ?? rt.log, d, (tx) => audit(c, tx, 'domain.removed', d.domain, { site: d.siteId, status: d.status }));
    return c.redirect('/dashboard/domains?done=removed', 303);
  });
}
