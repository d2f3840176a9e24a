import * as v from 'valibot';
import { DOCUMENT_KINDS } from '../../engines/documents/media-types';
import { defineRequestJob } from './define';

export const fileIngestJob = defineRequestJob({
  name: 'file.ingest',
  queue: 'files',
  product: 'files',
  description: "Parses and indexes one POST /v1/file/upload; the upload's answer waits for it.",
  /** What the upload route hands the ingestion: the stored original and what the route read of it. */
  input: v.object({
    filename: v.string(),
    size_bytes: v.number(),
    kind: v.picklist(DOCUMENT_KINDS),
    blob_key: v.string(),
  }),
  /** spec 2.7 */
  result: v.object({
    file_id: v.string(),
    filename: v.string(),
    size_bytes: v.number(),
    created_at: v.string(),
  }),
});
