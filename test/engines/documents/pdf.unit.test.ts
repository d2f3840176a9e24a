import { describe, expect, it } from 'vitest';
import { InvalidDocumentError, openPdf, type PdfPage } from '../../../src/engines/documents';
import { pageText } from '../../../src/engines/documents/pdf-text';
import { makeCorruptPdf, makeEncryptedPdf, makePdf, makeZeroPagePdf } from '../../support/document-fixtures';

async function readAll(data: Uint8Array): Promise<{ pageCount: number; pages: PdfPage[] }> {
  const pdf = await openPdf(data);
  try {
    const pages: PdfPage[] = [];
    for await (const page of pdf.pages()) pages.push(page);
    return { pageCount: pdf.pageCount, pages };
  } finally {
    await pdf.close();
  }
}

/** What a fixture page should read back as: paragraphs with single spaces, one per line. */
function expected(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const SENTENCES = [
  'The survey covered four hundred farms in the northern valley.',
  'Yields rose by a third after the new irrigation canals opened in spring.',
  'Farmers reported fewer losses to drought, although pests remained a problem.',
  'The cooperative now plans to share equipment between neighbouring villages.',
];

describe('openPdf', () => {
  it('reads each page of a three-page PDF in order', async () => {
    const texts = [
      `Chapter one begins here.\n\n${SENTENCES.join(' ')}`,
      'A short second page.',
      `Third page, first paragraph.\n\nSecond paragraph with a number: 42.\n\n${SENTENCES[1]}`,
    ];
    const { pageCount, pages } = await readAll(await makePdf(texts));
    expect(pageCount).toBe(3);
    expect(pages).toEqual(texts.map((text, i) => ({ page: i + 1, text: expected(text) })));
  });

  it('rejoins wrapped lines and keeps paragraphs apart on a twelve-page PDF', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => [`Page ${i + 1} heading`, SENTENCES.join(' ').repeat(3), `Closing remark ${i + 1}.`].join('\n\n'));
    const { pageCount, pages } = await readAll(await makePdf(texts));
    expect(pageCount).toBe(12);
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    pages.forEach((p, i) => expect(p.text).toBe(expected(texts[i] as string)));
    expect(pages[4]?.text.split('\n')).toHaveLength(3);
  });

  it('gives blank pages empty text', async () => {
    const { pages } = await readAll(await makePdf(['First.', '', 'Third.']));
    expect(pages.map((p) => p.text)).toEqual(['First.', '', 'Third.']);
  });

  it("leaves the caller's bytes usable (pdf.js detaches what it is given)", async () => {
    const data = await makePdf(['Hello.']);
    const length = data.byteLength;
    await readAll(data);
    expect(data.byteLength).toBe(length);
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses corrupt, truncated and garbage PDFs with InvalidDocumentError', async () => {
    const good = await makePdf([SENTENCES.join(' ')]);
    const cases = [makeCorruptPdf(), good.subarray(0, Math.floor(good.length / 2)), Buffer.from('%PDF-1.7\n'), Buffer.from('%PDF-')];
    for (const data of cases) {
      await expect(openPdf(data)).rejects.toThrow(InvalidDocumentError);
      await expect(openPdf(data)).rejects.toThrow(/^the PDF is damaged: /);
    }
  });

  it('refuses a password-protected PDF', async () => {
    await expect(openPdf(await makeEncryptedPdf())).rejects.toThrow(new InvalidDocumentError('the PDF is password-protected'));
  });

  it('refuses a PDF without pages', async () => {
    await expect(openPdf(makeZeroPagePdf())).rejects.toThrow(new InvalidDocumentError('the PDF has no pages'));
  });
});

describe('pageText', () => {
  const item = (str: string, x: number, y: number, width: number, hasEOL = false) => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
    hasEOL,
  });

  it('joins pieces of one line, adding a space only where there is a gap', () => {
    expect(pageText([item('Hel', 0, 100, 15), item('lo', 15, 100, 10), item('world', 30, 100, 25)])).toBe('Hello world');
  });

  it('uses hasEOL and baseline changes as line ends, and larger gaps as paragraph ends', () => {
    const items = [
      item('first line of', 0, 700, 60, true),
      item('a paragraph', 0, 688, 50),
      item('still the', 0, 676, 40),
      item('same one.', 0, 664, 40),
      { str: '', transform: [1, 0, 0, 1, 0, 0], width: 0, height: 0, hasEOL: true },
      item('Next paragraph.', 0, 640, 70),
    ];
    expect(pageText(items)).toBe('first line of a paragraph still the same one.\nNext paragraph.');
  });

  it('keeps a word hyphenated across lines together and collapses runs of spaces', () => {
    expect(pageText([item('an inter-', 0, 100, 40), item('national   deal', 0, 88, 60)])).toBe('an inter-national deal');
  });

  it('keeps a heading set close over its text a paragraph of its own (issue 28)', () => {
    // Same spacing and font as the text: the first word of the next line would have fit after the heading.
    const sameFont = [
      item('Working hours and leave', 0, 700, 110),
      item('The standard working week is 37.5 hours and staff may take 25 days of', 0, 688, 330),
      item('paid leave a year.', 0, 676, 80),
    ];
    expect(pageText(sameFont)).toBe('Working hours and leave\nThe standard working week is 37.5 hours and staff may take 25 days of paid leave a year.');
    // A larger font, even for a line as long as the text's.
    const larger = [
      { str: 'Working Time, Leave, Overtime, Public Holidays and Sick Pay for Staff', transform: [14, 0, 0, 14, 0, 700], width: 330, height: 14 },
      item('The standard working week is 37.5 hours.', 0, 684, 190),
    ];
    expect(pageText(larger)).toBe('Working Time, Leave, Overtime, Public Holidays and Sick Pay for Staff\nThe standard working week is 37.5 hours.');
  });

  it('still joins a line wrapped before a capitalised word: that word did not fit', () => {
    const items = [
      item('The new cold storage warehouse was built for the company by', 0, 700, 300),
      item('Nordic Cold Storage and opened in October.', 0, 688, 200),
      item('It holds 900 tonnes of frozen fish and runs on solar power from its', 0, 676, 310),
      item('Roof panels.', 0, 664, 50),
    ];
    expect(pageText(items)).toBe(
      'The new cold storage warehouse was built for the company by Nordic Cold Storage and opened in October. It holds 900 tonnes of frozen fish and runs on solar power from its Roof panels.',
    );
  });

  it('ignores marked-content items without text', () => {
    expect(pageText([{ hasEOL: false }, item('Text', 0, 0, 20)])).toBe('Text');
  });
});
