import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../../errors/api-error';
import { deleteSource } from '../../../plagiarism/sources';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { requestLogger } from '../../middleware/request-log';
import { errorResponses } from '../../schemas/responses';
import { SOURCE_ID_PATTERN } from './plagiarism-sources-list';

export function registerDeletePlagiarismSource(app: App, rt: Pick<Runtime, 'db' | 'queues' | 'usage' | 'redis' | 'channels'>) {
  app.delete(
    '/plagiarism/sources/:source_id',
    describeRoute({
      tags: ['Text'],
      summary: 'Delete a plagiarism source',
      description:
        'Removes the source, its text and its fingerprints at once: no check that starts afterwards can match it. Results of earlier ' +
        'checks stay as they were; its bytes no longer count against the storage allowance. A second delete answers 404.',
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.param('source_id');
      const deleted = SOURCE_ID_PATTERN.test(id)
        ? await deleteSource({ ...rt, log: requestLogger(c) }, c.get('principal').accountId, id, c.get('actor'))
        : null;
      if (!deleted) throw new ApiError('not_found', `No plagiarism source ${SOURCE_ID_PATTERN.test(id) ? id : 'with that id'} on this account.`);
      return c.body(null, 204);
    },
  );
}
