import * as v from 'valibot';
import { requiredText } from './fields';

export const MAX_CHAT_MESSAGE_CHARS = 4_000;

/** Files one question may be asked of at once. */
export const MAX_CHAT_FILES = 10;

export const fileChatBody = v.object({
  file_id: v.optional(v.pipe(requiredText(100), v.description('The `file_id` of an upload of this account. Send this or `file_ids` (not both).'))),
  file_ids: v.optional(
    v.pipe(
      v.array(requiredText(100), 'must be an array of file ids'),
      v.minLength(1, 'must name at least one file'),
      v.maxLength(MAX_CHAT_FILES, `must name at most ${MAX_CHAT_FILES} files`),
      v.check((ids) => new Set(ids).size === ids.length, 'must not name a file twice'),
      v.description(
        `Up to ${MAX_CHAT_FILES} \`file_id\`s of this account, to ask one question of all of them; each source names its \`file_id\`. Send this or \`file_id\` (not both).`,
      ),
    ),
  ),
  conversation_id: v.optional(
    v.pipe(
      requiredText(100),
      v.description(
        'The `conversation_id` of an earlier answer, to ask a follow-up ("and in 2023?") in the context of its turns. Without `file_id`/`file_ids` the conversation’s files are asked again. A conversation lapses 24 hours after its latest answer.',
      ),
    ),
  ),
  message: v.pipe(requiredText(MAX_CHAT_MESSAGE_CHARS), v.description('A question or instruction about the document.')),
});
