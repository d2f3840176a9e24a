import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CSV_NUMBER_PATTERN, InvalidDocumentError, isCsvDate, parseCsvNumber, readCsv } from '../../../src/engines/documents';
import { makeCsv } from '../../support/document-fixtures';

/** Reads a CSV from bytes (in chunks of `chunkSize` to exercise boundaries) and collects every batch. */
async function read(data: Buffer | string, opts: { batchSize?: number; chunkSize?: number } = {}) {
  const bytes = Buffer.from(data);
  const size = opts.chunkSize ?? 64 * 1024;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const batches: Array<{ first: number; rows: string[][] }> = [];
  const summary = await readCsv(
    Readable.from(chunks),
    async (rows, first) => {
      batches.push({ first, rows });
    },
    { batchSize: opts.batchSize },
  );
  return { ...summary, batches, rows: batches.flatMap((b) => b.rows) };
}

describe('readCsv', () => {
  it("reads the header, rows, and each column's type", async () => {
    const csv = makeCsv(
      ['id', 'name', 'price', 'in stock', 'added', 'notes'],
      [
        [1, 'Widget', '1,299.50', 'yes', '2024-01-31', ''],
        [2, 'Gadget', '-3e2', 'No', '2024-02-29T10:15:00Z', 'fragile'],
        [3, 'widget', '', 'TRUE', '2024-03-01 08:00', ''],
      ],
    );
    const result = await read(csv);
    expect(result.header).toEqual(['id', 'name', 'price', 'in stock', 'added', 'notes']);
    expect(result.delimiter).toBe(',');
    expect(result.rowCount).toBe(3);
    expect(result.columns).toEqual([
      { name: 'id', type: 'integer' },
      // Distinct ignoring case, first spelling kept.
      { name: 'name', type: 'text', values: ['Widget', 'Gadget'] },
      { name: 'price', type: 'number' },
      { name: 'in stock', type: 'boolean' },
      { name: 'added', type: 'date' },
      { name: 'notes', type: 'text', values: ['fragile'] },
    ]);
    expect(result.rows[0]).toEqual(['1', 'Widget', '1,299.50', 'yes', '2024-01-31', '']);
  });

  it('hands rows over in batches numbered from 1, waiting for each batch', async () => {
    const rows = Array.from({ length: 1050 }, (_, i) => [i + 1, `item ${i + 1}`]);
    const events: string[] = [];
    let busy = false;
    const summary = await readCsv(Readable.from([makeCsv(['n', 'label'], rows)]), async (batch, first) => {
      expect(busy).toBe(false);
      busy = true;
      events.push(`${first}:${batch.length}`);
      await new Promise((r) => setTimeout(r, 5));
      busy = false;
    });
    expect(events).toEqual(['1:500', '501:500', '1001:50']);
    expect(summary.rowCount).toBe(1050);
  });

  it('sniffs semicolons and tabs, strips a BOM and keeps delimiters inside quotes', async () => {
    const semi = await read(
      makeCsv(
        ['name', 'amount'],
        [
          ['Smith; John', '1,5'],
          ['Doe', '2'],
        ],
        { delimiter: ';', bom: true },
      ),
    );
    expect(semi.delimiter).toBe(';');
    expect(semi.header).toEqual(['name', 'amount']);
    expect(semi.rows).toEqual([
      ['Smith; John', '1,5'],
      ['Doe', '2'],
    ]);

    const tab = await read(makeCsv(['a', 'b'], [['x, y', 'z']], { delimiter: '\t' }));
    expect(tab.delimiter).toBe('\t');
    expect(tab.rows).toEqual([['x, y', 'z']]);
  });

  it('reads quoted fields with commas, quotes and newlines, numbering rows by record', async () => {
    const csv = 'id,comment\n1,"Hello, world"\n2,"He said ""hi""\nthen left"\n\n3,  padded  \n';
    const result = await read(csv, { chunkSize: 7 });
    expect(result.rows).toEqual([
      ['1', 'Hello, world'],
      ['2', 'He said "hi"\nthen left'],
      ['3', 'padded'],
    ]);
    expect(result.rowCount).toBe(3);
  });

  it('pads short rows and names blank and repeated header cells', async () => {
    const result = await read('name,,name,Name\nAnn\nBob,1,2,3\n');
    expect(result.header).toEqual(['name', 'column 2', 'name (2)', 'Name (3)']);
    expect(result.rows).toEqual([
      ['Ann', '', '', ''],
      ['Bob', '1', '2', '3'],
    ]);
  });

  it('refuses a row with more fields than the header, naming its line', async () => {
    await expect(read('a,b\n1,2\n"x\ny",2\n3,4,5\n')).rejects.toThrow(new InvalidDocumentError('the CSV row at line 5 has 3 fields but the header has 2'));
  });

  it('tolerates trailing empty fields beyond the header', async () => {
    expect((await read('a,b\n1,2,,\n')).rows).toEqual([['1', '2']]);
  });

  it('refuses unbalanced quotes, naming the line', async () => {
    for (const chunkSize of [3, 65536]) {
      const err = await read('a,b\n1,2\n3,"four\n5,6\n', { chunkSize }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidDocumentError);
      expect((err as Error).message).toBe('the CSV file is malformed at line 3: a quoted field is never closed');
    }
    await expect(read('a,b\n1,"2"x\n')).rejects.toThrow(/malformed at line 2: a closing quote is followed by other characters/);
  });

  it('refuses a file without a header', async () => {
    await expect(read('')).rejects.toThrow(new InvalidDocumentError('the CSV file has no header row'));
    await expect(read('\n\n\r\n')).rejects.toThrow(InvalidDocumentError);
  });

  it('omits the values of a text column with more than 200 distinct values', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`v${i % 201}`, `c${i % 5}`]);
    const { columns } = await read(makeCsv(['many', 'few'], rows));
    expect(columns[0]).toEqual({ name: 'many', type: 'text' });
    expect(columns[1]).toEqual({ name: 'few', type: 'text', values: ['c0', 'c1', 'c2', 'c3', 'c4'] });
  });

  it('types an all-empty column as text and a mixed one by its widest type', async () => {
    const { columns } = await read('empty,mixed,flag\n,1,yes\n,2.5,1\n');
    expect(columns).toEqual([
      { name: 'empty', type: 'text', values: [] },
      { name: 'mixed', type: 'number' },
      { name: 'flag', type: 'text', values: ['yes', '1'] },
    ]);
  });
});

describe('CSV number rule', () => {
  it('is one pattern that accepts plain, signed, grouped, decimal and exponent numbers', () => {
    const pattern = new RegExp(CSV_NUMBER_PATTERN);
    for (const ok of ['0', '-12', '+7', '1,234', '12,345,678.9', '3.14', '1e6', '-2.5E-3', '007']) expect(pattern.test(ok)).toBe(true);
    for (const bad of ['', '1,23', '1,2345', ',123', '1.', '.5', '1e', '12a', '1 000', '$5', '1,000,00']) {
      expect(pattern.test(bad)).toBe(false);
    }
  });

  it('parses a number with its commas removed', () => {
    expect(parseCsvNumber('1,234.5')).toBe(1234.5);
    expect(parseCsvNumber('-3e2')).toBe(-300);
    expect(parseCsvNumber('12a')).toBeNull();
    expect(parseCsvNumber('1e999')).toBeNull();
  });

  it('takes only real calendar dates', () => {
    expect(isCsvDate('2024-02-29')).toBe(true);
    expect(isCsvDate('2023-02-29')).toBe(false);
    expect(isCsvDate('2024-13-01')).toBe(false);
    expect(isCsvDate('2024-01-01T25:00')).toBe(false);
    expect(isCsvDate('2024-01-01T23:59:59.123+02:00')).toBe(true);
    expect(isCsvDate('01/02/2024')).toBe(false);
  });
});
