import { createIsomorphicCanvasFactory, getDocumentProxy } from 'unpdf';
import './array-buffer-transfer';
import { needsRecognition, recognitionScale } from './ocr-text';
import { pageText, type TextItemLike } from './pdf-text';
import { InvalidDocumentError, type PdfPage } from './types';

/** A page as read: with `image` (8-bit grey PGM at OCR resolution) when its text layer is empty or nearly so and rendering was asked for. */
export interface ReadPdfPage extends PdfPage {
  image?: Uint8Array;
}

export interface OpenedPdf {
  pageCount: number;
  /**
   * Pages in order, one at a time; each page's resources are released before the next is read.
   * With `renderSparse`, a page without a usable text layer also comes rendered, for text recognition.
   */
  pages(opts?: { renderSparse?: boolean }): AsyncGenerator<ReadPdfPage>;
  /** Page `n`'s text layer (1-based). */
  text(n: number): Promise<string>;
  /** Page `n` drawn at OCR resolution, as 8-bit grey PGM. */
  render(n: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * pdf.js runs in this thread and reports a damaged file by rejecting, but a
 * few malformed structures have left its promises pending forever; a
 * deadline turns that into an error instead of a stuck job.
 */
const OPEN_TIMEOUT_MS = 60_000;
const PAGE_TIMEOUT_MS = 30_000;

/** Worker-side caches (fonts, images' decoded data) grow with every page; dropping them now and then bounds memory on long files. */
const CLEANUP_EVERY_PAGES = 50;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvalidDocumentError(`the PDF is damaged: ${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function asInvalid(err: unknown, context: string): InvalidDocumentError {
  if (err instanceof InvalidDocumentError) return err;
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return new InvalidDocumentError('the PDF is password-protected');
  return new InvalidDocumentError(`the PDF is damaged: ${context}${message.replace(/\.$/, '')}`);
}

/**
 * Opens a PDF for page-by-page text extraction. pdf.js takes ownership of
 * (detaches) the buffer it is given, so it gets a copy and the caller's
 * bytes stay usable.
 */
export async function openPdf(data: Uint8Array, opts: { maxImagePixels?: number } = {}): Promise<OpenedPdf> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  // pdf.js draws image masks and patterns on canvases of its own, made by this factory (@napi-rs/canvas).
  const CanvasFactory = await createIsomorphicCanvasFactory(() => import('@napi-rs/canvas'));
  try {
    // verbosity 0: pdf.js would otherwise print a warning for every oddity it repairs. maxImageSize: an
    // image over the limit is dropped before it is decoded (the survey refuses the pages it sees such
    // images on; this catches the inline ones it cannot see).
    const maxImageSize = opts.maxImagePixels ?? -1;
    doc = await withTimeout(
      getDocumentProxy(new Uint8Array(data), { verbosity: 0, disableFontFace: true, isEvalSupported: false, CanvasFactory, maxImageSize }),
      OPEN_TIMEOUT_MS,
      'opening it',
    );
  } catch (err) {
    throw asInvalid(err, '');
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw new InvalidDocumentError('the PDF has no pages');
  }
  const opened = doc;
  let read = 0;
  /** Runs `fn` on page `n`, releasing the page's resources after, and pdf.js's caches every CLEANUP_EVERY_PAGES pages. */
  const withPage = async <T>(n: number, what: string, fn: (page: PdfPageProxy) => Promise<T>): Promise<T> => {
    let value: T;
    try {
      const page = await withTimeout(opened.getPage(n), PAGE_TIMEOUT_MS, `reading page ${n}`);
      try {
        value = await withTimeout(fn(page), PAGE_TIMEOUT_MS, `${what} page ${n}`);
      } finally {
        page.cleanup();
      }
    } catch (err) {
      throw asInvalid(err, `page ${n} cannot be read: `);
    }
    if (++read % CLEANUP_EVERY_PAGES === 0) await opened.cleanup();
    return value;
  };
  const text = (n: number) => withPage(n, 'reading', async (page) => pageText((await page.getTextContent()).items as TextItemLike[]));
  const render = (n: number) => withPage(n, 'drawing', (page) => renderPage(page, new CanvasFactory()));
  return {
    pageCount: opened.numPages,
    text,
    render,
    async *pages(opts = {}) {
      for (let n = 1; n <= opened.numPages; n++) {
        const pageText = await text(n);
        const image = opts.renderSparse && needsRecognition(pageText) ? await render(n) : undefined;
        yield image ? { page: n, text: pageText, image } : { page: n, text: pageText };
      }
    },
    close: () => opened.destroy(),
  };
}

/**
 * The page as binary PGM (8-bit grey): tesseract reads it directly (leptonica's PNM reader), and it
 * costs a pass over the pixels where PNG-encoding a noisy scan took about as long as drawing it.
 */
export function grayscalePgm(image: { width: number; height: number; data: Uint8ClampedArray }): Uint8Array {
  const { width, height, data } = image;
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header, 0);
  for (let i = 0, o = header.length; i < data.length; i += 4, o++) {
    // ITU-R BT.601 luma in integers; the canvas is opaque (white background), so alpha is ignored.
    out[o] = ((data[i] ?? 0) * 77 + (data[i + 1] ?? 0) * 150 + (data[i + 2] ?? 0) * 29) >> 8;
  }
  return out;
}

type PdfPageProxy = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>['getPage']>>;
interface CanvasFactoryLike {
  create(width: number, height: number): { canvas: unknown; context: unknown };
  destroy(drawing: { canvas: unknown; context: unknown }): void;
}

/**
 * The page drawn on a white canvas at OCR resolution, as grey PGM. The canvas (tens of MB of pixels) is
 * released before returning, so one page's pixels are alive at a time.
 */
async function renderPage(page: PdfPageProxy, factory: CanvasFactoryLike): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: recognitionScale(base.width, base.height) });
  const drawing = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    const canvas = drawing.canvas as import('@napi-rs/canvas').Canvas;
    const context = drawing.context as import('@napi-rs/canvas').SKRSContext2D;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return grayscalePgm(context.getImageData(0, 0, canvas.width, canvas.height));
  } finally {
    factory.destroy(drawing);
  }
}
