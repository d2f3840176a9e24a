import type { CsvColumn, CsvColumnType } from './types';

/**
 * The one rule for "this cell is a number", shared by type inference here and
 * by SQL over stored cells: POSIX syntax, so it works both in `new RegExp`
 * and in Postgres `~`. Thousands separators are commas in groups of three; a
 * number's value is the cell with its commas removed.
 */
export const CSV_NUMBER_PATTERN = '^[+-]?([0-9]+|[0-9]{1,3}(,[0-9]{3})+)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$';

const NUMBER = new RegExp(CSV_NUMBER_PATTERN);
const BOOLEAN = /^(true|false|yes|no)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Distinct values kept for a text column; more than this and the column is free text, not a category. */
export const MAX_COLUMN_VALUES = 200;

/** The numeric value of a cell that matches CSV_NUMBER_PATTERN, else null (also for values beyond a double's range). */
export function parseCsvNumber(cell: string): number | null {
  if (!NUMBER.test(cell)) return null;
  const value = Number(cell.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** true/false/yes/no in any case, else null. */
export function parseCsvBoolean(cell: string): boolean | null {
  if (!BOOLEAN.test(cell)) return null;
  const lower = cell.toLowerCase();
  return lower === 'true' || lower === 'yes';
}

/** An ISO date (YYYY-MM-DD, optionally with a time) that names a real calendar day and time. */
export function isCsvDate(cell: string): boolean {
  const m = DATE.exec(cell);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  return true;
}

/** Watches one column's cells as they stream past and names its type at the end. */
export class ColumnTypeTracker {
  private nonEmpty = 0;
  private integer = true;
  private number = true;
  private boolean = true;
  private date = true;
  private readonly values = new Map<string, string>();
  private tooManyValues = false;

  constructor(private readonly name: string) {}

  add(cell: string): void {
    if (cell === '') return;
    this.nonEmpty++;
    if (this.number) {
      const isNumber = NUMBER.test(cell);
      this.number = isNumber;
      this.integer &&= isNumber && !/[.eE]/.test(cell);
    }
    this.boolean &&= BOOLEAN.test(cell);
    this.date &&= isCsvDate(cell);
    if (!this.tooManyValues) {
      const key = cell.toLowerCase();
      if (!this.values.has(key)) {
        if (this.values.size >= MAX_COLUMN_VALUES) {
          this.tooManyValues = true;
          this.values.clear();
        } else {
          this.values.set(key, cell);
        }
      }
    }
  }

  column(): CsvColumn {
    const type = this.type();
    if (type !== 'text' || this.tooManyValues) return { name: this.name, type };
    return { name: this.name, type, values: [...this.values.values()] };
  }

  private type(): CsvColumnType {
    if (this.nonEmpty === 0) return 'text';
    if (this.integer) return 'integer';
    if (this.number) return 'number';
    if (this.boolean) return 'boolean';
    if (this.date) return 'date';
    return 'text';
  }
}
