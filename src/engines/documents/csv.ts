import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { CSV_DELIMITERS, sniffCsvDelimiter } from './csv-sniff';
import { ColumnTypeTracker } from './csv-types';
import { moreThan, tooManyRows } from './limits';
import { InvalidDocumentError, type CsvColumn } from './types';

export { CSV_NUMBER_PATTERN, parseCsvNumber, parseCsvBoolean, isCsvDate } from './csv-types';

export interface CsvSummary {
  header: string[];
  columns: CsvColumn[];
  rowCount: number;
  delimiter: string;
}

/** What the delimiter is sniffed from: as much as detectDocumentKind looked at, so both agree. */
const HEAD_BYTES = 64 * 1024;
/**
 * A field that grows past this is almost always an unbalanced quote
 * swallowing the rest of the file; stopping there keeps memory bounded.
 */
const MAX_RECORD_CHARS = 8 * 1024 * 1024;

/**
 * Streams a CSV: sniffs the delimiter from the first records (the rule
 * detection uses), takes the first record as the header and hands the data rows to onRows in batches, waiting
 * for each call before reading on (so a slow consumer holds the file back
 * instead of buffering it). Row numbers count data rows from 1; the header
 * (with blank and repeated names already made unique) comes with each batch. Keep
 * batchSize a multiple of CSV_ROWS_PER_PASSAGE (20) if batches become passages. A data row past
 * `maxRows` stops the reading with DocumentTooComplexError.
 */
export async function readCsv(
  input: Readable,
  onRows: (rows: string[][], firstRowNumber: number, header: string[]) => Promise<void>,
  opts: { batchSize?: number; maxRows?: number } = {},
): Promise<CsvSummary> {
  const batchSize = opts.batchSize ?? 500;
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  const source = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const { head, complete } = await readHead(source);
  const sample = head.toString('utf8');
  const delimiter = sniffCsvDelimiter(sample, complete) ?? guessDelimiter(sample);

  let lastParsedLine = 0;
  const parser = parse({
    delimiter,
    bom: true,
    encoding: 'utf8',
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    info: true,
    max_record_size: MAX_RECORD_CHARS,
    // Runs as records are parsed, ahead of the consumer: where an unclosed
    // quote began is only known relative to the last record parsed.
    on_record: (record: string[], context: { lines: number }) => {
      lastParsedLine = context.lines;
      return record;
    },
  });
  const feed = Readable.from(rest(head, source));
  feed.on('error', (err) => parser.destroy(err));
  feed.pipe(parser);

  let header: string[] | null = null;
  let trackers: ColumnTypeTracker[] = [];
  let batch: string[][] = [];
  let rowCount = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is where the record ends; quoted newlines inside it move its start up.
      const line = info.lines - record.reduce((n, cell) => n + countNewlines(cell), 0);
      const cells = record.map((cell) => cell.trim());
      if (header === null) {
        header = headerNames(cells);
        trackers = header.map((name) => new ColumnTypeTracker(name));
        continue;
      }
      const row = fitRow(cells, header.length, line);
      if (rowCount === maxRows) throw tooManyRows(moreThan(maxRows), maxRows);
      row.forEach((cell, i) => trackers[i]?.add(cell));
      batch.push(row);
      rowCount++;
      if (batch.length === batchSize) {
        await onRows(batch, rowCount - batch.length + 1, header);
        batch = [];
      }
    }
  } catch (err) {
    throw asInvalid(err, lastParsedLine);
  } finally {
    feed.destroy();
  }
  if (header === null) throw new InvalidDocumentError('the CSV file has no header row');
  if (batch.length > 0) await onRows(batch, rowCount - batch.length + 1, header);
  return { header, columns: trackers.map((t) => t.column()), rowCount, delimiter };
}

/** The first 64 KiB (or the whole file if smaller), the same sample detection looked at. */
async function readHead(source: AsyncIterator<Buffer | string>): Promise<{ head: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) return { head: Buffer.concat(chunks), complete: true };
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks), complete: false };
}

async function* rest(head: Buffer, source: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  try {
    if (head.length > 0) yield head;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  } finally {
    // Stopping early (a malformed row) must release the caller's stream too.
    await source.return?.();
  }
}

/** The header alone may not be a table by the sniffer's standard (one column); fall back to whichever delimiter it has. */
function guessDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split('\n', 1)[0] ?? '';
  return CSV_DELIMITERS.find((d) => firstLine.includes(d)) ?? ',';
}

/**
 * Blank names become "column N"; repeated names get " (2)", " (3)" so every column can be addressed.
 * Each name remembers the last number it was given, so a header repeating one name n times costs
 * n steps, not n² (a 200 KB header of 100,000 "a" columns took minutes).
 */
export function headerNames(cells: string[]): string[] {
  const used = new Set<string>();
  const nextNumber = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell === '' ? `column ${i + 1}` : cell;
    const key = base.toLowerCase();
    let name = base;
    let n = nextNumber.get(key) ?? 2;
    if (used.has(key)) {
      while (used.has(`${key} (${n})`)) n++;
      name = `${base} (${n})`;
      n++;
    }
    nextNumber.set(key, n);
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * Short rows are padded with empty cells. Long rows are an error unless the
 * extra cells are empty (spreadsheets often export trailing delimiters).
 */
function fitRow(cells: string[], width: number, line: number): string[] {
  if (cells.length === width) return cells;
  if (cells.length < width) return [...cells, ...Array<string>(width - cells.length).fill('')];
  if (cells.slice(width).some((cell) => cell !== '')) {
    throw new InvalidDocumentError(`the CSV row at line ${line} has ${cells.length} fields but the header has ${width}`);
  }
  return cells.slice(0, width);
}

const REASONS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by other characters',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a closing quote is followed by other characters',
  INVALID_OPENING_QUOTE: 'a quote opens in the middle of a field',
  CSV_MAX_RECORD_SIZE: `a record is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MiB (probably an unbalanced quote)`,
};

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function asInvalid(err: unknown, lastRecordLine: number): Error {
  if (err instanceof InvalidDocumentError) return err;
  if (err instanceof CsvError) {
    // An unclosed quote is only noticed at the end of the file (or of the size cap); where the record began is what helps.
    const runaway = err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_MAX_RECORD_SIZE';
    const line = runaway ? ` at line ${lastRecordLine + 1}` : typeof err.lines === 'number' ? ` at line ${err.lines}` : '';
    const reason = REASONS[err.code] ?? err.message;
    return new InvalidDocumentError(`the CSV file is malformed${line}: ${reason}`);
  }
  // Anything else (the consumer's own failure, a read error) is not the file's fault.
  return err instanceof Error ? err : new Error(String(err));
}
