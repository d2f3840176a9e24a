import { describeRoute } from 'hono-openapi';
import { deleteAccountDocument } from '../../../db/queries/documents';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../errors';
import { requireFeature } from '../../middleware/auth';
import { requestLogger } from '../../middleware/request-log';
import { errorResponses } from '../../schemas/responses';

const ID_PATTERN = /^file_[a-z0-9]{1,64}$/;

export function registerDeleteFile(app: App, rt: Pick<Runtime, 'db' | 'store'>) {
  app.delete(
    '/files/:file_id',
    describeRoute({
      tags: ['Files'],
      summary: 'Delete an uploaded file',
      description:
        'Removes the file, its indexed passages and rows, and the stored original; it can no longer be used in file chat. ' +
        'Answers already given stay as they were. A second delete answers 404.',
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(401, 403, 404),
        404: { ...errorResponses(404)[404], description: 'No such file on this account (`file_not_found`)' },
      },
    }),
    requireFeature('files'),
    async (c) => {
      const id = c.req.param('file_id');
      const wellFormed = ID_PATTERN.test(id);
      const doc = wellFormed ? await deleteAccountDocument(rt.db, c.get('principal').accountId, id) : null;
      if (!doc) throw new ApiError('file_not_found', `No file ${wellFormed ? id : 'with that id'} on this account.`);
      // The rows are gone, so the file is gone for the caller; a blob that fails to go is only wasted space.
      await rt.store
        .delete(doc.blobKey)
        .catch((err: Error) => requestLogger(c).error({ err: { message: err.message }, blobKey: doc.blobKey }, 'could not delete a deleted file’s blob'));
      return c.body(null, 204);
    },
  );
}
