import { createRequire } from 'node:module';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { MAX_OCR_PAGES, recognizedPageText } from './ocr-text';
import type { OpenedPdf } from './pdf';
import { InvalidDocumentError, type PdfPage } from './types';

const require = createRequire(import.meta.url);

/**
 * The English model inside @tesseract.js-data/eng (LSTM, gzip). tesseract.js fetches its model from a
 * CDN and caches it in the working directory unless told otherwise: these options make it read this
 * folder only and write nothing, so recognition works offline and never touches the network.
 */
export function tesseractOptions(): { langPath: string; gzip: true; cacheMethod: 'none' } {
  const data = require('@tesseract.js-data/eng') as { langPath: string };
  return { langPath: data.langPath, gzip: true, cacheMethod: 'none' };
}

/** Reads page images with one tesseract worker, started on the first page and reused for the rest of the document. */
export class PageRecognizer {
  private worker: Promise<TesseractWorker> | undefined;

  /** The page text read from an image (PNG, or any format tesseract reads). */
  async read(image: Uint8Array): Promise<string> {
    const worker = await this.start();
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    return recognizedPageText(data.text);
  }

  /** Ends the tesseract worker (and frees its ~200 MB); the recognizer can start a new one after. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private start(): Promise<TesseractWorker> {
    this.worker ??= (async () => {
      const { createWorker, OEM } = await import('tesseract.js');
      return createWorker('eng', OEM.LSTM_ONLY, { ...tesseractOptions() });
    })();
    return this.worker;
  }
}

/**
 * The PDF's pages with their text, a page without a usable text layer read from its rendered image
 * instead (when that reads more than the layer). Pages go one at a time: the image is dropped once
 * read. More than MAX_OCR_PAGES such pages fail the document (InvalidDocumentError) rather than keep
 * a job busy for many minutes; the tesseract worker ends with the document, however it ends.
 */
export async function* readScannedPages(
  pdf: OpenedPdf,
  signal?: AbortSignal,
  maxRecognized = MAX_OCR_PAGES,
): AsyncGenerator<PdfPage & { recognized?: boolean }> {
  const recognizer = new PageRecognizer();
  let recognized = 0;
  try {
    for await (const page of pdf.pages({ renderSparse: true })) {
      signal?.throwIfAborted();
      if (!page.image) {
        yield { page: page.page, text: page.text };
        continue;
      }
      recognized++;
      if (recognized > maxRecognized) {
        throw new InvalidDocumentError(
          `the PDF has more than ${maxRecognized} pages without a text layer (scanned); text recognition reads at most ${maxRecognized} per document: split the file or add a text layer`,
        );
      }
      const read = await recognizer.read(page.image);
      if (meaningfulChars(read) > meaningfulChars(page.text)) yield { page: page.page, text: read, recognized: true };
      else yield { page: page.page, text: page.text };
    }
  } finally {
    await recognizer.close();
  }
}

function meaningfulChars(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
