import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidDocumentError, readDocx } from '../../../src/engines/documents';
import { makeDocx, makeDocxXml, unzip, zip, type DocxFixtureBlock } from '../../support/document-fixtures';
import { tmpFiles } from './tmp-files';

const files = tmpFiles();
let counter = 0;

async function read(data: Buffer | Promise<Buffer>) {
  return readDocx(await files.file(`d${++counter}.docx`, await data));
}

/** A one-run paragraph; `pPr` goes into w:pPr and `before` into the run ahead of the text. */
const p = (text: string, pPr = '', before = '') =>
  `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r>${before}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
const rendered = '<w:lastRenderedPageBreak/>';

const pages = (blocks: { text: string; page: number }[]) => blocks.map((b) => [b.text, b.page]);

describe('readDocx', () => {
  const fixture: DocxFixtureBlock[] = [
    { heading: 'Annual report', level: 1 },
    { paragraph: 'Sales grew in every region.' },
    { heading: 'Regions', level: 2 },
    {
      table: [
        ['Region', 'Sales'],
        ['North', '120'],
        ['South', '95'],
      ],
    },
    { pageBreak: true },
    { heading: 'Outlook', level: 2 },
    { paragraph: 'Next year looks steady.' },
    { pageBreak: true },
    { paragraph: 'Appendix text.' },
    { heading: 'Notes', level: 3, pageBreakBefore: true },
    { paragraph: 'Final words.' },
  ];
  const expectedBlocks = [
    { kind: 'heading', level: 1, text: 'Annual report', page: 1 },
    { kind: 'paragraph', text: 'Sales grew in every region.', page: 1 },
    { kind: 'heading', level: 2, text: 'Regions', page: 1 },
    { kind: 'table', text: 'Region | Sales\nNorth | 120\nSouth | 95', page: 1 },
    { kind: 'heading', level: 2, text: 'Outlook', page: 2 },
    { kind: 'paragraph', text: 'Next year looks steady.', page: 2 },
    { kind: 'paragraph', text: 'Appendix text.', page: 3 },
    { kind: 'heading', level: 3, text: 'Notes', page: 4 },
    { kind: 'paragraph', text: 'Final words.', page: 4 },
  ];

  it('reads headings, paragraphs and tables with the pages their explicit breaks give', async () => {
    expect(await read(makeDocx(fixture))).toEqual(expectedBlocks);
  });

  it('counts a break once when Word also recorded it as a rendered page break', async () => {
    const docx = await makeDocx(fixture, { renderedPageBreaks: true });
    const documentXml = (await unzip(docx)).get('word/document.xml')?.toString() ?? '';
    expect(documentXml.split(rendered)).toHaveLength(4); // the fixture really has them
    expect(await read(docx)).toEqual(expectedBlocks);
  });

  it('counts rendered page breaks where no explicit break was written', async () => {
    const body =
      p('Page one.') +
      p('Page two starts here.', '', rendered) +
      // A paragraph that flows onto the next page belongs to the page it starts on.
      `<w:p><w:r><w:t>Still two,</w:t></w:r><w:r>${rendered}<w:t> now three.</w:t></w:r></w:p>` +
      p('Three.');
    expect(pages(await read(makeDocxXml(body)))).toEqual([
      ['Page one.', 1],
      ['Page two starts here.', 2],
      ['Still two, now three.', 2],
      ['Three.', 3],
    ]);
  });

  it('treats pageBreakBefore as a break unless it is switched off or already at the top of a page', async () => {
    const body =
      p('First paragraph of the document.', '<w:pageBreakBefore/>') +
      p('Two.', '<w:pageBreakBefore w:val="true"/>', rendered) +
      p('Still two.', '<w:pageBreakBefore w:val="0"/>') +
      p('Still two as well.', '<w:pageBreakBefore w:val="false"/>') +
      pageBreak +
      p('Three: right after a page break, so no blank page.', '<w:pageBreakBefore/>', rendered);
    expect(pages(await read(makeDocxXml(body)))).toEqual([
      ['First paragraph of the document.', 1],
      ['Two.', 2],
      ['Still two.', 2],
      ['Still two as well.', 2],
      ['Three: right after a page break, so no blank page.', 3],
    ]);
  });

  it('starts a new page after next-page section breaks but not after continuous ones', async () => {
    const body =
      p('One.', '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>') + // no w:type: nextPage
      p('Two.', '', rendered) +
      p('Still two.', '<w:sectPr><w:type w:val="continuous"/></w:sectPr>') +
      p('Two again.') +
      p('End of two.', '<w:sectPr><w:type w:val="oddPage"/></w:sectPr>') +
      p('Three.', '', rendered) +
      // The body's own final sectPr is not a break.
      '<w:sectPr><w:type w:val="nextPage"/></w:sectPr>';
    expect(pages(await read(makeDocxXml(body)))).toEqual([
      ['One.', 1],
      ['Two.', 2],
      ['Still two.', 2],
      ['Two again.', 2],
      ['End of two.', 2],
      ['Three.', 3],
    ]);
  });

  it('finds headings by style name, inherited or direct outline level, and Title', async () => {
    const styles =
      '<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="Chapter"/><w:pPr><w:outlineLvl w:val="0"/><w:pageBreakBefore/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="BigChapter"><w:name w:val="Big chapter"/><w:basedOn w:val="Chapter"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>';
    const body =
      p('My title', '<w:pStyle w:val="Titel"/>') +
      p('Sub', '<w:pStyle w:val="berschrift2"/>') +
      p('Body text.') +
      p('Chapter one', '<w:pStyle w:val="BigChapter"/>') +
      p('Direct level 3', '<w:outlineLvl w:val="2"/>') +
      p('Body level overrides', '<w:pStyle w:val="berschrift2"/><w:outlineLvl w:val="9"/>') +
      p('A quote.', '<w:pStyle w:val="Quote"/>');
    expect(await read(makeDocxXml(body, styles))).toEqual([
      { kind: 'heading', level: 1, text: 'My title', page: 1 },
      { kind: 'heading', level: 2, text: 'Sub', page: 1 },
      { kind: 'paragraph', text: 'Body text.', page: 1 },
      // The style's pageBreakBefore (inherited through basedOn) counts too.
      { kind: 'heading', level: 1, text: 'Chapter one', page: 2 },
      { kind: 'heading', level: 3, text: 'Direct level 3', page: 2 },
      { kind: 'paragraph', text: 'Body level overrides', page: 2 },
      { kind: 'paragraph', text: 'A quote.', page: 2 },
    ]);
  });

  it('recognises built-in heading style ids when there is no styles.xml', async () => {
    expect(await read(makeDocxXml(p('Intro', '<w:pStyle w:val="Heading1"/>')))).toEqual([{ kind: 'heading', level: 1, text: 'Intro', page: 1 }]);
  });

  it('reads tabs and line breaks, skips deleted text, field codes, fallbacks and empty paragraphs', async () => {
    const body =
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>' +
      '<w:r><w:t>Name:</w:t><w:tab/><w:t>Ann</w:t><w:br/><w:t>Line two</w:t></w:r>' +
      '<w:del w:id="1" w:author="x"><w:r><w:delText>removed words</w:delText></w:r></w:del>' +
      '<w:ins w:id="2" w:author="x"><w:r><w:t xml:space="preserve"> added</w:t></w:r></w:ins>' +
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve"> 7</w:t></w:r>' +
      '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
      '<w:p/>' +
      '<w:p><w:r><w:t>   </w:t></w:r></w:p>' +
      '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx><w:txbxContent>' +
      `<w:p><w:r>${rendered}<w:t>Boxed text</w:t></w:r></w:p>` +
      '</w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox><w:txbxContent>' +
      '<w:p><w:r><w:t>Boxed text</w:t></w:r></w:p>' +
      '</w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r>' +
      '<w:r><w:t>Around the box.</w:t></w:r></w:p>' +
      p('After &amp; done.');
    expect(await read(makeDocxXml(body))).toEqual([
      { kind: 'paragraph', text: 'Name:\tAnn\nLine two added 7', page: 1 },
      { kind: 'paragraph', text: 'Boxed text', page: 1 },
      { kind: 'paragraph', text: 'Around the box.', page: 1 },
      { kind: 'paragraph', text: 'After & done.', page: 1 },
    ]);
  });

  it('flattens nested tables into their cell and starts a table on the page of its first text', async () => {
    const cell = (inner: string) => `<w:tc>${inner}</w:tc>`;
    const nested = `<w:tbl><w:tr>${cell(p('inner a'))}${cell(p('inner b'))}</w:tr></w:tbl>`;
    const body =
      p('Before.') +
      pageBreak +
      '<w:tbl>' +
      `<w:tr>${cell(p('Key'))}${cell(p('Value'))}</w:tr>` +
      `<w:tr>${cell(p('x'))}${cell(p('outer') + nested)}</w:tr>` +
      `<w:tr>${cell('<w:p/>')}${cell('<w:p/>')}</w:tr>` +
      `<w:tr>${cell(p('y', '', rendered))}${cell('<w:p/>')}</w:tr>` +
      '</w:tbl>' +
      p('After.');
    expect(await read(makeDocxXml(body))).toEqual([
      { kind: 'paragraph', text: 'Before.', page: 1 },
      { kind: 'table', text: 'Key | Value\nx | outer inner a inner b\ny |', page: 2 },
      { kind: 'paragraph', text: 'After.', page: 3 },
    ]);
  });

  it('refuses files that are not readable Word documents', async () => {
    const good = await makeDocx([{ paragraph: 'Hello' }]);
    const cases: Array<[Buffer, RegExp]> = [
      [randomBytes(3000), /zip archive cannot be read/],
      [good.subarray(0, good.length - 30), /zip archive cannot be read/],
      [await zip(new Map([['word/other.xml', Buffer.from('<x/>')]])), /no word\/document\.xml/],
      [await makeDocxXml('<w:p><w:r><w:t>unclosed</w:r></w:p>'), /word\/document\.xml is not well-formed XML/],
      [await zip(new Map([['word/document.xml', Buffer.from('<html><body>hi</body></html>')]])), /not a Word document body/],
      [await zip(new Map([['word/document.xml', Buffer.from('')]])), /not a Word document body/],
    ];
    for (const [data, message] of cases) {
      const err = await read(data).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidDocumentError);
      expect((err as Error).message).toMatch(message);
    }
  });

  it('stops inflating document.xml that expands far beyond its compressed size', async () => {
    const bomb = Buffer.concat([
      Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'),
      Buffer.alloc(8 * 1024 * 1024, 0x20),
      Buffer.from('</w:body></w:document>'),
    ]);
    await expect(read(zip(new Map([['word/document.xml', bomb]])))).rejects.toThrow(/expands more than 200 times/);
  });

  it('refuses a zip with more than 10,000 entries before reading any of them', async () => {
    const many = new Map<string, Buffer>([['word/document.xml', Buffer.from('<w:document/>')]]);
    for (let i = 0; i < 10_000; i++) many.set(`f/${i}`, Buffer.alloc(0));
    await expect(read(zip(many, { compress: false }))).rejects.toThrow(/10001 entries, more than the limit of 10000/);
  });
});
