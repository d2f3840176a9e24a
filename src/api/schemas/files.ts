import * as v from 'valibot';
import type { DocumentRow } from '../../db/queries/documents';
import { DOCUMENT_KINDS } from '../../engines/documents/media-types';
import { requiredText } from './fields';

/** spec 2.7 */
export const uploadedFileSchema = v.object({
  file_id: v.string(),
  filename: v.string(),
  size_bytes: v.number(),
  created_at: v.string(),
});

/** A stored document as the upload answered it (the ingestion writes the same `created_at` to both). */
export function uploadedFileView(d: DocumentRow) {
  return { file_id: d.id, filename: d.filename, size_bytes: d.sizeBytes, created_at: d.createdAt.toISOString() };
}

/** spec 2.8 */
export const fileChatAnswerSchema = v.object({
  id: v.string(),
  answer: v.string(),
  sources: v.array(v.object({ page: v.number(), excerpt: v.string() })),
  created_at: v.string(),
});

export const MAX_CHAT_MESSAGE_CHARS = 4_000;

export const fileChatBody = v.object({
  file_id: v.pipe(requiredText(100), v.description('The `file_id` of an upload of this account.')),
  message: v.pipe(requiredText(MAX_CHAT_MESSAGE_CHARS), v.description('A question or instruction about the document.')),
});

/** What the upload route hands the ingestion job (the job row's input). */
export const fileIngestInput = v.object({
  filename: v.string(),
  size_bytes: v.number(),
  kind: v.picklist(DOCUMENT_KINDS),
  blob_key: v.string(),
});

/** What the chat route hands the chat job (the job row's input). */
export const fileChatInput = v.object({
  file_id: v.string(),
  message: v.string(),
});
