import * as v from 'valibot';
import { CORPUS_DOCUMENT_STATUSES } from '../db/schema/corpus';
import type { CorpusDocumentSummary } from '../db/queries/corpus';

/** A plagiarism source an account owns, as POST/GET /v1/plagiarism/sources answer it. */
export const plagiarismSourceSchema = v.object({
  id: v.pipe(v.string(), v.description('The source’s id (`psrc_…`); a check’s match names it in `source.id`.')),
  object: v.literal('plagiarism_source'),
  url: v.pipe(v.string(), v.description('The label given when it was added (a URL or any name); unique among the account’s sources.')),
  title: v.nullable(v.string()),
  status: v.pipe(
    v.picklist(CORPUS_DOCUMENT_STATUSES),
    v.description('`pending` until the corpus worker has fingerprinted it, then `ready` (checks match it from then on), or `failed` (see `error`).'),
  ),
  error: v.pipe(v.nullable(v.string()), v.description('Why a `failed` source could not be indexed; null otherwise.')),
  word_count: v.pipe(v.number(), v.description('Words of the stored text.')),
  size_bytes: v.pipe(v.number(), v.description('Bytes charged to the plan’s storage allowance (`GET /v1/usage` `storage.file_bytes`) until it is deleted.')),
  created_at: v.string(),
  updated_at: v.string(),
});

export type PlagiarismSourceView = v.InferOutput<typeof plagiarismSourceSchema>;

export function plagiarismSourceView(row: CorpusDocumentSummary): PlagiarismSourceView {
  return {
    id: row.id,
    object: 'plagiarism_source',
    url: row.url,
    title: row.title,
    status: row.status,
    error: row.error,
    word_count: row.wordCount,
    size_bytes: row.sizeBytes ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
