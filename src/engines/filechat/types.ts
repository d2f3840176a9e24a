import type { CsvColumn } from '../documents/types';

/** A passage found by retrieval, most relevant first; `score` is comparable only within one retrieval. */
export interface RetrievedPassage {
  page: number;
  rowEnd?: number;
  heading?: string;
  content: string;
  score: number;
  /** The file it is from, when an answer draws on several. */
  fileId?: string;
  /**
   * How near the question each of the passage's sentences (and its heading) is by the sentence encoder,
   * cosine -1..1; present when the document's sentence vectors are complete.
   */
  sentences?: { text: string; similarity: number }[];
}

/** spec 2.8 sources[]: PDF/docx page, or for CSV the first data row of the cited range. */
export interface ChatSource {
  page: number;
  excerpt: string;
  /** The file the excerpt is from, when an answer draws on several. */
  fileId?: string;
}

export interface ChatAnswer {
  answer: string;
  /** Most relevant first. */
  sources: ChatSource[];
}

export type CsvAggregate = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'median' | 'percentile';

/** Comparison of one column's cells with a value; text compares case-insensitively, numbers numerically. */
export interface CsvFilter {
  /** 0-based column index. */
  column: number;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';
  /** A text value as spelled in the column's `values`, a number as written (e.g. "100", "2.5"), or an ISO date. */
  value: string;
  /**
   * How the answer words the condition instead of the operator and value: "in March 2025" for a period of a
   * date column (two filters, first day and first day after, sharing the label), "after 2024".
   */
  label?: string;
}

/** What a question about a table asks for, independent of how it is computed. */
export interface CsvPlan {
  /** `rows` lists the matching rows instead of aggregating them. */
  aggregate: CsvAggregate | 'rows';
  /** 0-based column the aggregate is over (absent for count and rows). */
  column?: number;
  filters: CsvFilter[];
  /** 0-based column to group by: one answer per distinct value. */
  groupBy?: number;
  /** median/percentile: the rank as an exact decimal fraction ("0.5", "0.9"), interpolated linearly between closest ranks. */
  fraction?: string;
}

export interface CsvRowRef {
  /** 1-based data row number (the header is not counted). */
  rowNumber: number;
  cells: string[];
}

/**
 * A plan computed exactly by Postgres. Numbers come back as exact decimal strings (numeric), e.g. "1234.50";
 * `avg` is rounded to 6 decimal places by the executor; formatting is the answerer's job.
 */
export type CsvResult =
  | {
      kind: 'aggregate';
      /** count: the matched count; sum/avg: null when no matched row holds a number. */
      value: string | null;
      /** Rows that matched the filters. */
      matched: number;
      /** The matched rows in row order, at most 50, for citing. */
      rows: CsvRowRef[];
    }
  | {
      kind: 'extreme';
      value: string | null;
      matched: number;
      /** The rows holding the minimum/maximum, at most 10, in row order. */
      rows: CsvRowRef[];
    }
  | {
      kind: 'groups';
      /** One per distinct value of the group column, largest `value` first (count/sum/avg/max), smallest first for min; at most 50. */
      groups: { key: string; value: string | null; matched: number; firstRow: number; lastRow: number }[];
      /** Number of distinct groups in all. */
      total: number;
    }
  | {
      kind: 'rows';
      matched: number;
      /** The first 20 matched rows in row order. */
      rows: CsvRowRef[];
    };

export interface CsvTable {
  header: string[];
  columns: CsvColumn[];
  rowCount: number;
}
