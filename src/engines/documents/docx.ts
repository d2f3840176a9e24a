import { BodyWalker } from './docx-body';
import { StylesCollector, type ParagraphStyle } from './docx-styles';
import { InvalidDocumentError, type DocxBlock } from './types';
import { streamXml } from './xml-stream';
import { listZip, readEntryChunks, type EntryLimits } from './zip';

const MIB = 1024 * 1024;

/** document.xml: 200 MiB of markup is a very large book; beyond 200:1 it is more likely a bomb than a document. */
const DOCUMENT_LIMITS: EntryLimits = { maxBytes: 200 * MIB, maxRatio: 200, ratioFloorBytes: MIB };
/** styles.xml only names styles; a few MiB is already generous. */
const STYLES_LIMITS: EntryLimits = { maxBytes: 20 * MIB, maxRatio: 200, ratioFloorBytes: MIB };

/**
 * The body of a .docx as blocks in document order. Only the central
 * directory and the two XML parts are read, each streamed through a SAX
 * parser; see docx-body.ts for how pages are counted. Reading stops with DocumentTooComplexError once
 * the body's text passes `maxTextChars`.
 */
export async function readDocx(filePath: string, opts: { maxTextChars?: number } = {}): Promise<DocxBlock[]> {
  const { zip, entries } = await listZip(filePath);
  try {
    const document = entries.get('word/document.xml');
    if (!document) throw new InvalidDocumentError('the .docx has no word/document.xml');
    let styles = new Map<string, ParagraphStyle>();
    const stylesEntry = entries.get('word/styles.xml');
    if (stylesEntry) {
      const collector = new StylesCollector();
      await streamXml(readEntryChunks(zip, stylesEntry, 'word/styles.xml', STYLES_LIMITS), 'word/styles.xml', collector);
      styles = collector.styles;
    }
    const walker = new BodyWalker(styles, opts.maxTextChars);
    await streamXml(readEntryChunks(zip, document, 'word/document.xml', DOCUMENT_LIMITS), 'word/document.xml', walker);
    if (!walker.sawDocument) throw new InvalidDocumentError('word/document.xml is not a Word document body');
    return walker.blocks;
  } finally {
    zip.close();
  }
}
