import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { findAccountDomain, type DomainRow } from '../../../db/queries/domains';
import { addCustomDomain, checkCustomDomainNow, removeCustomDomain } from '../../../hosting/custom-domains';
import { recordsFor } from '../../../hosting/domain-verification';
import { normalizeDomain } from '../../../hosting/domains';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError, invalidParameter, notFound } from '../../../errors/api-error';
import { requestLogger } from '../../middleware/request-log';
import { jsonBody } from '../../middleware/json-body';
import { requiredText } from '../../schemas/fields';
import { siteIdField } from '../../schemas/hosting';
import { addedDomainSchema, domainDetailView, domainSchema, domainView } from '../../../hosting/views';
import { errorResponse, errorResponses } from '../../schemas/responses';

export const addDomainBody = v.object({
  site_id: siteIdField,
  domain: v.pipe(requiredText(253), v.description('A bare domain name or subdomain: no scheme, port, path or trailing dot.')),
  with_www: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'Also add the other name of the www/apex pair (`example.com` and `www.example.com`; `domain` may be either). Both verify (one TXT ' +
          'record, at the apex, proves both) and get certificates; the one that is not `canonical` answers 308 to the canonical one.',
      ),
    ),
  ),
  canonical: v.optional(v.pipe(v.picklist(['apex', 'www']), v.description('With `with_www`: which name serves the site. Default `apex`.'))),
});

const alreadyExists = (domain: string) => new ApiError('domain_already_exists', `${domain} is already attached to a site.`);

type Deps = Pick<Runtime, 'db' | 'config' | 'queues' | 'redis' | 'channels' | 'edgeRegistry' | 'log' | 'siteOwners'>;

/** Path parameter (already decoded by Hono) → normalised name; a name that could never be attached is simply not found. */
function domainParam(raw: string): string {
  const n = normalizeDomain(raw);
  if (!n.ok) throw notFound(`No domain ${raw} on this account.`, 'domain');
  return n.domain;
}

export function registerDomains(app: App, rt: Deps) {
  app.post(
    '/hosting/domains',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Attach a custom domain to a site',
      description:
        'Answers the DNS records to create at the registrar: an ownership TXT record and a routing record (CNAME for a subdomain, ' +
        'A for an apex domain). The service then checks for them automatically, backing off from about a minute to an hour, for 48 hours. ' +
        'With `with_www`, the other name of the pair is added too and answered as `paired_domain`, with its own records.',
      requestBody: { content: { 'application/json': { schema: resolver(addDomainBody) } } },
      responses: {
        201: { description: 'Domain added, pending verification', content: { 'application/json': { schema: resolver(addedDomainSchema) } } },
        409: errorResponse('Already attached (`domain_already_exists`)'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    jsonBody(addDomainBody),
    async (c) => {
      const body = c.req.valid('json');
      if (body.canonical !== undefined && body.with_www !== true) throw invalidParameter("'canonical' only applies with 'with_www': true.", 'canonical');
      const added = await addCustomDomain(rt, c.get('principal').accountId, {
        siteId: body.site_id,
        domain: body.domain,
        withWww: body.with_www,
        canonical: body.canonical,
        actor: c.get('actor'),
      });
      if (!added.ok) {
        switch (added.reason) {
          case 'invalid_domain':
            throw invalidParameter(`'domain' ${added.message}`, 'domain');
          case 'platform_domain':
            throw invalidParameter(`'domain' must be your own domain, not one under ${added.hostingDomain} (sites are already served there).`, 'domain');
          case 'site_taken':
            throw notFound(`No site ${body.site_id} on this account.`, 'site_id');
          case 'verified_elsewhere':
          case 'already_added':
            throw alreadyExists(added.domain);
        }
      }
      const added201 = (row: DomainRow) => {
        const { ssl: _ssl, ...view } = domainView(row);
        return { ...view, dns_records: recordsFor(rt, row) };
      };
      return c.json({ ...added201(added.domain), ...(added.pair ? { paired_domain: added201(added.pair) } : {}) }, 201);
    },
  );

  app.get(
    '/hosting/domains/:domain',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Verification and certificate status of a domain',
      description:
        'Also answers the `dns_records` to configure (the same as when the domain was added) and `verification`: what the last ' +
        'check saw for each record (`found`, `missing`, `wrong_value`) and when the next automatic check runs.',
      responses: { 200: { description: 'The domain', content: { 'application/json': { schema: resolver(domainSchema) } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const d = await findAccountDomain(rt.db, c.get('principal').accountId, domainParam(c.req.param('domain')));
      if (!d) throw notFound(`No domain ${c.req.param('domain')} on this account.`, 'domain');
      return c.json(domainDetailView(d, recordsFor(rt, d), rt.config.EDGE_IPV4));
    },
  );

  app.post(
    '/hosting/domains/:domain/verify',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Check the DNS records now',
      description: 'Runs a verification check at once and answers the domain as GET does. On a failed domain it starts a new 48-hour window.',
      responses: {
        200: { description: 'The domain after the check', content: { 'application/json': { schema: resolver(domainSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const d = await findAccountDomain(rt.db, c.get('principal').accountId, domainParam(c.req.param('domain')));
      if (!d) throw notFound(`No domain ${c.req.param('domain')} on this account.`, 'domain');
      const checked = await checkCustomDomainNow(rt, d, c.get('actor'));
      return c.json(domainDetailView(checked, recordsFor(rt, checked), rt.config.EDGE_IPV4));
    },
  );

  app.delete(
    '/hosting/domains/:domain',
    describeRoute({
      tags: ['Hosting'],
      summary: 'Detach a domain',
      description:
        'Irreversible; traffic for the domain stops at once. Removing one name of a www/apex pair leaves the other as a domain of its own, ' +
        'serving the site itself.',
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const d = await findAccountDomain(rt.db, c.get('principal').accountId, domainParam(c.req.param('domain')));
      if (!d) throw notFound(`No domain ${c.req.param('domain')} on this account.`, 'domain');
      await removeCustomDomain(rt, requestLogger(c), d, c.get('actor'));
      return c.body(null, 204);
    },
  );
}
