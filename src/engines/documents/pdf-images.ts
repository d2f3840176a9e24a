import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';

// pdf-lib and its stream decoder from the one CommonJS build, so the bound below applies to the copy in use.
const require = createRequire(import.meta.url);
const { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream } = require('pdf-lib') as typeof PdfLib;
type PDFDict = PdfLib.PDFDict;
type PDFDocument = PdfLib.PDFDocument;
type PDFObject = PdfLib.PDFObject;
type PDFStream = PdfLib.PDFStream;

/**
 * Bytes one stream may decode to inside pdf-lib. Loading a document decodes every object stream and
 * cross-reference stream whole (pdf.js reads them lazily, as far as it needs), so a 20 MB upload whose
 * object stream inflates 1000:1 would cost gigabytes here; real object streams are well under a megabyte.
 */
export const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

interface DecodeStreamClass {
  prototype: { ensureBuffer(requested: number): Uint8Array };
}
const DecodeStream = (require('pdf-lib/cjs/core/streams/DecodeStream') as { default: DecodeStreamClass }).default;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
const overLimit = `a stream decodes to more than ${MAX_DECODED_STREAM_BYTES / 1024 / 1024} MiB`;
/** Set when the bound stopped a decode: pdf-lib takes the error for a damaged object and reads on without it. */
let tripped = false;
DecodeStream.prototype.ensureBuffer = function bounded(requested: number): Uint8Array {
  if (requested > MAX_DECODED_STREAM_BYTES) {
    tripped = true;
    throw new RangeError(overLimit);
  }
  return ensureBuffer.call(this, requested);
};

/** The images one page draws, from their dictionaries (nothing is decoded). */
export interface PageImages {
  /** Distinct image streams (an image drawn twice is decoded once), soft masks and masks included. */
  count: number;
  /** Their width × height, summed. */
  pixels: number;
  /** The one with the most pixels, if any. */
  largest?: { width: number; height: number };
}

/** Objects visited from one page's resources: enough for any real page, bounded for a crafted one. */
const MAX_OBJECTS_PER_PAGE = 20_000;

/**
 * Reads a PDF's object structure (pdf-lib: a linear parse, ~0.3 s for a 500-page book, no stream decoded)
 * and answers, per page, the images it draws: image XObjects in its resources, in the forms and tiling
 * patterns those use, with their soft masks. pdf.js offers no way to see an image's size before it decodes
 * it, and a 249 KB page drawing a 16000×16000 image costs gigabytes once decoded; this lets a page be
 * refused before it is drawn. Inline images (BI … EI in a content stream) are not seen here: pdf.js's
 * `maxImageSize` drops any of those above the per-image limit.
 */
export async function readPageImages(data: Uint8Array): Promise<(page: number) => PageImages> {
  tripped = false;
  const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  // Objects it skipped could be the very resources to check.
  if (tripped) throw new RangeError(overLimit);
  const pages = doc.getPages();
  return (page) => {
    const leaf = pages[page - 1];
    if (!leaf) return { count: 0, pixels: 0 };
    return imagesOf(doc, leaf.node.Resources());
  };
}

function imagesOf(doc: PDFDocument, resources: PDFDict | undefined): PageImages {
  const found: PageImages = { count: 0, pixels: 0 };
  const seen = new Set<PDFObject>();
  const lookup = (obj: PDFObject | undefined): PDFObject | undefined => (obj instanceof PDFRef ? doc.context.lookup(obj) : obj);
  const number = (obj: PDFObject | undefined): number => {
    const n = lookup(obj);
    return n instanceof PDFNumber ? n.asNumber() : 0;
  };
  const addImage = (stream: PDFStream) => {
    const dict = stream.dict;
    // pdf.js reads W before Width, as for inline images.
    const width = Math.max(0, Math.floor(number(dict.get(PDFName.of('W')) ?? dict.get(PDFName.of('Width')))));
    const height = Math.max(0, Math.floor(number(dict.get(PDFName.of('H')) ?? dict.get(PDFName.of('Height')))));
    found.count++;
    found.pixels += width * height;
    if (!found.largest || width * height > found.largest.width * found.largest.height) found.largest = { width, height };
    for (const key of ['SMask', 'Mask']) {
      const mask = lookup(dict.get(PDFName.of(key)));
      if (mask instanceof PDFStream && visit(mask)) addImage(mask);
    }
  };
  const visit = (obj: PDFObject): boolean => {
    if (seen.has(obj)) return false;
    if (seen.size >= MAX_OBJECTS_PER_PAGE) throw new RangeError(`more than ${MAX_OBJECTS_PER_PAGE} objects reachable from one page's resources`);
    seen.add(obj);
    return true;
  };
  const walkResources = (res: PDFObject | undefined) => {
    const dict = lookup(res);
    if (!(dict instanceof PDFDict) || !visit(dict)) return;
    for (const group of ['XObject', 'Pattern']) {
      const entries = lookup(dict.get(PDFName.of(group)));
      if (!(entries instanceof PDFDict)) continue;
      for (const value of entries.values()) {
        const obj = lookup(value);
        if (!(obj instanceof PDFStream) || !visit(obj)) continue;
        const subtype = lookup(obj.dict.get(PDFName.of('Subtype')));
        if (subtype === PDFName.of('Image')) addImage(obj);
        // Forms and tiling patterns draw with resources of their own.
        else walkResources(obj.dict.get(PDFName.of('Resources')));
      }
    }
  };
  walkResources(resources);
  return found;
}
