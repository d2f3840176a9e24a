import * as v from 'valibot';
import { defineRequestJob } from './define';

export const fileChatJob = defineRequestJob({
  name: 'file.chat',
  queue: 'text',
  product: 'files',
  description: 'Answers one POST /v1/file/chat from the document’s passages (or its rows), billed as one file chat.',
  input: v.object({
    file_id: v.string(),
    message: v.string(),
  }),
  /** spec 2.8 */
  result: v.object({
    id: v.string(),
    answer: v.string(),
    sources: v.array(v.object({ page: v.number(), excerpt: v.string() })),
    created_at: v.string(),
  }),
});
