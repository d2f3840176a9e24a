import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../logger';
import type { DbOrTx } from '../db/client';
import { insertRows } from '../db/queries/documents';
import type { Config } from '../config';
import type { DocumentLimits } from '../engines/documents/limits';
import { InvalidDocumentError, type CsvColumn, type DocumentKind } from '../engines/documents/types';
import type { BlobStore } from '../storage';
import type { EngineThreads } from '../threads/pool';
import { withTempDir } from '../lib/temp-dir';
import { PassageWriter } from './passage-writer';

export interface IngestTarget {
  documentId: string;
  accountId: string;
  kind: DocumentKind;
  blobKey: string;
}

export interface IngestedDocument {
  searchConfig: string;
  /** PDF pages, the last docx page, or CSV data rows. */
  pageCount: number;
  passageCount: number;
  columns?: CsvColumn[];
}

const PROGRESS_EVERY_MS = 5_000;

/** The per-file limits the configuration sets. */
export function documentLimits(
  config: Pick<
    Config,
    | 'DOCUMENT_MAX_PAGES'
    | 'DOCUMENT_MAX_SCANNED_PAGES'
    | 'DOCUMENT_MAX_IMAGE_MEGAPIXELS'
    | 'DOCUMENT_MAX_PAGE_MEGAPIXELS'
    | 'DOCUMENT_MAX_TEXT_CHARS'
    | 'DOCUMENT_MAX_PASSAGES'
    | 'CSV_MAX_ROWS'
  >,
): DocumentLimits {
  return {
    maxPages: config.DOCUMENT_MAX_PAGES,
    maxScannedPages: config.DOCUMENT_MAX_SCANNED_PAGES,
    maxImagePixels: config.DOCUMENT_MAX_IMAGE_MEGAPIXELS * 1_000_000,
    maxPagePixels: config.DOCUMENT_MAX_PAGE_MEGAPIXELS * 1_000_000,
    maxTextChars: config.DOCUMENT_MAX_TEXT_CHARS,
    maxPassages: config.DOCUMENT_MAX_PASSAGES,
    maxRows: config.CSV_MAX_ROWS,
  };
}

/**
 * Reads an upload from blob storage and writes its passages (and a CSV's rows) to Postgres as it goes,
 * so memory holds one page or one batch of rows at a time, not the document's text. Throws
 * InvalidDocumentError for a file that cannot be parsed or holds no text, DocumentTooComplexError for
 * one over `limits` (checked by the engine thread before anything is stored; see limits.ts).
 */
export async function ingestDocument(
  deps: { db: DbOrTx; store: BlobStore; log: Logger; threads: EngineThreads; limits: DocumentLimits },
  target: IngestTarget,
): Promise<IngestedDocument> {
  const { limits } = deps;
  const blob = await deps.store.get(target.blobKey);
  if (!blob) throw new Error(`The upload ${target.blobKey} is missing from storage.`);
  // CSV passages are bounded by the row limit (and get no sentence vectors); the others by the passage limit.
  const writer = new PassageWriter(deps.db, target, target.kind === 'csv' ? Number.POSITIVE_INFINITY : limits.maxPassages);
  const progress = progressLogger(deps.log, target.documentId);

  // Parsing runs on an engine thread (so a big file never holds this event loop), which reads the
  // upload from a temp file; pdf.js and the zip reader need the whole file anyway. Each page or batch
  // of rows is stored before the thread reads on, so memory holds one at a time.
  return withTempDir('ingest', async (dir) => {
    const path = join(dir, target.kind);
    await pipeline(blob.body, createWriteStream(path));
    if (target.kind === 'csv') {
      const table = await deps.threads.run(
        'document.csv',
        { path, limits },
        {
          onEvent: async ({ rows, firstRowNumber, passages }) => {
            await insertRows(deps.db, target, firstRowNumber, rows);
            await writer.add(passages);
            progress({ rows: firstRowNumber + rows.length - 1 });
          },
        },
      );
      if (table.rowCount === 0) throw new InvalidDocumentError('the CSV has a header but no data rows');
      return { searchConfig: await writer.finish(), pageCount: table.rowCount, passageCount: writer.count, columns: table.columns };
    }
    let pageCount = 1;
    if (target.kind === 'pdf') {
      ({ pageCount } = await deps.threads.run(
        'document.pdf',
        { path, limits },
        {
          onEvent: async (page) => {
            await writer.add(page.passages);
            // A recognized page takes seconds, so each one is logged; text pages only now and then.
            if (page.recognized) deps.log.info({ documentId: target.documentId, page: page.page, of: page.of }, 'page read by text recognition');
            else progress({ page: page.page, of: page.of });
          },
        },
      ));
    } else {
      const docx = await deps.threads.run('document.docx', { path, limits });
      pageCount = docx.pageCount;
      await writer.add(docx.passages);
    }
    if (writer.count === 0) {
      throw new InvalidDocumentError(
        target.kind === 'pdf' ? 'the PDF has no text layer, and text recognition found no words on its pages' : 'the document has no text',
      );
    }
    return { searchConfig: await writer.finish(), pageCount, passageCount: writer.count };
  });
}

/** Logs where a long ingestion is, at most every few seconds. */
function progressLogger(log: Logger, documentId: string): (where: Record<string, number>) => void {
  let last = performance.now();
  return (where) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    log.info({ documentId, ...where }, 'ingesting');
  };
}
