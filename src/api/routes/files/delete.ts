import { describeRoute } from 'hono-openapi';
import { deleteUploadedFile, FILE_ID_PATTERN } from '../../../documents/delete-file';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../../errors/api-error';
import { requestLogger } from '../../middleware/request-log';
import { errorResponses } from '../../schemas/responses';

export function registerDeleteFile(app: App, rt: Pick<Runtime, 'db' | 'store' | 'usage' | 'redis' | 'channels'>) {
  app.delete(
    '/files/:file_id',
    describeRoute({
      tags: ['Files'],
      summary: 'Delete an uploaded file',
      description:
        'Removes the file, its indexed passages and rows, and the stored original; it can no longer be used in file chat. ' +
        'Answers already given stay as they were; the file no longer counts against the storage allowance. A second delete answers 404.',
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(401, 403, 404),
        404: { ...errorResponses(404)[404], description: 'No such file on this account (`file_not_found`)' },
      },
    }),
    async (c) => {
      const id = c.req.param('file_id');
      const doc = await deleteUploadedFile({ ...rt, log: requestLogger(c) }, c.get('principal').accountId, id, c.get('actor'));
      if (!doc) throw new ApiError('file_not_found', `No file ${FILE_ID_PATTERN.test(id) ? id : 'with that id'} on this account.`, {}, 'file_id');
      return c.body(null, 204);
    },
  );
}
