import { describeRoute, resolver } from 'hono-openapi';
import { findAccountDocument } from '../../../db/queries/documents';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../errors';
import { requireFeature } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { requireQuota } from '../../quota';
import { submitRequestJob } from '../../request-jobs';
import { fileChatJob } from '../../../queue/jobs';
import { fileChatBody } from '../../schemas/files';
import { errorResponses } from '../../schemas/responses';

export function registerFileChat(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>) {
  app.post(
    '/file/chat',
    describeRoute({
      tags: ['Files'],
      summary: 'Ask a question about an uploaded file',
      description:
        'Answers from the document only, with `sources` (most relevant first) quoting its own words: for PDF the 1-based page, for ' +
        '.docx the page the document records, for CSV the first data row of the cited range (the excerpt names the range, e.g. ' +
        '`rows 41-60: …`). Questions about a CSV’s data (count, sum, average, minimum, maximum, filters, grouping) are computed ' +
        'exactly. Each answer counts as one file chat.',
      requestBody: { content: { 'application/json': { schema: resolver(fileChatBody) } } },
      responses: {
        200: { description: 'The answer', content: { 'application/json': { schema: resolver(fileChatJob.request.result) } } },
        202: { description: 'Still answering; poll the `Location` (GET /v1/jobs/{id})' },
        ...errorResponses(400, 401, 403, 413, 429),
        404: { description: 'No such file on this account (`file_not_found`)' },
      },
    }),
    requireFeature('files'),
    jsonBody(fileChatBody),
    async (c) => {
      const body = c.req.valid('json');
      const principal = c.get('principal');
      const doc = await findAccountDocument(rt.db, principal.accountId, body.file_id);
      if (!doc) throw new ApiError('file_not_found', `No file '${body.file_id}' on this account; use the file_id an upload answered with.`);
      await requireQuota(rt.usage, principal, 'file_chats', 1);
      const input = { file_id: doc.id, message: body.message };
      return submitRequestJob(c, rt, { id: newId('chat'), kind: 'file.chat', input });
    },
  );
}
