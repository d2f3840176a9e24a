export { detectDocumentKind, type DetectedKind } from './detect-kind';
export { openPdf, type OpenedPdf } from './pdf';
export { readDocx } from './docx';
export { readCsv, headerNames, type CsvSummary } from './csv';
export { CSV_NUMBER_PATTERN, parseCsvNumber, parseCsvBoolean, isCsvDate, MAX_COLUMN_VALUES } from './csv-types';
export { pagePassages, blockPassages, rowPassages, CSV_ROWS_PER_PASSAGE, PASSAGE_MAX_CHARS } from './passages';
export { textSearchConfigFor } from './language';
export { InvalidDocumentError } from './types';
export type { DocumentKind, PdfPage, DocxBlock, CsvColumn, CsvColumnType, Passage } from './types';
