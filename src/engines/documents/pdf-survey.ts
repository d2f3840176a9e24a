import { type DocumentLimits, imageTooLarge, moreThan, pageImagesTooLarge, tooManyPages, tooManyPassages, tooManyScannedPages, tooMuchText } from './limits';
import { needsRecognition } from './ocr-text';
import { pagePassages } from './passages';
import type { OpenedPdf } from './pdf';
import { type PageImages, readPageImages } from './pdf-images';
import { InvalidDocumentError } from './types';

/** What reading a PDF will take, known before any of it is stored or recognized. */
export interface PdfSurvey {
  /** Page n's text layer is `texts[n - 1]`. */
  texts: string[];
  /** Pages whose text layer is empty or nearly so: they are drawn and read by text recognition. */
  scanned: Set<number>;
}

/**
 * Reads every page's text layer (no page is drawn) and checks the file against the limits before the
 * costly work starts: the page count, the pages to recognize (seconds of CPU each), the text and its
 * passages, and the images of each page to be drawn (gigabytes once decoded). A file over one is refused
 * at once, not after minutes of recognition. The text layers are kept for the reading that follows
 * (bounded by maxTextChars), so they are extracted once.
 */
export async function surveyPdf(pdf: OpenedPdf, data: Uint8Array, limits: DocumentLimits, signal?: AbortSignal): Promise<PdfSurvey> {
  if (pdf.pageCount > limits.maxPages) throw tooManyPages(pdf.pageCount, limits.maxPages);
  const texts: string[] = [];
  const scanned = new Set<number>();
  let chars = 0;
  let passages = 0;
  for (let n = 1; n <= pdf.pageCount; n++) {
    signal?.throwIfAborted();
    const text = await pdf.text(n);
    texts.push(text);
    chars += text.length;
    if (chars > limits.maxTextChars) throw tooMuchText(moreThan(limits.maxTextChars), limits.maxTextChars);
    if (needsRecognition(text)) {
      scanned.add(n);
      if (scanned.size > limits.maxScannedPages) throw tooManyScannedPages(limits.maxScannedPages);
    } else {
      passages += pagePassages({ page: n, text }).length;
      if (passages > limits.maxPassages) throw tooManyPassages(moreThan(limits.maxPassages), limits.maxPassages);
    }
  }
  if (scanned.size > 0) await checkImages(data, scanned, limits);
  return { texts, scanned };
}

/** Every page to be drawn is checked before any is: its largest image and all its images together. */
async function checkImages(data: Uint8Array, pages: Set<number>, limits: DocumentLimits): Promise<void> {
  let imagesOf: (page: number) => PageImages;
  try {
    imagesOf = await readPageImages(data);
  } catch (err) {
    const first = Math.min(...pages);
    const detail = err instanceof Error ? err.message : String(err);
    throw new InvalidDocumentError(`the images of page ${first} cannot be checked before it is drawn for text recognition: ${detail.replace(/\.$/, '')}`);
  }
  for (const page of [...pages].sort((a, b) => a - b)) {
    let images: PageImages;
    try {
      images = imagesOf(page);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      throw new InvalidDocumentError(`the images of page ${page} cannot be checked before it is drawn: ${detail.replace(/\.$/, '')}`);
    }
    const { largest } = images;
    if (largest && largest.width * largest.height > limits.maxImagePixels) throw imageTooLarge(page, largest.width, largest.height, limits.maxImagePixels);
    if (images.pixels > limits.maxPagePixels) throw pageImagesTooLarge(page, images.pixels, images.count, limits.maxPagePixels);
  }
}
