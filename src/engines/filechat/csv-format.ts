import type { CsvRowRef, CsvTable } from './types';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * "12345.50" → "12,345.50": only the whole part is grouped, every digit the executor gave is kept, so the
 * figure stays exactly the computed one. Anything not a plain decimal (a date) is returned as it is.
 */
export function groupDigits(value: string): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, fraction] = m;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An average as people read it: rounded half away from zero to 2 decimals on the decimal string itself
 * (floats would turn 2.005 into 2.00), trailing zeros dropped, grouped: "41.499999" → "41.5".
 */
export function roundAverage(value: string): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, fraction = ''] = m;
  const kept = BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`) + (fraction.charCodeAt(2) >= 53 /* '5' */ ? 1n : 0n);
  const digits = kept.toString().padStart(3, '0');
  const rounded = `${digits.slice(0, -2)}.${digits.slice(-2)}`.replace(/\.?0+$/, '');
  return groupDigits(`${rounded === '0' ? '' : sign}${rounded}`);
}

/** A count as an integer: "17", "1,234". */
export function formatCount(n: number | string): string {
  return groupDigits(String(n));
}

/** `row`/`rows` by count. */
export function rowsWord(n: number): string {
  return n === 1 ? 'row' : 'rows';
}

/** A row as `header: cell, header: cell`, empty cells left out. */
export function rowWithHeaders(table: CsvTable, row: CsvRowRef, separator = ': '): string {
  return row.cells.flatMap((cell, i) => (cell.trim() === '' ? [] : [`${table.header[i] ?? `column ${i + 1}`}${separator}${cell.trim()}`])).join(', ');
}

/** "rows 41-60" or "row 41". */
export function rowRange(first: number, last: number): string {
  return first === last ? `row ${first}` : `rows ${first}-${last}`;
}
