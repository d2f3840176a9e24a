import * as v from 'valibot';
import type { DocumentRow } from '../../db/queries/documents';
import { fileIngestJob } from '../../queue/jobs';
import { requiredText } from './fields';

export const uploadedFileSchema = fileIngestJob.request.result;

/** A stored document as the upload answered it (the ingestion writes the same `created_at` to both). */
export function uploadedFileView(d: DocumentRow) {
  return { file_id: d.id, filename: d.filename, size_bytes: d.sizeBytes, created_at: d.createdAt.toISOString() };
}

/**
 * Semantic retrieval's state for a file: `pending` while the `file.embed` job gives its passages sentence
 * vectors (questions are answered meanwhile, by words and word vectors), `ready` once done, `none` for CSV
 * tables (the planner computes their answers) and documents not in English.
 */
export const SEMANTIC_INDEX_STATES = ['pending', 'ready', 'none'] as const;

export function semanticIndexOf(d: Pick<DocumentRow, 'kind' | 'searchConfig' | 'meaningIndexedAt'>): (typeof SEMANTIC_INDEX_STATES)[number] {
  if (d.kind === 'csv' || d.searchConfig !== 'english') return 'none';
  return d.meaningIndexedAt ? 'ready' : 'pending';
}

export const listedFileSchema = v.object({
  ...uploadedFileSchema.entries,
  semantic_index: v.pipe(
    v.picklist(SEMANTIC_INDEX_STATES),
    v.description(
      '`pending` while the file’s sentences are being encoded for semantic retrieval (questions are answered meanwhile, by words and word vectors), `ready` once done, `none` for CSV tables and documents not in English.',
    ),
  ),
});

/** A file as the list shows it: the upload's answer and the state of its semantic index. */
export function listedFileView(d: DocumentRow) {
  return { ...uploadedFileView(d), semantic_index: semanticIndexOf(d) };
}

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
