import { sql, type SQL } from 'drizzle-orm';
import { CSV_NUMBER_PATTERN, parseCsvBoolean } from '../../engines/documents/csv';
import type { CsvColumn } from '../../engines/documents/types';
import type { CsvFilter, CsvPlan, CsvResult, CsvRowRef } from '../../engines/filechat/types';
import type { DbOrTx } from '../client';

const CITED_ROWS = 50;
const EXTREME_ROWS = 10;
const LISTED_ROWS = 20;
const GROUPS = 50;

/** Postgres arrays are 1-based. */
const cell = (column: number) => sql.raw(`cells[${column + 1}]`);

/** The cell as an exact numeric, or NULL when it is not a number by the ingestion's own rule. */
const numberOf = (column: number) => sql`(CASE WHEN ${cell(column)} ~ ${CSV_NUMBER_PATTERN} THEN replace(${cell(column)}, ',', '')::numeric END)`;

const isNumeric = (c: CsvColumn | undefined) => c?.type === 'integer' || c?.type === 'number';

/** A yes/no cell as 'true' or 'false' by the ingestion's own rule (true/false/yes/no, any case), else NULL. */
const booleanOf = (column: number) =>
  sql`(CASE lower(${cell(column)}) WHEN 'true' THEN 'true' WHEN 'yes' THEN 'true' WHEN 'false' THEN 'false' WHEN 'no' THEN 'false' END)`;

/** Dates are ISO text and compare as text; numbers as numbers; yes/no as booleans; anything else case-insensitively. */
function valueOf(column: number, columns: readonly CsvColumn[]): SQL {
  if (isNumeric(columns[column])) return numberOf(column);
  if (columns[column]?.type === 'date') return sql`nullif(${cell(column)}, '')`;
  if (columns[column]?.type === 'boolean') return booleanOf(column);
  return sql`lower(${cell(column)})`;
}

function comparand(filter: CsvFilter, columns: readonly CsvColumn[]): SQL {
  const type = columns[filter.column]?.type;
  if (isNumeric(columns[filter.column])) return sql`${filter.value.replace(/,/g, '')}::numeric`;
  if (type === 'date') return sql`${filter.value}`;
  if (type === 'boolean') return sql`${String(parseCsvBoolean(filter.value) ?? filter.value.toLowerCase())}`;
  return sql`lower(${filter.value})`;
}

const OPERATORS: Record<CsvFilter['op'], string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function whereOf(documentId: string, plan: CsvPlan, columns: readonly CsvColumn[]): SQL {
  const parts = [sql`document_id = ${documentId}`];
  for (const f of plan.filters) parts.push(sql`${valueOf(f.column, columns)} ${sql.raw(OPERATORS[f.op])} ${comparand(f, columns)}`);
  return sql.join(parts, sql` AND `);
}

function aggregateOf(plan: CsvPlan, columns: readonly CsvColumn[]): SQL {
  const column = plan.column ?? 0;
  switch (plan.aggregate) {
    case 'count':
    case 'rows':
      return sql`count(*)`;
    case 'sum':
      return sql`sum(${numberOf(column)})`;
    case 'avg':
      return sql`round(avg(${numberOf(column)}), 6)`;
    case 'min':
      return sql`min(${valueOf(column, columns)})`;
    case 'max':
      return sql`max(${valueOf(column, columns)})`;
    case 'median':
    case 'percentile':
      return percentileOf(numberOf(column), plan.fraction ?? '0.5');
  }
}

/**
 * The percentile by linear interpolation between closest ranks (Excel's PERCENTILE.INC, numpy's default),
 * in numeric arithmetic throughout: percentile_cont would go through float8. One aggregate expression, so
 * it serves a grouped question as well as a whole-table one.
 */
function percentileOf(value: SQL, fraction: string): SQL {
  const sorted = sql`(array_agg(${value} ORDER BY ${value}) FILTER (WHERE ${value} IS NOT NULL))`;
  const position = sql`(${fraction}::numeric * (count(${value}) - 1))`;
  const below = sql`${sorted}[floor(${position})::int + 1]`;
  const above = sql`${sorted}[ceil(${position})::int + 1]`;
  return sql`(${below} + (${position} - floor(${position})) * (${above} - ${below}))`;
}

const toRef = (r: { row_number: number; cells: string[] }): CsvRowRef => ({ rowNumber: r.row_number, cells: r.cells });

/**
 * Computes a planned question over a CSV's rows exactly (numeric arithmetic in Postgres, never floats),
 * and returns the rows it used for citing. At most three statements.
 */
export async function runCsvPlan(db: DbOrTx, documentId: string, columns: readonly CsvColumn[], plan: CsvPlan): Promise<CsvResult> {
  const where = whereOf(documentId, plan, columns);
  const aggregate = aggregateOf(plan, columns);

  if (plan.groupBy !== undefined) {
    // By the aggregate itself: its text form would sort "96444" above "110187".
    const order = plan.aggregate === 'min' ? sql`${aggregate} ASC NULLS LAST` : sql`${aggregate} DESC NULLS LAST`;
    const groups = await db.execute<{ key: string; value: string | null; matched: number; first_row: number; last_row: number; total: number }>(sql`
      SELECT min(${cell(plan.groupBy)}) AS key, (${aggregate})::text AS value, count(*)::int AS matched,
             min(row_number) AS first_row, max(row_number) AS last_row, (count(*) OVER ())::int AS total
      FROM document_rows WHERE ${where}
      GROUP BY lower(${cell(plan.groupBy)})
      ORDER BY ${order}, key
      LIMIT ${GROUPS}`);
    return {
      kind: 'groups',
      total: groups[0]?.total ?? 0,
      groups: groups.map((g) => ({ key: g.key ?? '', value: g.value, matched: g.matched, firstRow: g.first_row, lastRow: g.last_row })),
    };
  }

  const [summary] = await db.execute<{ value: string | null; matched: number }>(
    sql`SELECT (${aggregate})::text AS value, count(*)::int AS matched FROM document_rows WHERE ${where}`,
  );
  const value = summary?.value ?? null;
  const matched = summary?.matched ?? 0;

  if (plan.aggregate === 'min' || plan.aggregate === 'max') {
    const column = plan.column ?? 0;
    const rows =
      value === null
        ? []
        : await db.execute<{ row_number: number; cells: string[] }>(sql`
            SELECT row_number, cells FROM document_rows
            WHERE ${where} AND ${valueOf(column, columns)} = ${isNumeric(columns[column]) ? sql`${value}::numeric` : sql`${value}`}
            ORDER BY row_number LIMIT ${EXTREME_ROWS}`);
    return { kind: 'extreme', value, matched, rows: rows.map(toRef) };
  }

  const limit = plan.aggregate === 'rows' ? LISTED_ROWS : CITED_ROWS;
  const rows = await db.execute<{ row_number: number; cells: string[] }>(
    sql`SELECT row_number, cells FROM document_rows WHERE ${where} ORDER BY row_number LIMIT ${limit}`,
  );
  if (plan.aggregate === 'rows') return { kind: 'rows', matched, rows: rows.map(toRef) };
  return { kind: 'aggregate', value: plan.aggregate === 'count' ? String(matched) : value, matched, rows: rows.map(toRef) };
}
