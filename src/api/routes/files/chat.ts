import { describeRoute, resolver } from 'hono-openapi';
import { findAccountConversation } from '../../../db/queries/conversations';
import { findAccountDocument } from '../../../db/queries/documents';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../../errors/api-error';
import { jsonBody } from '../../middleware/json-body';
import { submitRequestJob } from '../../submit-request-job';
import { fileChatJob } from '../../../queue/jobs';
import { fileChatBody } from '../../schemas/files';
import { acceptedJobResponse, errorResponse, errorResponses } from '../../schemas/responses';

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
        'exactly. Each answer counts as one file chat.\n\n' +
        'Every answer carries a `conversation_id`: send it back with the next message to ask a follow-up ("and in 2023?", ' +
        '"who signed it?") in the context of the earlier turns. `file_ids` (up to 10) asks one question of several files; every ' +
        'source names the `file_id` it quotes.',
      requestBody: { content: { 'application/json': { schema: resolver(fileChatBody) } } },
      responses: {
        200: { description: 'The answer', content: { 'application/json': { schema: resolver(fileChatJob.request.result) } } },
        202: acceptedJobResponse('Still answering; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 429),
        404: errorResponse('No such file on this account (`file_not_found`), or no such conversation (`not_found`)'),
      },
    }),
    jsonBody(fileChatBody),
    async (c) => {
      const body = c.req.valid('json');
      const principal = c.get('principal');
      if (body.file_id !== undefined && body.file_ids !== undefined) {
        throw new ApiError('invalid_parameter', "Send either 'file_id' or 'file_ids', not both.", {}, 'file_ids');
      }
      const conversation = body.conversation_id ? await findAccountConversation(rt.db, principal.accountId, body.conversation_id) : null;
      if (body.conversation_id && !conversation) {
        throw new ApiError(
          'not_found',
          `No conversation '${body.conversation_id}' on this account (conversations lapse 24 hours after their latest answer).`,
          {},
          'conversation_id',
        );
      }
      const fileIds = body.file_ids ?? (body.file_id !== undefined ? [body.file_id] : conversation?.fileIds);
      if (!fileIds) throw new ApiError('missing_required_field', "'file_id' is required (or 'file_ids', or a 'conversation_id').", {}, 'file_id');
      for (const id of fileIds) {
        // A document row exists only once its ingestion finished, so a found file is a ready one.
        const doc = await findAccountDocument(rt.db, principal.accountId, id);
        if (!doc) throw new ApiError('file_not_found', `No file '${id}' on this account; use the file_id an upload answered with.`);
      }
      const input = { file_ids: fileIds, conversation_id: conversation?.id ?? newId('conv'), message: body.message };
      return submitRequestJob(c, rt, { id: newId('chat'), kind: 'file.chat', input, hold: { metric: 'file_chats', quantity: 1 } });
    },
  );
}
