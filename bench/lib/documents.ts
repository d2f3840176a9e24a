/**
 * Documents for the files scenario, made in memory and deterministic (fixed seeds): a book of English prose
 * one generated text per page, the same book with an incompressible noise picture above every page's text
 * (to bring a PDF honestly to ~20 MB: pdf-lib compresses text, so a text-only 20 MB PDF would be ~7,000 pages),
 * a ~20 MB sales CSV, questions whose answers sit on known pages, and the upload through the API.
 */
import { crc32, deflateSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';
import { questionTerms, stem } from '../../src/engines/filechat/question-terms';
import { makeCsv, makeLargePdf } from '../../test/support/document-fixtures';
import { generateProse, loadVocabulary, seededRandom, type GeneratedText } from './english';
import { payload } from './payloads';
import type { Child } from './processes';
import type { BenchContext } from './types';

/** The API's upload limit (src/api/routes/files/upload.ts, decisions.md): 20 × 1024 × 1024 bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

// ---- the book ------------------------------------------------------------------------------------------

export interface Book {
  /** Page n is `pages[n - 1]`. */
  pages: GeneratedText[];
  words: number;
}

/** `pageCount` pages of 400–600 words each (the last sentence may overshoot a little); page n from seed `seed + n`. */
export function makeBook(pageCount: number, seed: number): Book {
  const pages: GeneratedText[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const words = 400 + Math.floor(seededRandom(seed ^ (0x5eed0000 + n))() * 201);
    pages.push(generateProse(seed + n, words));
  }
  return { pages, words: pages.reduce((sum, p) => sum + p.words, 0) };
}

/** The book as a text-only PDF (test/support/document-fixtures.ts: Helvetica 11 pt, a page grows taller rather than overflow). */
export function bookPdf(book: Book): Promise<Buffer> {
  return makeLargePdf(book.pages.length, (n) => book.pages[n - 1]!.text);
}

// ---- ~20 MB PDF ------------------------------------------------------------------------------------------

/** An RGB PNG of deterministic noise (stored, not deflated: noise does not compress anyway). */
export function noisePng(seed: string, side: number): Buffer {
  const row = side * 3;
  const pixels = payload(seed, row * side);
  const raw = Buffer.alloc((row + 1) * side); // filter byte 0 (none) before each row
  for (let y = 0; y < side; y++) pixels.copy(raw, y * (row + 1) + 1, y * row, (y + 1) * row);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PicturedPdf {
  pdf: Buffer;
  /** Each page's picture is side × side RGB pixels. */
  side: number;
  imageBytes: number;
}

/**
 * The text PDF with a side × side noise picture added above the text of every page (the page grows by the
 * picture's height; pdf-lib stores it Flate-compressed, which leaves noise its size). The side is chosen so
 * the file lands just under `maxBytes`.
 */
export async function picturedPdf(textPdf: Buffer, maxBytes: number): Promise<PicturedPdf> {
  const pages = (await PDFDocument.load(textPdf)).getPageCount();
  // Per page: the picture's pixels plus a few hundred bytes of objects (XObject, content stream, resources).
  let side = Math.floor(Math.sqrt((maxBytes - textPdf.length - pages * 400 - 64 * 1024) / pages / 3));
  for (;;) {
    if (side < 8) throw new Error(`a ${textPdf.length}-byte PDF leaves no room for pictures under ${maxBytes} bytes`);
    const doc = await PDFDocument.load(textPdf);
    let n = 0;
    for (const page of doc.getPages()) {
      const image = await doc.embedPng(noisePng(`kiln-bench-files-picture-${n++}`, side));
      const { width, height } = page.getSize();
      page.setSize(width, height + side + 24);
      page.drawImage(image, { x: (width - side) / 2, y: height, width: side, height: side });
    }
    const pdf = Buffer.from(await doc.save());
    if (pdf.length <= maxBytes) return { pdf, side, imageBytes: side * side * 3 };
    side -= 1;
  }
}

// ---- ~20 MB CSV ------------------------------------------------------------------------------------------

const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const CATEGORIES = ['Hardware', 'Software', 'Services', 'Furniture', 'Office supplies', 'Networking'];
const PRODUCTS = ['Laptop', 'Monitor', 'Desk', 'Chair', 'Router', 'Licence', 'Support plan', 'Printer', 'Paper', 'Headset', 'Dock', 'Cable'];

export interface SalesCsv {
  csv: Buffer;
  rows: number;
  columns: string[];
}

/**
 * A sales table as large as fits under `maxBytes`: id, date, region, category, product, quantity, unit price,
 * total, customer, and a free-text comment (one generated sentence per row, some with commas and quotes).
 */
export function salesCsv(maxBytes: number, seed: number): SalesCsv {
  const header = ['order_id', 'date', 'region', 'category', 'product', 'quantity', 'unit_price', 'total', 'customer', 'comment'];
  const rnd = seededRandom(seed);
  const headerBytes = makeCsv(header, []).length;
  const rows: (string | number)[][] = [];
  let bytes = headerBytes;
  let prose = generateProse(seed, 200_000);
  let next = 0;
  for (;;) {
    if (next >= prose.sentences.length) {
      prose = generateProse(seed + rows.length, 200_000);
      next = 0;
    }
    const s = prose.sentences[next++]!;
    const quantity = 1 + Math.floor(rnd() * 40);
    const price = Math.round((5 + rnd() * 1995) * 100) / 100;
    const day = new Date(Date.UTC(2021, 0, 1) + Math.floor(rnd() * 1460) * 86_400_000);
    const row = [
      100_000 + rows.length,
      day.toISOString().slice(0, 10),
      REGIONS[Math.floor(rnd() * REGIONS.length)]!,
      CATEGORIES[Math.floor(rnd() * CATEGORIES.length)]!,
      PRODUCTS[Math.floor(rnd() * PRODUCTS.length)]!,
      quantity,
      price.toFixed(2),
      (quantity * price).toFixed(2),
      `Customer ${1 + Math.floor(rnd() * 5_000)}`,
      prose.text.slice(s.start, s.end),
    ];
    const size = makeCsv(header, [row]).length - headerBytes;
    if (bytes + size > maxBytes) break;
    rows.push(row);
    bytes += size;
  }
  const csv = makeCsv(header, rows);
  if (csv.length !== bytes) throw new Error(`CSV size ${csv.length} != ${bytes} counted`);
  return { csv, rows: rows.length, columns: header };
}

// ---- questions -----------------------------------------------------------------------------------------

export interface Question {
  question: string;
  /** The page the words asked about are on (and on no other page). */
  page: number;
}

const TEMPLATES = [
  (a: string, b: string) => `What does the document say about the ${a} and the ${b}?`,
  (a: string, b: string) => `What happened with the ${a} and the ${b}?`,
  (a: string, b: string) => `Where is the ${a} mentioned together with the ${b}?`,
  (a: string, b: string) => `Tell me about ${a} and ${b}.`,
  (a: string, b: string) => `Which passage talks about ${a} and ${b}?`,
];

/**
 * `count` questions about pages spread evenly through the book. Each asks about the two rarest dictionary nouns
 * (not the generated names) of one sentence of its page, the first of which, stemmed as
 * the search stems it, occurs on no other page: the answer is on that page, and the sources show whether it
 * was found.
 */
export function bookQuestions(book: Book, count: number, offset = 0): Question[] {
  const vocab = loadVocabulary();
  const dictionary = new Set(vocab.nouns.words);
  const pagesOf = new Map<string, Set<number>>();
  book.pages.forEach((p, i) => {
    for (const w of questionTerms(p.text)) {
      const s = stem(w);
      let set = pagesOf.get(s);
      if (!set) pagesOf.set(s, (set = new Set()));
      set.add(i);
    }
  });
  const out: Question[] = [];
  const used = new Set<number>();
  const pages = book.pages.length;
  for (let k = 0; k < count; k++) {
    // Evenly spread, shifted by `offset` so warm-up questions ask about other pages; a page without a fitting
    // sentence hands over to the next one.
    let index = (Math.floor(((k + 0.5) * pages) / count) + offset) % pages;
    let pickedTerms: string[] | undefined;
    for (let tries = 0; !pickedTerms && tries < pages; tries++, index = (index + 1) % pages) {
      if (used.has(index)) continue;
      const page = book.pages[index]!;
      for (const s of page.sentences) {
        // The rarest dictionary nouns of the sentence; the first must be on this page only.
        const terms = questionTerms(page.text.slice(s.start, s.end))
          .filter((w) => w.length >= 4 && dictionary.has(w))
          .map((w) => ({ w, pages: pagesOf.get(stem(w))?.size ?? 0 }))
          .sort((a, b) => a.pages - b.pages);
        if (terms.length >= 2 && terms[0]!.pages === 1) {
          pickedTerms = [terms[0]!.w, terms[1]!.w];
          break;
        }
      }
    }
    if (!pickedTerms) break;
    index = (index - 1 + pages) % pages;
    used.add(index);
    out.push({ question: TEMPLATES[k % TEMPLATES.length]!(pickedTerms[0]!, pickedTerms[1]!), page: index + 1 });
  }
  return out;
}

// ---- the API --------------------------------------------------------------------------------------------

export interface Uploaded {
  /** From the first byte sent to the final answer (201, or 200 from the job link after a 202). */
  wallS: number;
  fileId: string;
  /** The upload answered 202 and the job was polled. */
  polled: boolean;
}

/**
 * POST /v1/file/upload (multipart, part `file`) and, after a 202, poll the job link until it is done. Fails
 * early if `worker` (the process that serves the files queue) exits meanwhile.
 */
export async function uploadFile(
  ctx: BenchContext,
  file: { bytes: Buffer; filename: string; type: string },
  opts: { timeoutMs: number; worker?: Child },
): Promise<Uploaded> {
  const authorization = `Bearer ${ctx.apiKey}`;
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.filename);
  const deadline = Date.now() + opts.timeoutMs;
  const alive = () => {
    if (opts.worker?.hasExited()) throw new Error(`${opts.worker.name} exited while ${file.filename} was being ingested. Its output:\n${opts.worker.tail()}`);
  };
  const started = performance.now();
  const pending = fetch(`${ctx.apiUrl}/v1/file/upload`, {
    method: 'POST',
    headers: { authorization },
    body: form,
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  // The upload answers only once the worker is done (or after SYNC_TIMEOUT_MS): watch the worker meanwhile.
  let settled = false;
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    alive();
    await Promise.race([pending.catch(() => undefined), sleep(500)]);
  }
  let res: Response;
  try {
    res = await pending;
  } catch (err) {
    throw new Error(`POST /v1/file/upload of ${file.filename} failed: ${(err as Error).message}`);
  }
  const polled = res.status === 202;
  while (res.status === 202) {
    await res.arrayBuffer();
    alive();
    if (Date.now() > deadline) throw new Error(`${file.filename} was still being ingested after ${opts.timeoutMs / 1000} s`);
    await sleep(250);
    res = await fetch(`${ctx.apiUrl}${res.headers.get('location') ?? ''}`, { headers: { authorization } });
  }
  const text = await res.text();
  const wallS = (performance.now() - started) / 1000;
  if (res.status !== (polled ? 200 : 201)) throw new Error(`POST /v1/file/upload of ${file.filename} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { file_id?: string };
  if (!body.file_id) throw new Error(`POST /v1/file/upload of ${file.filename} answered no file_id: ${text.slice(0, 300)}`);
  return { wallS, fileId: body.file_id, polled };
}

export interface ChatAnswer {
  answer: string;
  sources: { page: number; excerpt: string }[];
}
