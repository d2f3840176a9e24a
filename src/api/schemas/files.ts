import * as v from 'valibot';
import type { DocumentRow } from '../../db/queries/documents';
import { fileIngestJob } from '../../queue/jobs';
import { requiredText } from './fields';

export const uploadedFileSchema = fileIngestJob.request.result;

/** A stored document as the upload answered it (the ingestion writes the same `created_at` to both). */
export function uploadedFileView(d: DocumentRow) {
  return { file_id: d.id, filename: d.filename, size_bytes: d.sizeBytes, created_at: d.createdAt.toISOString() };
}

export const MAX_CHAT_MESSAGE_CHARS = 4_000;

export const fileChatBody = v.object({
  file_id: v.pipe(requiredText(100), v.description('The `file_id` of an upload of this account.')),
  message: v.pipe(requiredText(MAX_CHAT_MESSAGE_CHARS), v.description('A question or instruction about the document.')),
});
