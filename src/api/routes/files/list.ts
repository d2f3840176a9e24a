import { describeRoute, resolver } from 'hono-openapi';
import { findAccountDocument, listAccountDocuments } from '../../../db/queries/documents';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { listParameters, readListQuery } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { listedFileSchema, listedFileView } from '../../../documents/views';
import { errorResponses } from '../../schemas/responses';

const ID_PATTERN = /^file_[a-z0-9]{1,64}$/;

export function registerListFiles(app: App, rt: Pick<Runtime, 'db' | 'embedder'>) {
  app.get(
    '/files',
    describeRoute({
      tags: ['Files'],
      summary: 'List uploaded files',
      description:
        'The account’s files that are ready for chat, newest first, each as the upload answered it, with the state of its semantic index (`semantic_index`). An upload still being parsed, ' +
        'or one that was refused, is not listed.',
      parameters: listParameters('files', 'A `file_id` of this account.', {}),
      responses: {
        200: { description: 'A page of files', content: { 'application/json': { schema: resolver(listSchema(listedFileSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, {});
      const position = async (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        const d = ID_PATTERN.test(id) ? await findAccountDocument(rt.db, accountId, id) : null;
        if (!d) throw invalidParameter(`'${param}': no file ${ID_PATTERN.test(id) ? id : 'with that id'} on this account.`, param);
        return { createdAt: d.createdAt, id: d.id };
      };
      const page = await listAccountDocuments(rt.db, accountId, {
        limit: q.limit,
        after: await position('starting_after', q.startingAfter),
        before: await position('ending_before', q.endingBefore),
      });
      return c.json(
        listView(
          c,
          page.rows.map((d) => listedFileView(d, rt.embedder.id)),
          page.hasMore,
        ),
      );
    },
  );
}
