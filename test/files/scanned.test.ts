import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentPassages } from '../../src/db/schema';
import { tesseractOptions } from '../../src/engines/documents';
import { makeScannedPdf } from '../support/document-fixtures';
import { createTestAccount, type TestService } from '../support/runtime';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  // Recognition takes seconds a page, longer with both cores busy: the upload waits for it rather than answering 202.
  ({ svc, close: stopService } = await startFileChatService({ SYNC_TIMEOUT_MS: '300000' }));
});
afterAll(() => stopService());

const PAGES = [
  'Lighthouse Trust minutes.\n\nThe trustees met in the old pilot house on the quay to review the year.',
  'The keepers repainted the tower in May. The work used 340 litres of white paint and took three weeks.',
  'The trust bought a new foghorn from a foundry in Leith. It can be heard nine nautical miles out to sea.',
];

describe('POST /v1/file/upload of a scanned PDF (no text layer)', () => {
  it('reads the pages by text recognition: chat answers from the recognized text with the right page', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const scan = await makeScannedPdf(PAGES);
    const file = await uploadOk(svc, auth, scan, 'minutes-scan.pdf');
    const paint = await chat(svc, auth, file.file_id, 'How much paint did the keepers use?');
    expect(paint.answer).toContain('340');
    expect(paint.sources[0]!.page).toBe(2);
    // The excerpt is the recognized text: the page's words (recognition may differ in punctuation only).
    const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    const excerptWords = words(paint.sources[0]!.excerpt);
    expect(excerptWords.length).toBeGreaterThan(3);
    for (const w of excerptWords) expect(words(PAGES[1]!)).toContain(w);
    const foghorn = await chat(svc, auth, file.file_id, 'How far out to sea can the foghorn be heard?');
    expect(foghorn.answer).toMatch(/nine nautical miles/);
    expect(foghorn.sources[0]!.page).toBe(3);
  });

  it('reads a mixed PDF page by page: text pages from their layer, scanned pages by recognition', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const mixed = await makeScannedPdf(PAGES, { textPages: [1, 3] });
    const file = await uploadOk(svc, auth, mixed, 'minutes-mixed.pdf');
    const rows = await svc.rt.db
      .select({ page: documentPassages.page, content: documentPassages.content })
      .from(documentPassages)
      .where(and(eq(documentPassages.documentId, file.file_id)));
    expect([...new Set(rows.map((r) => r.page))].sort()).toEqual([1, 2, 3]);
    // Page 3 kept its exact text layer; page 2 came from the image.
    expect(
      rows
        .filter((r) => r.page === 3)
        .map((r) => r.content)
        .join(' '),
    ).toContain('It can be heard nine nautical miles out to sea.');
    expect(
      rows
        .filter((r) => r.page === 2)
        .map((r) => r.content)
        .join(' '),
    ).toMatch(/340 litres of white paint/);
    const paint = await chat(svc, auth, file.file_id, 'How much paint did the keepers use?');
    expect(paint.sources[0]!.page).toBe(2);
  });
});

describe('text recognition stays offline', () => {
  it('reads the English LSTM-only model from the installed data package, gzip, with no cache written', async () => {
    const opts = tesseractOptions();
    expect(opts.gzip).toBe(true);
    expect(opts.cacheMethod).toBe('none');
    expect(opts.langPath).toMatch(/node_modules\/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${opts.langPath}/eng.traineddata.gz`)).toBe(true);
  });
});
