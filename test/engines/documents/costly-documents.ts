import { createDeflate } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, StandardFonts } from 'pdf-lib';
import { makeDocxXml } from '../../support/document-fixtures';

/**
 * Small uploads that cost far more to ingest than their size (issue 24, items 5–7): memory to draw an
 * image, CPU to recognize pages, passages to encode, rows to store. Shared by the tests (each is refused
 * with 422 file_too_complex before the work) and bench/hostile-inputs.ts (peak RSS and CPU seconds of the
 * ingestion task, before and after the limits).
 */
export interface CostlyDocument {
  name: string;
  kind: 'pdf' | 'docx' | 'csv';
  shape: string;
  /** The message the default limits refuse it with. */
  refused: RegExp;
  build(): Promise<Buffer>;
}

/** `bytes` zero bytes deflated (zlib format, as FlateDecode wants), streamed so they never sit in memory. */
function deflatedZeros(bytes: number): Promise<Buffer> {
  return deflated(Buffer.alloc(0), bytes);
}

/**
 * One Letter page drawing each image across the whole page: 8-bit grey (or RGB), all black, stored as a
 * FlateDecode stream (a 16000×16000 image is ~250 KB). The page has no text, so it is drawn for text
 * recognition, which decodes every image it draws (unless `text` gives it a text layer).
 */
export async function makeImagePdf(images: { width: number; height: number }[], opts: { text?: string; rgb?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = opts.text === undefined ? undefined : await doc.embedFont(StandardFonts.Helvetica);
  const refs = [];
  for (const { width, height } of images) {
    const raw = doc.context.stream(await deflatedZeros(width * height * (opts.rgb ? 3 : 1)), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: opts.rgb ? 'DeviceRGB' : 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    refs.push(doc.context.register(raw));
  }
  const page = doc.addPage([612, 792]);
  refs.forEach((ref, i) => {
    const name = page.node.newXObject(`Im${i}`, ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
  });
  if (font && opts.text) page.drawText(opts.text, { x: 72, y: 700, size: 11, font });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * One blank page (so it is checked for text recognition) and an object stream of `decodedBytes` bytes
 * deflated: pdf.js never reads it, but a parser that decodes every object stream on load would.
 */
export async function makeObjectStreamBombPdf(decodedBytes: number): Promise<Buffer> {
  const head = Buffer.from('5 0 << >> ');
  const data = await deflated(head, decodedBytes - head.length);
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  for (const o of objects) {
    offsets.push(length);
    parts.push(Buffer.from(o));
    length += o.length;
  }
  offsets.push(length);
  const streamHead = Buffer.from(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`);
  const streamTail = Buffer.from('\nendstream\nendobj\n');
  parts.push(streamHead, data, streamTail);
  length += streamHead.length + data.length + streamTail.length;
  const xref = ['xref', '0 5', '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** `prefix` then `zeros` zero bytes, deflated in one zlib stream, streamed. */
async function deflated(prefix: Buffer, zeros: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  deflate.write(prefix);
  const block = Buffer.alloc(1 << 20);
  for (let left = zeros; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** `pages` blank pages: no text layer, so each one is a page for text recognition. */
export async function makeBlankPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save());
}

/** `pages` pages showing one small noise picture across the page (one image object for all): tesseract spends seconds on each. */
export async function makeNoisePdf(pages: number, noisePng: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(noisePng);
  for (let p = 0; p < pages; p++) doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

const WORDS = (
  'harbour committee trustees budget keeper tower paint foghorn foundry quay pilot meeting minutes river bridge ' +
  'council school library garden market station museum theatre hospital orchard mill canal ferry lantern signal ' +
  'winter summer autumn spring north south east west morning evening careful quiet bright narrow ancient modern'
).split(' ');

/** A .docx whose word/document.xml is `bytes` long: paragraphs of seeded words (deflates about 4:1, under the zip bomb ratio). */
export async function makeLongDocx(bytes: number): Promise<Buffer> {
  let seed = 11;
  const word = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return WORDS[seed % WORDS.length] as string;
  };
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    const words = Array.from({ length: 60 }, word).join(' ');
    const paragraph = `<w:p><w:r><w:t>${words}.</w:t></w:r></w:p>`;
    parts.push(paragraph);
    length += paragraph.length;
  }
  return makeDocxXml(parts.join(''));
}

/** A CSV of `rows` two-cell rows: 4 bytes a row, each one a row in the database. */
export function makeTinyRowsCsv(rows: number): Buffer {
  return Buffer.from(`a,b\n${'1,2\n'.repeat(rows)}`);
}

export const COSTLY_DOCUMENTS: CostlyDocument[] = [
  {
    name: 'image-bomb.pdf',
    kind: 'pdf',
    shape: 'one page drawing one 16000×16000 8-bit image',
    refused: /^page 1 draws a 16000×16000 image \(256 megapixels\); the limit is 25 megapixels per image$/,
    build: () => makeImagePdf([{ width: 16_000, height: 16_000 }]),
  },
  {
    name: 'many-images.pdf',
    kind: 'pdf',
    shape: 'one page drawing three 4000×4000 images (16 megapixels each)',
    refused: /^page 1 draws 3 images of 48 megapixels in all; the limit is 40 megapixels per page$/,
    build: () =>
      makeImagePdf([
        { width: 4_000, height: 4_000 },
        { width: 4_000, height: 4_001 },
        { width: 4_000, height: 4_002 },
      ]),
  },
  {
    name: 'long-body.docx',
    kind: 'docx',
    shape: 'word/document.xml of 20 MB (paragraphs of words)',
    refused: /^the document has more than 5,000,000 characters of text; the limit is 5,000,000 per file$/,
    build: () => makeLongDocx(20_000_000),
  },
  {
    name: 'tiny-rows.csv',
    kind: 'csv',
    shape: '524,287 rows of two one-digit cells',
    refused: /^the CSV has more than 200,000 data rows; the limit is 200,000 rows per file$/,
    build: async () => makeTinyRowsCsv(524_287),
  },
  {
    name: 'many-pages.pdf',
    kind: 'pdf',
    shape: '2,001 blank pages',
    refused: /^the PDF has 2,001 pages; the limit is 2,000 pages per document$/,
    build: () => makeBlankPdf(2_001),
  },
  {
    name: 'blank-scan.pdf',
    kind: 'pdf',
    shape: '101 blank pages (no text layer: each one for text recognition)',
    refused: /^the PDF has more than 100 pages without a text layer \(scanned\)/,
    build: () => makeBlankPdf(101),
  },
];
