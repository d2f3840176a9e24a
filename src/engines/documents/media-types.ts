import type { DocumentKind } from './types';

export const DOCUMENT_KINDS = ['pdf', 'docx', 'csv'] as const satisfies readonly DocumentKind[];

/** The media type stored with the original upload. */
export const DOCUMENT_MEDIA_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
};
