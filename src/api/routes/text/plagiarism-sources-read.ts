import { describeRoute, resolver } from 'hono-openapi';
import { ApiError } from '../../../errors/api-error';
import { getSource } from '../../../plagiarism/sources';
import { plagiarismSourceSchema, plagiarismSourceView } from '../../../plagiarism/views';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { errorResponses } from '../../schemas/responses';
import { SOURCE_ID_PATTERN } from './plagiarism-sources-list';

export function registerReadPlagiarismSource(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/plagiarism/sources/:source_id',
    describeRoute({
      tags: ['Text'],
      summary: 'Read one plagiarism source',
      description: 'One of the account’s sources: poll it after adding one until `status` is `ready` (or `failed`). Another account’s source answers 404.',
      responses: {
        200: { description: 'The source', content: { 'application/json': { schema: resolver(plagiarismSourceSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.param('source_id');
      const source = SOURCE_ID_PATTERN.test(id) ? await getSource(rt, c.get('principal').accountId, id) : null;
      if (!source) throw new ApiError('not_found', `No plagiarism source ${SOURCE_ID_PATTERN.test(id) ? id : 'with that id'} on this account.`);
      return c.json(plagiarismSourceView(source));
    },
  );
}
