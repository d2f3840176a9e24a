import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { detectDocumentKind } from '../../../src/engines/documents';
import { makeCsv, makeDocx, makePdf, makePng, makeWindowsExe, zip } from '../../support/document-fixtures';
import { tmpFiles } from './tmp-files';

const files = tmpFiles();

async function detect(name: string, data: Buffer | string) {
  return detectDocumentKind(await files.file(name, data));
}

describe('detectDocumentKind', () => {
  it('recognises a PDF by its content', async () => {
    expect(await detect('report.bin', await makePdf(['Hello there.']))).toEqual({ kind: 'pdf' });
  });

  it('recognises a .docx, also when its zip entries are in an unusual order', async () => {
    expect(await detect('a.zip', await makeDocx([{ paragraph: 'Hi' }]))).toEqual({ kind: 'docx' });
    // No [Content_Types].xml and another entry first: file-type can only say "zip".
    const bare = await zip(
      new Map([
        ['notes.txt', Buffer.from('x')],
        ['word/document.xml', Buffer.from('<w:document/>')],
      ]),
    );
    expect(await detect('bare.docx', bare)).toEqual({ kind: 'docx' });
  });

  it('calls a damaged .docx a .docx, so parsing can report it as invalid', async () => {
    const docx = await makeDocx([{ paragraph: 'Hello' }]);
    expect(await detect('cut.docx', docx.subarray(0, Math.floor(docx.length / 2)))).toEqual({ kind: 'docx' });
  });

  it('recognises CSV with any supported delimiter, with or without a BOM', async () => {
    const rows = [
      ['1', 'Ann, Jr.', 'yes'],
      ['2', 'Bob', 'no'],
      ['3', 'Cy', 'no'],
    ];
    for (const delimiter of [',', ';', '\t', '|']) {
      expect(await detect('t.txt', makeCsv(['id', 'name', 'ok'], rows, { delimiter }))).toEqual({ kind: 'csv' });
    }
    expect(await detect('bom.csv', makeCsv(['id', 'name'], [['1', 'x']], { bom: true }))).toEqual({ kind: 'csv' });
    expect(await detect('header-only.csv', 'id,name,email\n')).toEqual({ kind: 'csv' });
  });

  it('accepts a CSV whose header starts with letters that are also a binary signature', async () => {
    // "BM" is the BMP magic number and "MZ" the executable one.
    expect(await detect('bmi.csv', 'BMI,age\n22.5,40\n19.1,31\n')).toEqual({ kind: 'csv' });
    expect(await detect('mz.csv', 'MZ code,count\nA1,4\nB2,5\n')).toEqual({ kind: 'csv' });
  });

  it('accepts a CSV whose 64 KiB sample ends inside a multi-byte character', async () => {
    let text = 'name,city\n';
    while (Buffer.byteLength(text) < 65000) text += 'abc,xyz\n';
    // Pad the next row so that "é" (2 bytes) straddles byte 65536.
    text += 'abc,' + 'x'.repeat(65535 - Buffer.byteLength(text) - 4) + 'é\n' + 'abc,xyz\n'.repeat(10);
    const bytes = Buffer.from(text);
    expect(bytes[65535]).toBe(0xc3); // first byte of é is the last byte of the sample
    expect(await detect('cut.csv', bytes)).toEqual({ kind: 'csv' });
  });

  it('refuses a Windows executable even when it is named .pdf', async () => {
    expect(await detect('invoice.pdf', makeWindowsExe())).toEqual({
      kind: null,
      detected: 'a Windows executable (application/x-msdownload)',
    });
  });

  it('refuses images', async () => {
    expect(await detect('photo.csv', makePng())).toEqual({ kind: null, detected: 'a PNG image (image/png)' });
  });

  it('refuses a zip that is not a Word document', async () => {
    const archive = await zip(new Map([['data/a.txt', Buffer.from('hello')]]));
    expect(await detect('doc.docx', archive)).toEqual({ kind: null, detected: 'a zip archive that is not a .docx document' });
  });

  it('refuses prose that is not a table', async () => {
    const prose = 'Dear team,\nthe meeting moved to Friday.\nPlease bring the report, the slides, and coffee.\nThanks!\n';
    expect(await detect('notes.csv', prose)).toEqual({ kind: null, detected: 'plain text that is not a CSV table' });
    expect(await detect('one-column.csv', 'name\nAnn\nBob\n')).toEqual({ kind: null, detected: 'plain text that is not a CSV table' });
  });

  it('refuses text with control characters, empty files and unknown binary data', async () => {
    expect(await detect('ctl.csv', 'a,b\n1,\u00012\n')).toEqual({ kind: null, detected: 'binary data of an unknown type' });
    expect(await detect('empty.csv', '')).toEqual({ kind: null, detected: 'an empty file' });
    const noise = Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(2000)]);
    expect(await detect('noise.bin', noise)).toEqual({ kind: null, detected: 'binary data of an unknown type' });
  });

  it('says when a table is text in another encoding', async () => {
    const latin1 = Buffer.from('name,city\nJosé,Málaga\nZoë,Köln\n', 'latin1');
    expect(await detect('latin1.csv', latin1)).toEqual({
      kind: null,
      detected: 'text that is not UTF-8 encoded (only UTF-8 text is supported)',
    });
  });

  it('calls a UTF-16 table (Excel "Unicode text": BOM, tab-separated) UTF-16 text, not an MP1 file', async () => {
    const table = 'name\tcity\nJosé\tMálaga\nZoë\tKöln\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(table, 'utf16le')]);
    const utf16be = Buffer.from(utf16le).swap16();
    for (const bytes of [utf16le, utf16be]) {
      const detected = await detect('unicode.txt', bytes);
      expect(detected.kind).toBeNull();
      expect((detected as { detected: string }).detected).toMatch(/^a UTF-16 text file .*save it as UTF-8/);
    }
  });
});
