import { readFile } from 'node:fs/promises';
import { DEFAULT_DOCUMENT_LIMITS, DocumentTooComplexError, InvalidDocumentError, openPdf, readDocx, type DocumentKind } from '../engines/documents';

/**
 * The text of an uploaded source, by the documents engine's readers (the kind comes from the content, as for
 * `POST /v1/file/upload`): a PDF's text layers page by page, a .docx's paragraphs and tables, UTF-8 text as it
 * is. Throws InvalidDocumentError (unreadable, or no text at all) and DocumentTooComplexError (over the
 * per-file text limit). Scanned PDF pages (no text layer) are not read by OCR here.
 */
export async function uploadedSourceText(path: string, kind: DocumentKind | 'text', maxChars = DEFAULT_DOCUMENT_LIMITS.maxTextChars): Promise<string> {
  let text: string;
  if (kind === 'pdf') {
    const pdf = await openPdf(new Uint8Array(await readFile(path)));
    try {
      const pages: string[] = [];
      let chars = 0;
      for await (const page of pdf.pages()) {
        pages.push(page.text);
        chars += page.text.length;
        if (chars > maxChars) throw tooMuch(maxChars);
      }
      text = pages.join('\n\n');
    } finally {
      await pdf.close();
    }
  } else if (kind === 'docx') {
    text = (await readDocx(path, { maxTextChars: maxChars })).map((b) => b.text).join('\n\n');
  } else {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  }
  if (text.length > maxChars) throw tooMuch(maxChars);
  text = text.replaceAll('\u0000', '');
  if (text.trim() === '') throw new InvalidDocumentError('The file has no text to index (a scanned PDF without a text layer is not read here).');
  return text;
}

const tooMuch = (max: number) => new DocumentTooComplexError(`The file has more than ${max} characters of text, the per-file limit.`);
