import * as v from 'valibot';
import { fileIngestJob } from '../../queue/jobs';
import { deleteDocumentContent, insertDocument } from '../../db/queries/documents';
import { findJob } from '../../db/queries/jobs';
import { releaseStorage } from '../../db/queries/storage';
import { announceStorageChange } from '../../billing/usage-cache';
import type { JobError } from '../../db/schema';
import { documentLimits, ingestDocument } from '../../documents/ingest-document';
import { DocumentTooComplexError, InvalidDocumentError } from '../../engines/documents/types';
import type { JobRun } from '../../queue/job-run';
import { PermanentJobError } from '../errors';
import { failRequestJob, runRequestJob } from '../run-request-job';
import { answeredJobError } from '../../queue/job-views';
import { uploadedFileView } from '../../documents/views';
import { recordWebhookEvent } from '../../webhooks/outbox';

const KIND_NAMES = { pdf: 'PDF', docx: '.docx document', csv: 'CSV table' } as const;

/**
 * Parses one upload into passages (and rows), then makes it visible by writing its `documents` row in
 * the transaction that completes the job. A retry first removes what an earlier attempt left half-written.
 */
export async function ingestFile(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  let accountId: string | undefined;
  await runRequestJob(ctx, fileIngestJob, payload.id, async (row, input) => {
    accountId = row.accountId;
    const started = performance.now();
    await deleteDocumentContent(rt.db, row.id);
    const ingested = await ingestDocument(
      { db: rt.db, store: rt.store, log: ctx.log, threads: rt.threads, limits: documentLimits(rt.config) },
      { documentId: row.id, accountId: row.accountId, kind: input.kind, blobKey: input.blob_key },
    ).catch((err: unknown) => {
      if (err instanceof DocumentTooComplexError) {
        throw new PermanentJobError({ code: 'file_too_complex', message: `'${input.filename}' is over a limit of what one file may hold: ${err.message}.` });
      }
      if (!(err instanceof InvalidDocumentError)) throw err;
      throw new PermanentJobError({
        code: 'invalid_file',
        message: `'${input.filename}' is a ${KIND_NAMES[input.kind]} but cannot be read: ${err.message}.`,
      });
    });
    const createdAt = new Date();
    ctx.log.info(
      {
        jobId: row.id,
        kind: input.kind,
        bytes: input.size_bytes,
        pages: ingested.pageCount,
        passages: ingested.passageCount,
        config: ingested.searchConfig,
        ms: Math.round(performance.now() - started),
      },
      'file ingested',
    );
    return {
      result: { file_id: row.id, filename: input.filename, size_bytes: input.size_bytes, created_at: createdAt.toISOString() },
      bill: [],
      persist: async (tx) => {
        const doc = await insertDocument(tx, {
          id: row.id,
          accountId: row.accountId,
          filename: input.filename,
          sizeBytes: input.size_bytes,
          kind: input.kind,
          blobKey: input.blob_key,
          searchConfig: ingested.searchConfig,
          pageCount: ingested.pageCount,
          passageCount: ingested.passageCount,
          columns: ingested.columns ?? null,
          createdAt,
        });
        // The file as the list shows it, recorded with the row that makes it visible.
        return doc && (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'file.ready', data: uploadedFileView(doc) })) ? 1 : 0;
      },
    };
  });
  // Sentence vectors come after the upload's answer, on their own queue (minutes for a long document). Also
  // queued when this attempt found the job already finished, so a crash between commit and here is mended
  // by the retry; the job id makes a second enqueue a no-op and the job skips what is done.
  accountId ??= (await findJob(rt.db, payload.id))?.accountId;
  await rt.queues.enqueue('file.embed', { documentId: payload.id }, { jobId: `embed-${payload.id}`, account: accountId ?? null });
}

/** A failed upload leaves nothing behind: not its passages, not its rows, not the original. */
export async function failFileIngest(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  const { rt } = ctx;
  await deleteDocumentContent(rt.db, payload.id);
  const input = v.safeParse(fileIngestJob.request.input, (await findJob(rt.db, payload.id))?.input);
  if (input.success) await rt.store.delete(input.output.blob_key);
  let freedFor: string | null = null;
  await failRequestJob(ctx, payload, error, async (tx, job) => {
    // The file is not kept, so it no longer counts against the account's storage.
    if ((await releaseStorage(tx, job.accountId, job.id)) > 0) freedFor = job.accountId;
    // No document row exists for a refused upload: the file is described by what the upload sent.
    const data = {
      file_id: job.id,
      ...(input.success ? { filename: input.output.filename, size_bytes: input.output.size_bytes } : {}),
      created_at: job.createdAt.toISOString(),
      error: answeredJobError(job),
    };
    return (await recordWebhookEvent(tx, { accountId: job.accountId, type: 'file.failed', data })) ? 1 : 0;
  });
  if (freedFor) await announceStorageChange(rt, freedFor);
}
