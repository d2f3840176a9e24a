import { DocumentTooComplexError } from './types';

/**
 * What one upload may cost to ingest, whatever its size in bytes: a 249 KB PDF page drawing one
 * 16000×16000 image took 3 GB to draw, a 1.7 MB .docx made 27,000 passages (most of an hour of sentence
 * encoding), a 2 MB CSV of half a million tiny rows added 108 MB to the database. Each limit is checked
 * before the work it bounds (see pdf-survey.ts, docx.ts, csv.ts), and crossing one refuses the file with
 * DocumentTooComplexError naming the limit and what was found. Settings in src/config.ts.
 */
export interface DocumentLimits {
  /** PDF pages per document. */
  maxPages: number;
  /** PDF pages without a usable text layer, each drawn and read by text recognition (seconds of CPU a page). */
  maxScannedPages: number;
  /** Pixels of one image a page to be drawn for recognition may draw (width × height, before decoding). */
  maxImagePixels: number;
  /** Pixels of all the images one page to be drawn draws together. */
  maxPagePixels: number;
  /** Characters of text taken from a PDF or .docx. */
  maxTextChars: number;
  /** Passages of a PDF or .docx (each is encoded into sentence vectors after the upload). */
  maxPassages: number;
  /** Data rows of a CSV. */
  maxRows: number;
}

/**
 * Measured against the bench's 500-page book PDF brought to 20 MB with pictures (1.6 M characters, 2,665
 * passages, 120×120-pixel pictures) and its ~20 MB sales CSV (147,024 rows): both fit with room to spare.
 * Images: drawing a page with one 25-megapixel RGB image took the process from 97 to 538 MiB (tesseract's
 * worker included), one with 25 + 15 megapixels to 621 MiB, one 40-megapixel image to 740 MiB; a 400 DPI
 * A4 scan is 15.5 megapixels, a 500 DPI one 24. Passages: sentence vectors cost ~0.18 s of CPU a passage
 * after the upload, so 8,000 is at most ~25 minutes of one core (the book: ~8 minutes).
 */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxPages: 2_000,
  maxScannedPages: 100,
  maxImagePixels: 25_000_000,
  maxPagePixels: 40_000_000,
  maxTextChars: 5_000_000,
  maxPassages: 8_000,
  maxRows: 200_000,
};

const fmt = (n: number) => n.toLocaleString('en-US');
const megapixels = (pixels: number) => `${fmt(Math.round(pixels / 1e5) / 10)} megapixels`;

export function tooManyPages(found: number, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(`the PDF has ${fmt(found)} pages; the limit is ${fmt(limit)} pages per document`);
}

export function tooManyScannedPages(limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(
    `the PDF has more than ${fmt(limit)} pages without a text layer (scanned); text recognition reads at most ${fmt(limit)} per document: split the file or add a text layer`,
  );
}

export function imageTooLarge(page: number, width: number, height: number, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(
    `page ${page} draws a ${width}×${height} image (${megapixels(width * height)}); the limit is ${megapixels(limit)} per image`,
  );
}

export function pageImagesTooLarge(page: number, pixels: number, images: number, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(`page ${page} draws ${fmt(images)} images of ${megapixels(pixels)} in all; the limit is ${megapixels(limit)} per page`);
}

export function tooMuchText(found: string, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(`the document has ${found} characters of text; the limit is ${fmt(limit)} per file`);
}

export function tooManyPassages(found: string, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(`the document makes ${found} passages; the limit is ${fmt(limit)} per file`);
}

export function tooManyRows(found: string, limit: number): DocumentTooComplexError {
  return new DocumentTooComplexError(`the CSV has ${found} data rows; the limit is ${fmt(limit)} rows per file`);
}

/** "more than 5,000,000" once counting stopped at the limit, else the exact figure. */
export function moreThan(limit: number): string {
  return `more than ${fmt(limit)}`;
}
