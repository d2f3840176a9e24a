import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import * as v from 'valibot';
import { findAccountDomain, findCertificate, listAccountDomains, type DomainRow } from '../../db/queries/domains';
import { listAccountSiteIds } from '../../db/queries/sites';
import { addCustomDomain, checkCustomDomainNow, removeCustomDomain, type AddDomainRefusal } from '../../hosting/custom-domains';
import { recordsFor } from '../../hosting/domain-verification';
import { normalizeDomain } from '../../hosting/domains';
import { SITE_ID_PATTERN } from '../../hosting/urls';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { dashboardActor } from '../audit';
import { readForm } from '../form';
import { requireHosting, signedIn } from '../guards';
import { DomainDetail } from '../views/domain-detail';
import { domainPath, DomainsList, type DomainsListExtra } from '../views/domains';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

const PAGE_SIZE = 20;

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

  // As the API answers 403 to every domains route, the whole section is closed without hosting; the list says why with 200.
  const requireHostingPlan = requireHosting(db, (c) =>
    renderPage(
      c,
      { title: 'Domains', section: 'domains' },
      <p data-no-hosting>
        Custom domains are part of site hosting, which the <strong>{signedIn(c).planId}</strong> plan does not include. Ask the operator to move this account to
        a plan with hosting to serve your sites at your own domains.
      </p>,
      c.req.method === 'GET' && c.req.path === '/dashboard/domains' ? 200 : 403,
    ),
  );
  // Hono's `/domains/*` matches `/domains` itself too.
  app.use('/domains/*', requireHostingPlan);

  /** The signed-in account's domain named in the path, or null (another account's looks the same as none). */
  const accountDomain = async (c: Ctx) => {
    const n = normalizeDomain(c.req.param('domain'));
    return n.ok ? findAccountDomain(db, signedIn(c).accountId, n.domain) : null;
  };

  const listPage = async (c: Ctx, extra: DomainsListExtra = {}) => {
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
      <DomainsList rows={page.rows} sites={sites} newer={newer} older={older} csrfToken={c.get('csrfToken')} extra={extra} />,
      extra.error ? 400 : 200,
    );
  };

  const detailPage = async (c: Ctx, d: DomainRow) => {
    // Certificates are stored by hostname: only the account that verified the name has one of its own.
    const cert = d.status === 'verified' ? await findCertificate(db, d.domain) : null;
    return renderPage(
      c,
      { title: d.domain, section: 'domains' },
      <DomainDetail
        d={d}
        records={recordsFor(rt, d)}
        cert={cert}
        windowMs={rt.config.DOMAIN_VERIFY_WINDOW_MS}
        edgeIpv4={rt.config.EDGE_IPV4}
        done={c.req.query('done')}
        csrfToken={c.get('csrfToken')}
      />,
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
      actor: dashboardActor(c),
    });
    if (!added.ok) return listPage(c, { error: refusalMessage(added, form.values), form: form.values });
    return c.redirect(`${domainPath(added.domain.domain)}?done=added`, 303);
  });

  app.get('/domains/:domain', async (c) => {
    const d = await accountDomain(c);
    return d ? detailPage(c, d) : notFoundPage(c, 'domain');
  });

  app.post('/domains/:domain/check', async (c) => {
    const d = await accountDomain(c);
    if (!d) return notFoundPage(c, 'domain');
    await checkCustomDomainNow(rt, d, dashboardActor(c));
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
    await removeCustomDomain(rt, c.get('log') ?? rt.log, d, dashboardActor(c));
    return c.redirect('/dashboard/domains?done=removed', 303);
  });
}
