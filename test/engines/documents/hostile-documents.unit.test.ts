import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { headerNames, InvalidDocumentError, readCsv, readDocx } from '../../../src/engines/documents';
import { pageText } from '../../../src/engines/documents/pdf-text';
import { makeDocxXml } from '../../support/document-fixtures';
import { HOSTILE_DOCUMENTS } from './hostile-documents';
import { tmpFiles } from './tmp-files';

/** Only catches a hang: these inputs used to cost minutes; bench/hostile-inputs.ts measures them. */
const HANG_DEADLINE_MS = 5 * 60_000;

const files = tmpFiles();

describe('hostile documents under 1 MB end with a clear 422, or are read in linear time', () => {
  for (const doc of HOSTILE_DOCUMENTS) {
    it(`${doc.name}: ${doc.shape}`, { timeout: HANG_DEADLINE_MS }, async () => {
      const data = await doc.build();
      expect(data.length).toBeLessThan(1024 * 1024);
      const path = await files.file(doc.name, data);
      if (doc.kind === 'docx') {
        const error = await readDocx(path).then(
          () => null,
          (err: unknown) => err,
        );
        expect(error).toBeInstanceOf(InvalidDocumentError);
        expect((error as Error).message).toMatch(doc.refused as RegExp);
      } else {
        let rows = 0;
        const summary = await readCsv(Readable.from([data]), async (batch) => {
          rows += batch.length;
        });
        expect(summary.header).toHaveLength(100_000);
        expect(summary.header.slice(0, 3)).toEqual(['a', 'a (2)', 'a (3)']);
        expect(summary.header.at(-1)).toBe('a (100000)');
        expect(rows).toBe(1);
      }
    });
  }
});

describe('XML caps leave real documents alone', () => {
  const read = async (body: string) => readDocx(await files.file('doc.docx', await makeDocxXml(body)));

  it('reads tables nested 40 deep and an element with 1,000 attributes', async () => {
    const nested = `${'<w:tbl><w:tr><w:tc>'.repeat(40)}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${'</w:tc></w:tr></w:tbl>'.repeat(40)}`;
    const attributes = Array.from({ length: 1000 }, (_, i) => ` a${i}="1"`).join('');
    const blocks = await read(`${nested}<w:p${attributes}><w:r><w:t>wide</w:t></w:r></w:p>`);
    expect(blocks.map((b) => b.text)).toEqual(['deep', 'wide']);
  });

  it('refuses 1,001 attributes and nesting one level past 256', async () => {
    const attributes = Array.from({ length: 1001 }, (_, i) => ` a${i}="1"`).join('');
    await expect(read(`<w:p${attributes}/>`)).rejects.toThrow(/has an element with more than 1000 attributes/);
    // w:document and w:body are levels 1 and 2.
    await expect(read(`${'<w:sdt>'.repeat(254)}${'</w:sdt>'.repeat(254)}`)).resolves.toEqual([]);
    await expect(read(`${'<w:sdt>'.repeat(255)}${'</w:sdt>'.repeat(255)}`)).rejects.toThrow(/^word\/document\.xml nests elements more than 256 levels deep/);
  });

  it('resolves namespaces by scope: any prefix, redeclared, unbound is malformed', async () => {
    const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const blocks = await read(
      `<x:p xmlns:x="${W}"><x:pPr><x:pStyle x:val="Heading1"/></x:pPr><x:r><x:t xml:space="preserve">other prefix</x:t></x:r></x:p>` +
        // Inside this element "w" means something else, so its paragraph is not WordprocessingML.
        `<w:sdt><w:p xmlns:w="urn:not-word"><w:r><w:t>hidden</w:t></w:r></w:p></w:sdt>` +
        `<w:p><w:r><w:t>back in scope</w:t></w:r></w:p>`,
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'other prefix', page: 1 },
      { kind: 'paragraph', text: 'back in scope', page: 1 },
    ]);
    await expect(read('<q:p/>')).rejects.toThrow(/not well-formed XML: unbound namespace prefix in "q:p"/);
  });
});

describe('linear-time helpers', () => {
  it('numbers 100,000 repeated header names without retrying every earlier number', { timeout: HANG_DEADLINE_MS }, () => {
    const names = headerNames(['A', ...Array<string>(100_000).fill('a'), 'a (2)', '']);
    expect(names.slice(0, 3)).toEqual(['A', 'a (2)', 'a (3)']);
    expect(names.at(-3)).toBe('a (100001)');
    expect(names.at(-2)).toBe('a (2) (2)');
    expect(names.at(-1)).toBe('column 100003');
  });

  it('joins 100,000 items of one line and 100,000 lines of one paragraph', { timeout: HANG_DEADLINE_MS }, () => {
    const item = (str: string, x: number, y: number) => ({ str, transform: [10, 0, 0, 10, x, y], width: 10, height: 10 });
    const line = pageText(Array.from({ length: 100_000 }, (_, i) => item('ab', i * 30, 700)));
    expect(line).toBe(Array<string>(100_000).fill('ab').join(' '));
    const paragraph = pageText(Array.from({ length: 100_000 }, (_, i) => item(i % 2 === 0 ? 'hy-' : 'phen', 0, 1e6 - i * 12)));
    expect(paragraph).toBe(Array<string>(50_000).fill('hy-phen').join(' '));
  });
});
