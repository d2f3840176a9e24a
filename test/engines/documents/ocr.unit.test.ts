import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { needsRecognition, recognitionScale, recognizedPageText, OCR_DPI, OCR_MAX_SIDE_PX } from '../../../src/engines/documents/ocr-text';
import { DEFAULT_DOCUMENT_LIMITS, DocumentTooComplexError, openPdf, readScannedPages, surveyPdf } from '../../../src/engines/documents';
import { makeScannedPdf } from '../../support/document-fixtures';

const run = promisify(execFile);

describe('needsRecognition', () => {
  it('reads a page whose text layer is empty or only a page number; keeps a real text layer', () => {
    expect(needsRecognition('')).toBe(true);
    expect(needsRecognition('  12 \n')).toBe(true);
    expect(needsRecognition('Page 3 of 40')).toBe(true);
    expect(needsRecognition('The committee approved the budget.')).toBe(false);
  });
});

describe('recognitionScale', () => {
  it('renders at OCR_DPI, scaled down so the longest side stays under the cap', () => {
    expect(recognitionScale(612, 792)).toBeCloseTo(OCR_DPI / 72);
    const poster = recognitionScale(2384, 3370); // A0 in points
    expect(3370 * poster).toBeLessThanOrEqual(OCR_MAX_SIDE_PX + 0.001);
  });
});

describe('recognizedPageText', () => {
  it("rejoins a paragraph's lines, keeps paragraphs apart and drops lines of noise", () => {
    const raw = 'The harbour committee met on\n14 March and approved a well-\nknown plan.\n\n~ . ,\n\nResidents  raised concerns.\n';
    expect(recognizedPageText(raw)).toBe('The harbour committee met on 14 March and approved a well-known plan.\nResidents raised concerns.');
  });
  it('gives an empty string for a blank page', () => {
    expect(recognizedPageText('\n \n')).toBe('');
  });
});

describe('readScannedPages', () => {
  it('refuses a document with more scanned pages than the cap before recognizing any page; text pages do not count', async () => {
    const data = new Uint8Array(
      await makeScannedPdf(
        [
          'A scanned page about lighthouses and their keepers.',
          'A page with its text layer, which is not read by recognition at all.',
          'Another scanned page.',
        ],
        { textPages: [2] },
      ),
    );
    const pdf = await openPdf(data);
    try {
      const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxScannedPages: 1 };
      await expect(surveyPdf(pdf, data, limits)).rejects.toThrow(DocumentTooComplexError);
      await expect(surveyPdf(pdf, data, limits)).rejects.toThrow(/more than 1 pages without a text layer.*at most 1 per document/);
      // Within the cap, the same file reads in page order: scans by recognition, the text page from its layer.
      const seen: { page: number; recognized?: boolean }[] = [];
      const survey = await surveyPdf(pdf, data, { ...DEFAULT_DOCUMENT_LIMITS, maxScannedPages: 2 });
      expect([...survey.scanned]).toEqual([1, 3]);
      for await (const page of readScannedPages(pdf, survey)) seen.push({ page: page.page, recognized: page.recognized });
      expect(seen).toEqual([
        { page: 1, recognized: true },
        { page: 2, recognized: undefined },
        { page: 3, recognized: true },
      ]);
    } finally {
      await pdf.close();
    }
  });
});

describe('text recognition offline', () => {
  it('reads a scanned page with no network at all and writes nothing to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-ocr-offline-'));
    const work = join(dir, 'cwd');
    try {
      const pdfPath = join(dir, 'scan.pdf');
      writeFileSync(pdfPath, await makeScannedPdf(['The foghorn can be heard nine nautical miles out to sea.']));
      const script = join(dir, 'read.mts');
      const engine = pathToFileURL(resolve('src/engines/documents/index.ts')).href;
      writeFileSync(
        script,
        `import { readFileSync } from 'node:fs';
import { DEFAULT_DOCUMENT_LIMITS, openPdf, readScannedPages, surveyPdf } from '${engine}';
const data = new Uint8Array(readFileSync(${JSON.stringify(pdfPath)}));
const pdf = await openPdf(data);
const survey = await surveyPdf(pdf, data, DEFAULT_DOCUMENT_LIMITS);
for await (const page of readScannedPages(pdf, survey)) console.log(JSON.stringify(page));
await pdf.close();
`,
      );
      const { mkdirSync } = await import('node:fs');
      mkdirSync(work);
      const tsx = pathToFileURL(resolve('node_modules/tsx/dist/esm/index.mjs')).href;
      // unshare -rn: a fresh network namespace with only a downed loopback, so any download fails.
      const { stdout } = await run('unshare', ['-rn', process.execPath, '--import', tsx, script], { cwd: work, timeout: 120_000 });
      const page = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { page: number; text: string; recognized?: boolean };
      expect(page).toMatchObject({ page: 1, recognized: true });
      expect(page.text).toMatch(/nine nautical miles/);
      expect(readdirSync(work)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
