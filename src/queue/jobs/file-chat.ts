import * as v from 'valibot';
import { defineRequestJob } from './define';

export const fileChatJob = defineRequestJob({
  name: 'file.chat',
  queue: 'text',
  product: 'files',
  description: 'Answers one POST /v1/file/chat from the documents’ passages (or their rows), billed as one file chat.',
  input: v.object({
    /** A job queued before conversations carried `file_id` only. */
    file_id: v.optional(v.string()),
    file_ids: v.optional(v.array(v.string())),
    conversation_id: v.optional(v.string()),
    message: v.string(),
  }),
  /** spec 2.8, plus `file_id` per source and `conversation_id` */
  result: v.object({
    id: v.string(),
    answer: v.string(),
    sources: v.array(
      v.object({
        page: v.number(),
        excerpt: v.string(),
        file_id: v.pipe(v.string(), v.description('The file the excerpt is from.')),
      }),
    ),
    conversation_id: v.pipe(v.string(), v.description('Send it back with the next message to ask a follow-up in the context of this one.')),
    created_at: v.string(),
  }),
});
