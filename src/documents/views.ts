import * as v from 'valibot';
import type { DocumentRow } from '../db/queries/documents';
import { fileIngestJob } from '../queue/jobs';
import { answeredJobErrorSchema } from '../queue/job-views';

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

export function semanticIndexOf(
  d: Pick<DocumentRow, 'kind' | 'searchConfig' | 'meaningIndexedAt' | 'meaningModel'>,
  /** The configured embedder: vectors of another (before the background re-embedding) are not ready. */
  embedderId?: string,
): (typeof SEMANTIC_INDEX_STATES)[number] {
  if (d.kind === 'csv' || d.searchConfig !== 'english') return 'none';
  return d.meaningIndexedAt && (embedderId === undefined || d.meaningModel === embedderId) ? 'ready' : 'pending';
}

export const listedFileSchema = v.object({
  ...uploadedFileSchema.entries,
  semantic_index: v.pipe(
    v.picklist(SEMANTIC_INDEX_STATES),
    v.description(
      '`pending` while the file’s sentences are being encoded for semantic retrieval, also again after a change of the embeddings model (questions are answered meanwhile, by words and word vectors), `ready` once done, `none` for CSV tables and documents not in English.',
    ),
  ),
});

/** A file as the list shows it: the upload's answer and the state of its semantic index. */
export function listedFileView(d: DocumentRow, embedderId?: string) {
  return { ...uploadedFileView(d), semantic_index: semanticIndexOf(d, embedderId) };
}

/** The `data` of `file.failed`: no document exists for a refused upload, so the file is described by what the upload sent. */
export const failedFileSchema = v.object({
  file_id: v.string(),
  filename: v.optional(v.string()),
  size_bytes: v.optional(v.number()),
  created_at: v.string(),
  error: answeredJobErrorSchema,
});
