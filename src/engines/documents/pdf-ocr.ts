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

  /** The page text read from an image (PGM, PNG, or any format tesseract reads). */
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
 * instead (when that reads more than the layer). The next page is drawn while tesseract reads the
 * current one (its worker is a thread of its own), so drawing costs no wall time on a second core;
 * at most two pages' images are alive at once. More than MAX_OCR_PAGES such pages fail the document
 * (InvalidDocumentError) rather than keep a job busy for many minutes; the tesseract worker ends with
 * the document, however it ends.
 */
export async function* readScannedPages(
  pdf: OpenedPdf,
  signal?: AbortSignal,
  maxRecognized = MAX_OCR_PAGES,
): AsyncGenerator<PdfPage & { recognized?: boolean }> {
  const recognizer = new PageRecognizer();
  let recognized = 0;
  let reading: Promise<PdfPage & { recognized?: boolean }> | undefined;
  try {
    for await (const page of pdf.pages({ renderSparse: true })) {
      signal?.throwIfAborted();
      if (reading) yield await reading;
      reading = undefined;
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
      reading = recognizer
        .read(page.image)
        .then((read) =>
          meaningfulChars(read) > meaningfulChars(page.text) ? { page: page.page, text: read, recognized: true } : { page: page.page, text: page.text },
        );
      // A failed read is reported when its turn comes; until then it must not count as unhandled.
      reading.catch(() => {});
    }
    signal?.throwIfAborted();
    if (reading) yield await reading;
  } finally {
    await recognizer.close();
  }
}

function meaningfulChars(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
