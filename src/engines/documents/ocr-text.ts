import { availableParallelism } from 'node:os';

/**
 * Pure helpers of text recognition for PDF pages (no I/O, unit-tested): when a page needs it, and how
 * tesseract's output becomes page text shaped like the text layer's (paragraphs on lines of their own).
 */

/** A page whose text layer has fewer letters and digits than this is treated as an image to read. */
export const MIN_TEXT_LAYER_CHARS = 20;

/**
 * Tesseract workers reading one document's scanned pages at once. Recognition is single-threaded, so a
 * second worker on a second core nearly halves a scan's time; each costs ~100 MB while the document is
 * read, so two, not one per core on a big machine.
 */
export const OCR_READERS = Math.min(2, availableParallelism());

/**
 * Render resolution for recognition. Measured on a noisy 150 DPI scan: 150 read every word, 200 and 300
 * read the same words plus garbage from the upscaled paper grain, and took longer. Body text (10–12 pt)
 * of scans at 150 DPI or more reads well; very small print may not.
 */
export const OCR_DPI = 150;

/** The longest side of a rendered page, in pixels, whatever its size in points (a poster-sized page is scaled down). */
export const OCR_MAX_SIDE_PX = 2500;

/** Whether a page with this text layer should be rendered and read: no text layer, or almost none (a page number, a stamp). */
export function needsRecognition(textLayer: string): boolean {
  const meaningful = textLayer.match(/[\p{L}\p{N}]/gu);
  return (meaningful?.length ?? 0) < MIN_TEXT_LAYER_CHARS;
}

/** The render scale (pdf.js viewport scale, 1 = 72 DPI) for a page of `width` × `height` points. */
export function recognitionScale(width: number, height: number): number {
  const scale = OCR_DPI / 72;
  const longest = Math.max(width, height, 1);
  return Math.min(scale, OCR_MAX_SIDE_PX / longest);
}

/**
 * Tesseract's text: lines end with "\n", paragraphs with a blank line. Lines of one paragraph are
 * rejoined with spaces (a word hyphenated at the line end stays one word, hyphen kept as pageText does) so a sentence reads as one,
 * and paragraphs go on lines of their own, as pageText gives for a text layer.
 */
export function recognizedPageText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => {
      const lines = paragraph
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      let text = '';
      for (const line of lines) {
        if (!text) text = line;
        else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) text += line;
        else text += ` ${line}`;
      }
      return text;
    })
    .filter((p) => /[\p{L}\p{N}]/u.test(p))
    .join('\n');
}
