import { describeRoute, resolver } from 'hono-openapi';
import { FILE_ID_PATTERN } from '../../../documents/delete-file';
import { listedFileSchema, listedFileView } from '../../../documents/views';
import { findAccountDocument } from '../../../db/queries/documents';
import { findAccountJob } from '../../../db/queries/jobs';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';

export function registerReadFile(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/files/:file_id',
    describeRoute({
      tags: ['Files'],
      summary: 'Retrieve an uploaded file',
      description:
        'The file as the list shows it: the upload’s answer and the state of its semantic index (`semantic_index`), so a client can poll until it is ' +
        '`ready`. An upload still being parsed, or one that was refused, is not a file yet: 404 `file_not_found`, whose message says to poll the ' +
        'upload’s job (GET /v1/jobs/{id}, the same id). Another account’s file is not found either.',
      responses: {
        200: { description: 'The file', content: { 'application/json': { schema: resolver(listedFileSchema) } } },
        ...errorResponses(401, 403, 404),
        404: { ...errorResponses(404)[404], description: 'No such file on this account (`file_not_found`)' },
      },
    }),
    async (c) => {
      const id = c.req.param('file_id');
      const accountId = c.get('principal').accountId;
      if (!FILE_ID_PATTERN.test(id)) throw new ApiError('file_not_found', 'No file with that id on this account.', {}, 'file_id');
      const doc = await findAccountDocument(rt.db, accountId, id);
      if (doc) return c.json(listedFileView(doc));
      // The upload's job has the file's id: say what became of it rather than only "not found".
      const job = await findAccountJob(rt.db, accountId, id);
      if (job?.kind === 'file.ingest' && (job.status === 'queued' || job.status === 'running')) {
        throw new ApiError('file_not_found', `File ${id} is still being parsed; poll GET /v1/jobs/${id} until it succeeds.`, {}, 'file_id');
      }
      if (job?.kind === 'file.ingest' && job.status === 'failed') {
        throw new ApiError('file_not_found', `File ${id} was refused when it was parsed; GET /v1/jobs/${id} says why.`, {}, 'file_id');
      }
      throw new ApiError('file_not_found', `No file ${id} on this account.`, {}, 'file_id');
    },
  );
}
