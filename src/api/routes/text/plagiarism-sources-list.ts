import { describeRoute, resolver } from 'hono-openapi';
import { invalidParameter } from '../../../errors/api-error';
import type { CorpusDocumentStatus } from '../../../db/schema/corpus';
import { getSource, listSources } from '../../../plagiarism/sources';
import { plagiarismSourceSchema, plagiarismSourceView } from '../../../plagiarism/views';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { listParameters, readListQuery, type ListFilter } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { errorResponses } from '../../schemas/responses';

export const SOURCE_ID_PATTERN = /^psrc_[a-z0-9]{1,64}$/;

const FILTERS = {
  status: { description: 'Only sources in this status.', values: ['pending', 'ready', 'failed'] },
} satisfies Record<string, ListFilter>;

export function registerListPlagiarismSources(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/plagiarism/sources',
    describeRoute({
      tags: ['Text'],
      summary: 'List the account’s plagiarism sources',
      description:
        'The account’s own sources, newest first (ties by id), each as GET /v1/plagiarism/sources/{id} answers it (the shared corpus ' +
        'is not listed). Page with `starting_after` (the last `id` of a page) while `has_more` is true.',
      parameters: listParameters('sources', 'A source `id` of this account.', FILTERS),
      responses: {
        200: { description: 'A page of sources', content: { 'application/json': { schema: resolver(listSchema(plagiarismSourceSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, FILTERS);
      // An id that is not one of this account's sources cannot mark a place in its list (Stripe answers 400 too).
      const position = async (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        const s = SOURCE_ID_PATTERN.test(id) ? await getSource(rt, accountId, id) : null;
        if (!s) throw invalidParameter(`'${param}': no source ${SOURCE_ID_PATTERN.test(id) ? id : 'with that id'} on this account.`, param);
        return { createdAt: s.createdAt, id: s.id };
      };
      const page = await listSources(
        rt,
        accountId,
        { status: q.filters.status as CorpusDocumentStatus | undefined },
        { limit: q.limit, after: await position('starting_after', q.startingAfter), before: await position('ending_before', q.endingBefore) },
      );
      return c.json(listView(c, page.rows.map(plagiarismSourceView), page.hasMore));
    },
  );
}
