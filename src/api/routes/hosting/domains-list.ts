import { describeRoute, resolver } from 'hono-openapi';
import { findAccountDomain, listAccountDomains } from '../../../db/queries/domains';
import type { DomainStatus } from '../../../db/schema';
import { recordsFor } from '../../../hosting/domain-verification';
import { normalizeDomain } from '../../../hosting/domains';
import { SITE_ID_PATTERN } from '../../../hosting/urls';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { listParameters, readListQuery, type ListFilter } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { domainDetailView, domainSchema } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

const FILTERS = {
  site_id: {
    description: 'Only domains attached to this site.',
    pattern: SITE_ID_PATTERN,
    patternMessage: 'must be 1–40 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  },
  status: { description: 'Only domains in this status.', values: ['pending_verification', 'verified', 'failed'] },
} satisfies Record<string, ListFilter>;

export function registerListDomains(app: App, rt: Pick<Runtime, 'db' | 'config'>) {
  app.get(
    '/hosting/domains',
    describeRoute({
      tags: ['Hosting'],
      summary: 'List custom domains',
      description:
        'The account’s domains, newest first, each as GET /v1/hosting/domains/{domain} answers it. A domain is named by itself, ' +
        'so the cursor is the `domain` of the last (or first) item of a page.',
      parameters: listParameters('domains', 'A `domain` of this account.', FILTERS),
      responses: {
        200: { description: 'A page of domains', content: { 'application/json': { schema: resolver(listSchema(domainSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, FILTERS);
      const position = async (param: string, name: string | undefined) => {
        if (name === undefined) return undefined;
        const n = normalizeDomain(name);
        const d = n.ok ? await findAccountDomain(rt.db, accountId, n.domain) : null;
        if (!d) throw invalidParameter(`'${param}': no domain ${n.ok ? n.domain : 'by that name'} on this account.`, param);
        return { createdAt: d.createdAt, id: d.id };
      };
      const page = await listAccountDomains(
        rt.db,
        accountId,
        { siteId: q.filters.site_id, status: q.filters.status as DomainStatus | undefined },
        { limit: q.limit, after: await position('starting_after', q.startingAfter), before: await position('ending_before', q.endingBefore) },
      );
      return c.json(
        listView(
          c,
          page.rows.map((d) => domainDetailView(d, recordsFor(rt, d), rt.config.EDGE_IPV4)),
          page.hasMore,
        ),
      );
    },
  );
}
