/** The three formats Kiln ingests, decided by content (magic bytes and structure), never by name. */
export type DocumentKind = 'pdf' | 'docx' | 'csv';

/** A supported upload that cannot be parsed (corrupt PDF, broken zip, CSV with unbalanced quotes): HTTP 422 invalid_file. */
export class InvalidDocumentError extends Error {
  override readonly name = 'InvalidDocumentError';
}

/**
 * A readable upload that would cost more to ingest than one file may (pages, scanned pages, image pixels,
 * text, passages, rows): HTTP 422 file_too_complex. The message names the limit and what was found.
 */
export class DocumentTooComplexError extends Error {
  override readonly name = 'DocumentTooComplexError';
}

/** One page of a PDF: its 1-based number and its text in reading order. */
export interface PdfPage {
  page: number;
  text: string;
}

/** One block of a .docx body, in document order, with the page the document itself records for it. */
export interface DocxBlock {
  kind: 'heading' | 'paragraph' | 'table';
  /** Heading level 1–9 for headings (Title counts as 1). */
  level?: number;
  /** Paragraph text; for a table, one line per row with cells joined by " | ". */
  text: string;
  /** 1-based page the block starts on (rendered and explicit page breaks counted), else 1. */
  page: number;
}

export type CsvColumnType = 'integer' | 'number' | 'boolean' | 'date' | 'text';

export interface CsvColumn {
  name: string;
  type: CsvColumnType;
  /** Distinct non-empty values (original spelling, first seen) when a text column has at most 200 of them. */
  values?: string[];
}

/** A passage of a document: the unit that is indexed, retrieved and quoted. */
export interface Passage {
  /** PDF: 1-based page. docx: page recorded by the document. CSV: 1-based number of the first data row. */
  page: number;
  /** CSV only: 1-based number of the last data row in the passage. */
  rowEnd?: number;
  /** The nearest heading above the passage (docx), if any. */
  heading?: string;
  /** The document's own words (CSV: `rows 41-60: ` prefix is NOT part of content; see csv passages). */
  content: string;
}
