import { unlink } from 'node:fs/promises';
import { describeRoute, resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { findJob } from '../../../db/queries/jobs';
import { announceStorageChange } from '../../../billing/usage-cache';
import { claimStorage, releaseStorage } from '../../../db/queries/storage';
import { detectDocumentKind } from '../../../engines/documents';
import { DOCUMENT_MEDIA_TYPES } from '../../../engines/documents/media-types';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { ApiError } from '../../../errors/api-error';
import { claimStreamedRequest } from '../../middleware/idempotency';
import { storageExceeded } from '../../quota';
import { submitRequestJob } from '../../submit-request-job';
import type { fileIngestJob } from '../../../queue/jobs';
import { uploadedFileSchema } from '../../../documents/views';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';
import { receiveFile } from '../../../net/receive-file';

/** decisions.md: 20 × 1024 × 1024 bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_PATH = '/file/upload';

export function registerFileUpload(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'store' | 'usage' | 'redis' | 'channels'>) {
  app.post(
    UPLOAD_PATH,
    describeRoute({
      tags: ['Files'],
      summary: 'Upload a PDF, .docx or CSV for file chat',
      description:
        'Send the document as `multipart/form-data` in a part named `file` (at most 20 MB). The type is decided by the content, not ' +
        'the name. The answer comes once the document is parsed and indexed (201); a large document may answer 202 with a job link ' +
        'instead. A PDF page without a text layer (a scan) is read by text recognition (English); a PDF in which neither finds any ' +
        'words answers 422 `invalid_file`. A file over a per-file limit (by default 2,000 PDF pages, 100 scanned pages, 25 megapixels ' +
        'per image and 40 per page on a page drawn for recognition, 5,000,000 characters of text, 8,000 passages, 200,000 CSV rows) ' +
        'answers 422 `file_too_complex` naming the limit, decided before any of it is stored. The file counts against the plan’s storage allowance ' +
        '(`GET /v1/usage` shows `storage`) until it is deleted; an upload that does not fit answers 413 `storage_quota_exceeded`.',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
      responses: {
        201: { description: 'The file, parsed and ready for chat', content: { 'application/json': { schema: resolver(uploadedFileSchema) } } },
        202: acceptedJobResponse('Still being parsed; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 415, 422, 429),
        413: {
          ...errorResponses(413)[413],
          description:
            'Over 20 MB (`file_too_large`), or more than the plan’s storage allowance has left (`storage_quota_exceeded`, naming used and allowed bytes)',
        },
      },
    }),
    async (c) => {
      const file = await receiveFile(c.req.raw, { field: 'file', maxBytes: MAX_UPLOAD_BYTES, dir: rt.config.UPLOAD_TMP_DIR });
      const id = newId('file');
      const blobKey = `documents/${c.get('principal').accountId}/${id}`;
      let input: v.InferOutput<typeof fileIngestJob.request.input>;
      try {
        // Idempotency-Key: the raw multipart bytes carry a boundary each client picks afresh per send, so
        // the request is identified by what it uploads (field, name, content hash, size), once received.
        const replay = await claimStreamedRequest(c, JSON.stringify({ file: { filename: file.filename, sha256: file.sha256, size: file.size } }));
        if (replay) return replay;
        const detected = await detectDocumentKind(file.path);
        if (detected.kind === null) {
          throw new ApiError(
            'unsupported_file_type',
            `'${file.filename}' is ${detected.detected}. Upload a PDF, a .docx document or a CSV table; the type is read from the content, not the name.`,
          );
        }
        // Charged before a byte is stored, against the plan's storage allowance: concurrent uploads queue on
        // the account's storage row, so together they never pass it. Deleting the file (or a failed parse) frees it.
        const principal = c.get('principal');
        await rt.db.transaction(async (tx) => {
          const refused = await claimStorage(tx, principal.accountId, 'file', [{ objectId: id, bytes: file.size }], principal.storageBytes);
          if (refused) throw storageExceeded(principal, refused, `'${file.filename}'`);
        });
        await announceStorageChange(rt, principal.accountId);
        await rt.store.putFile(blobKey, file.path, DOCUMENT_MEDIA_TYPES[detected.kind]).catch(async (err: unknown) => {
          await rt.db.transaction((tx) => releaseStorage(tx, principal.accountId, id)).catch(() => undefined);
          await announceStorageChange(rt, principal.accountId);
          throw err;
        });
        input = { filename: file.filename, size_bytes: file.size, kind: detected.kind, blob_key: blobKey };
      } finally {
        await unlink(file.path).catch(() => undefined);
      }
      try {
        return await submitRequestJob(
          c,
          rt,
          {
            id,
            kind: 'file.ingest',
            input,
            audit: { action: 'file.uploaded', target: id, detail: { filename: input.filename, size_bytes: input.size_bytes } },
          },
          201,
        );
      } catch (err) {
        // A job row owns the blob (its ingestion removes it on failure); without one, nothing else would.
        const owned = await findJob(rt.db, id).catch(() => null);
        if (!owned) {
          await rt.store.delete(blobKey).catch(() => undefined);
          await rt.db.transaction((tx) => releaseStorage(tx, c.get('principal').accountId, id)).catch(() => undefined);
          await announceStorageChange(rt, c.get('principal').accountId);
        }
        throw err;
      }
    },
  );
}
