import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { OCR_READERS, recognizedPageText } from './ocr-text';
import type { OpenedPdf } from './pdf';
import type { PdfSurvey } from './pdf-survey';
import type { PdfPage } from './types';

const require = createRequire(import.meta.url);

/**
 * The English model inside @tesseract.js-data/eng: its LSTM-only integer model (`4.0.0_best_int`, the
 * one tesseract.js itself picks for LSTM-only recognition), not the default folder's combined
 * legacy + LSTM file, which LSTM-only recognition does not need. tesseract.js fetches its model from a
 * CDN and caches it in the working directory unless told otherwise: these options make it read this
 * folder only and write nothing, so recognition works offline and never touches the network.
 */
export function tesseractOptions(): { langPath: string; gzip: true; cacheMethod: 'none' } {
  const data = require('@tesseract.js-data/eng') as { langPath: string };
  return { langPath: join(dirname(data.langPath), '4.0.0_best_int'), gzip: true, cacheMethod: 'none' };
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
 * The PDF's pages with their text, in order: the text layers the survey read, and for each page it found
 * without one (a scan), the text read from its rendered image instead (when that reads more than the
 * layer). The survey has already checked the pages to recognize against the limits. Scanned pages are
 * read by up to `readers` tesseract workers at once (threads of their own, started when a page needs
 * one), while the next page is drawn here: on two cores a dense page's ~2.5 s of recognition is paid
 * about once per two pages. At most `readers` + 1 pages' images are alive at once; the tesseract workers
 * end with the document, however it ends.
 */
export async function* readScannedPages(
  pdf: OpenedPdf,
  survey: PdfSurvey,
  signal?: AbortSignal,
  { readers = OCR_READERS }: { readers?: number } = {},
): AsyncGenerator<PdfPage & { recognized?: boolean }> {
  const recognizers = Array.from({ length: Math.max(1, readers) }, () => new PageRecognizer());
  let recognized = 0;
  const reading: Promise<PdfPage & { recognized?: boolean }>[] = [];
  try {
    for (let n = 1; n <= pdf.pageCount; n++) {
      signal?.throwIfAborted();
      const layer = survey.texts[n - 1] ?? '';
      // Each page's text is let go once it is handed on.
      survey.texts[n - 1] = '';
      if (!survey.scanned.has(n)) {
        while (reading.length > 0) yield await (reading.shift() as Promise<PdfPage>);
        yield { page: n, text: layer };
        continue;
      }
      const image = await pdf.render(n);
      recognized++;
      if (reading.length >= recognizers.length) yield await (reading.shift() as Promise<PdfPage>);
      const recognizer = recognizers[recognized % recognizers.length] as PageRecognizer;
      const read = recognizer
        .read(image)
        .then((text) => (meaningfulChars(text) > meaningfulChars(layer) ? { page: n, text, recognized: true } : { page: n, text: layer }));
      // A failed read is reported when its turn comes; until then it must not count as unhandled.
      read.catch(() => {});
      reading.push(read);
    }
    while (reading.length > 0) {
      signal?.throwIfAborted();
      yield await (reading.shift() as Promise<PdfPage>);
    }
  } finally {
    await Promise.all(recognizers.map((r) => r.close()));
  }
}

function meaningfulChars(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
