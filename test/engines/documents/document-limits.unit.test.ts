import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { documentLimits } from '../../../src/documents/ingest-document';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, DocumentTooComplexError } from '../../../src/engines/documents';
import { TASKS } from '../../../src/threads/tasks';
import { makeDocxXml, makePdf } from '../../support/document-fixtures';
import { COSTLY_DOCUMENTS, makeImagePdf, makeObjectStreamBombPdf, makeTinyRowsCsv } from './costly-documents';
import { tmpFiles } from './tmp-files';

const run = promisify(execFile);
const files = tmpFiles();

/**
 * Runs a files-worker ingestion task (src/threads/tasks.ts) here, counting what it hands on to be
 * stored: a refusal with no event means no page, passage or row was stored and no page was recognized.
 */
async function ingest(kind: 'pdf' | 'docx' | 'csv', path: string, limits?: DocumentLimits): Promise<{ events: number; outcome: unknown }> {
  let events = 0;
  const ctx = {
    emit: async () => {
      events++;
    },
    signal: new AbortController().signal,
  };
  const task =
    kind === 'pdf'
      ? TASKS['document.pdf']({ path, limits }, ctx)
      : kind === 'docx'
        ? TASKS['document.docx']({ path, limits })
        : TASKS['document.csv']({ path, limits }, ctx);
  const outcome = await task.then(
    (value) => value,
    (err: unknown) => err,
  );
  return { events, outcome };
}

describe('uploads that would cost far more than their size are refused before the work', () => {
  for (const doc of COSTLY_DOCUMENTS) {
    it(`${doc.name}: ${doc.shape}`, async () => {
      const data = await doc.build();
      expect(data.length).toBeLessThan(3 * 1024 * 1024);
      const { events, outcome } = await ingest(doc.kind, await files.file(doc.name, data));
      expect(outcome).toBeInstanceOf(DocumentTooComplexError);
      expect((outcome as Error).message).toMatch(doc.refused);
      // Nothing was handed on to be stored: the limit was checked before the first page or row.
      expect(events).toBe(0);
    });
  }

  it('the image bomb costs its process no more than a few hundred MB (drawing it took gigabytes)', async () => {
    const path = await files.file('bomb.pdf', await makeImagePdf([{ width: 16_000, height: 16_000 }]));
    const tasks = pathToFileURL(resolve('src/threads/tasks.ts')).href;
    const script = `
      const { TASKS } = await import(${JSON.stringify(tasks)});
      await import(${JSON.stringify(pathToFileURL(resolve('src/engines/documents/index.ts')).href)});
      const before = process.memoryUsage().rss;
      const error = await TASKS['document.pdf']({ path: ${JSON.stringify(path)} }, { emit: async () => {}, signal: new AbortController().signal }).then(() => null, (e) => e.name);
      console.log(JSON.stringify({ error, before, peak: process.resourceUsage().maxRSS * 1024 }));
    `;
    const tsx = pathToFileURL(resolve('node_modules/tsx/dist/esm/index.mjs')).href;
    const { stdout } = await run(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
    const { error, before, peak } = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { error: string; before: number; peak: number };
    expect(error).toBe('DocumentTooComplexError');
    expect((peak - before) / 1024 / 1024).toBeLessThan(300);
  });
});

describe('the settings', () => {
  it('default to the engine limits, megapixels read as millions of pixels', () => {
    expect(documentLimits(loadConfig({}))).toEqual(DEFAULT_DOCUMENT_LIMITS);
    expect(documentLimits(loadConfig({ DOCUMENT_MAX_IMAGE_MEGAPIXELS: '12', CSV_MAX_ROWS: '50' }))).toMatchObject({ maxImagePixels: 12_000_000, maxRows: 50 });
  });

  it('refuse a limit of zero', () => {
    expect(() => loadConfig({ DOCUMENT_MAX_IMAGE_MEGAPIXELS: '0' })).toThrow(/DOCUMENT_MAX_IMAGE_MEGAPIXELS="0": must be at least 1/);
  });
});

describe('checking the images of a page reads no stream whole', () => {
  it('a 1 GB object stream (1 MB deflated) is refused as soon as it decodes past 64 MiB', async () => {
    const path = await files.file('objstm.pdf', await makeObjectStreamBombPdf(1024 * 1024 * 1024));
    const tasks = pathToFileURL(resolve('src/threads/tasks.ts')).href;
    const script = `
      const { TASKS } = await import(${JSON.stringify(tasks)});
      await import(${JSON.stringify(pathToFileURL(resolve('src/engines/documents/pdf-images.ts')).href)});
      const before = process.memoryUsage().rss;
      const error = await TASKS['document.pdf']({ path: ${JSON.stringify(path)} }, { emit: async () => {}, signal: new AbortController().signal }).then(() => null, (e) => e.name + ': ' + e.message);
      console.log(JSON.stringify({ error, before, peak: process.resourceUsage().maxRSS * 1024 }));
    `;
    const tsx = pathToFileURL(resolve('node_modules/tsx/dist/esm/index.mjs')).href;
    const { stdout } = await run(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
    const { error, before, peak } = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { error: string; before: number; peak: number };
    expect(error).toMatch(/^InvalidDocumentError: the images of page 1 cannot be checked .*: a stream decodes to more than 64 MiB$/);
    expect((peak - before) / 1024 / 1024).toBeLessThan(300);
  });
});

describe('each limit refuses one past it and keeps what is at it', () => {
  it('CSV rows: the limit is read, one more row is refused before any row is handed on', async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxRows: 40 };
    const at = await ingest('csv', await files.file('at.csv', makeTinyRowsCsv(40)), limits);
    expect(at.outcome).toMatchObject({ rowCount: 40 });
    const over = await ingest('csv', await files.file('over.csv', makeTinyRowsCsv(41)), limits);
    expect((over.outcome as Error).message).toBe('the CSV has more than 40 data rows; the limit is 40 rows per file');
    expect(over.events).toBe(0);
  });

  it('PDF pages, text and passages', async () => {
    const pages = ['The harbour committee met on the quay.', 'The keepers painted the tower in May.', 'The foghorn came from Leith.'];
    const path = await files.file('three.pdf', await makePdf(pages));
    expect((await ingest('pdf', path, { ...DEFAULT_DOCUMENT_LIMITS, maxPages: 3 })).outcome).toEqual({ pageCount: 3 });
    const tooLong = await ingest('pdf', path, { ...DEFAULT_DOCUMENT_LIMITS, maxPages: 2 });
    expect((tooLong.outcome as Error).message).toBe('the PDF has 3 pages; the limit is 2 pages per document');
    const text = await ingest('pdf', path, { ...DEFAULT_DOCUMENT_LIMITS, maxTextChars: 60 });
    expect((text.outcome as Error).message).toBe('the document has more than 60 characters of text; the limit is 60 per file');
    const passages = await ingest('pdf', path, { ...DEFAULT_DOCUMENT_LIMITS, maxPassages: 2 });
    expect((passages.outcome as Error).message).toBe('the document makes more than 2 passages; the limit is 2 per file');
    expect([tooLong.events, text.events, passages.events]).toEqual([0, 0, 0]);
  });

  it('.docx text and passages', async () => {
    const body = Array.from({ length: 30 }, (_, i) => `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Part ${i + 1}</w:t></w:r></w:p>`).join('');
    const path = await files.file(
      'parts.docx',
      await makeDocxXml(body, '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>'),
    );
    const all = await ingest('docx', path);
    const count = (all.outcome as { passages: unknown[] }).passages.length;
    expect(count).toBeGreaterThan(1);
    expect((await ingest('docx', path, { ...DEFAULT_DOCUMENT_LIMITS, maxPassages: count })).outcome).toMatchObject({ pageCount: 1 });
    const over = await ingest('docx', path, { ...DEFAULT_DOCUMENT_LIMITS, maxPassages: count - 1 });
    expect((over.outcome as Error).message).toBe(`the document makes ${count} passages; the limit is ${count - 1} per file`);
    const text = await ingest('docx', path, { ...DEFAULT_DOCUMENT_LIMITS, maxTextChars: 100 });
    expect((text.outcome as Error).message).toBe('the document has more than 100 characters of text; the limit is 100 per file');
  });

  it('image pixels: a page drawn for recognition may draw an image at the limit, not one pixel row more', async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxImagePixels: 1_000_000, maxPagePixels: 1_500_000 };
    const at = await ingest('pdf', await files.file('at.pdf', await makeImagePdf([{ width: 1000, height: 1000 }])), limits);
    // Drawn and recognized: an all-black page reads no words, so it is handed on with no passages.
    expect(at.outcome).toEqual({ pageCount: 1 });
    expect(at.events).toBe(1);
    const over = await ingest('pdf', await files.file('over.pdf', await makeImagePdf([{ width: 1000, height: 1001 }])), limits);
    expect((over.outcome as Error).message).toBe('page 1 draws a 1000×1001 image (1 megapixels); the limit is 1 megapixels per image');
    const page = await ingest(
      'pdf',
      await files.file(
        'page.pdf',
        await makeImagePdf([
          { width: 1000, height: 1000 },
          { width: 1000, height: 600 },
        ]),
      ),
      limits,
    );
    expect((page.outcome as Error).message).toBe('page 1 draws 2 images of 1.6 megapixels in all; the limit is 1.5 megapixels per page');
    expect([over.events, page.events]).toEqual([0, 0]);
  });

  it('a page with a text layer is never drawn, so its images are not held against it', async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxImagePixels: 1_000_000 };
    const path = await files.file('photo.pdf', await makeImagePdf([{ width: 2000, height: 2000 }], { text: 'The keepers repainted the tower in May.' }));
    const { outcome, events } = await ingest('pdf', path, limits);
    expect(outcome).toEqual({ pageCount: 1 });
    expect(events).toBe(1);
  });
});
