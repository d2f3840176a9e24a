import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { sniffCsvDelimiter } from './csv-sniff';
import { InvalidDocumentError, type DocumentKind } from './types';
import { listZip } from './zip';

export type DetectedKind = { kind: DocumentKind } | { kind: null; detected: string };

const TEXT_SAMPLE_BYTES = 64 * 1024;

/** Friendlier names than file-type's extensions for what people most often upload by mistake. */
const DESCRIPTIONS: Record<string, string> = {
  png: 'a PNG image',
  jpg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  heic: 'a HEIC image',
  bmp: 'a BMP image',
  tif: 'a TIFF image',
  exe: 'a Windows executable',
  elf: 'a Linux executable',
  macho: 'a macOS executable',
  xlsx: 'an Excel workbook',
  pptx: 'a PowerPoint presentation',
  docm: 'a macro-enabled Word document',
  dotx: 'a Word template',
  cfb: 'a legacy Office document (.doc, .xls or .ppt)',
  odt: 'an OpenDocument text document',
  ods: 'an OpenDocument spreadsheet',
  epub: 'an EPUB e-book',
  rtf: 'a Rich Text document',
  gz: 'a gzip archive',
  '7z': 'a 7-Zip archive',
  rar: 'a RAR archive',
  tar: 'a tar archive',
  mp3: 'an MP3 audio file',
  mp4: 'an MP4 video',
  mov: 'a QuickTime video',
  wav: 'a WAV audio file',
  sqlite: 'an SQLite database',
};

function describe(ext: string, mime: string): string {
  const known = DESCRIPTIONS[ext];
  if (known) return `${known} (${mime})`;
  const name = ext.toUpperCase();
  return `${/^[AEFHILMNORSX]/.test(name) ? 'an' : 'a'} ${name} file (${mime})`;
}

/**
 * What an upload is, from its bytes alone. Magic numbers decide PDF and zip;
 * a zip is a .docx only if it holds word/document.xml. Everything else must
 * look like a delimited UTF-8 table to count as CSV.
 */
export async function detectDocumentKind(filePath: string): Promise<DetectedKind> {
  const sample = await readSample(filePath);
  if (sample.bytes.length === 0) return { kind: null, detected: 'an empty file' };
  // Before file-type: a UTF-16 byte order mark (FF FE, FE FF) also reads as an MPEG audio frame sync,
  // and Excel's "Unicode text" export is exactly such a file.
  if (isUtf16(sample.bytes)) return { kind: null, detected: UTF16_TEXT };

  // A parser failure inside file-type on odd input means "not recognised", not a failed upload.
  const type = await fileTypeFromFile(filePath).catch(() => undefined);
  if (type?.ext === 'pdf') return { kind: 'pdf' };
  if (type?.ext === 'docx') return { kind: 'docx' };
  // file-type names a zip after its first entries; an OOXML package written
  // in an unusual order shows up as a plain zip, and a .docm/.dotx as another
  // Office type, so the central directory decides.
  if (type && (type.ext === 'zip' || /openxmlformats|ms-word/.test(type.mime))) {
    const word = await zipHasWordDocument(filePath);
    // A damaged .docx (cut short, no central directory) is still a .docx: let
    // parsing call it invalid rather than unsupported, going by the part
    // names in its first local headers.
    if (word === true || (word === 'unreadable' && Buffer.from(sample.bytes).includes('word/'))) return { kind: 'docx' };
    if (type.ext === 'zip') return { kind: null, detected: 'a zip archive that is not a .docx document' };
  }

  // Text is checked even when file-type matched something: its two-byte
  // signatures ("BM" for BMP, "MZ" for executables) can be the first letters
  // of a CSV header, and real binaries never pass the text test.
  const text = decodeText(sample.bytes, sample.complete);
  if (text !== null && sniffCsvDelimiter(text, sample.complete) !== null) return { kind: 'csv' };
  if (type) return { kind: null, detected: describe(type.ext, type.mime) };
  if (text !== null) return { kind: null, detected: 'plain text that is not a CSV table' };
  return { kind: null, detected: describeUnknownBinary(sample.bytes) };
}

async function readSample(filePath: string): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const handle = await open(filePath, 'r');
  try {
    // One byte more than the sample tells whether the file goes on past it.
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const complete = length <= TEXT_SAMPLE_BYTES;
    return { bytes: buffer.subarray(0, Math.min(length, TEXT_SAMPLE_BYTES)), complete };
  } finally {
    await handle.close();
  }
}

async function zipHasWordDocument(filePath: string): Promise<boolean | 'unreadable'> {
  try {
    const { zip, entries } = await listZip(filePath);
    zip.close();
    return entries.has('word/document.xml');
  } catch (err) {
    if (err instanceof InvalidDocumentError) return 'unreadable';
    throw err;
  }
}

// C0 controls other than tab, LF and CR, plus DEL: never in a text table.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The sample as text if it is UTF-8 without control characters, else null.
 * A sample cut from a longer file may end inside a multi-byte character;
 * streaming decode leaves that tail pending instead of calling it invalid.
 */
function decodeText(bytes: Uint8Array, complete: boolean): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: !complete });
  } catch {
    return null;
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  return CONTROL.test(text) ? null : text;
}

const UTF16_TEXT = 'a UTF-16 text file (only UTF-8 text is supported: save it as UTF-8, in Excel as "CSV UTF-8")';

const isUtf16 = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** Text in another encoding gets a hint the uploader can act on. */
function describeUnknownBinary(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!CONTROL.test(latin1) && /[\x80-\xff]/.test(latin1)) {
    return 'text that is not UTF-8 encoded (only UTF-8 text is supported)';
  }
  return 'binary data of an unknown type';
}
