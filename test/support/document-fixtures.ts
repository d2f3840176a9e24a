import { Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import '../../src/engines/documents/array-buffer-transfer';
import { fromBuffer, type Entry, type ZipFile as YauzlZip } from 'yauzl';
import { ZipFile as YazlZip } from 'yazl';

/*
 * Real documents for the document engine, the API tests, the eval script and
 * the benchmark. Everything is generated in memory; the PDF text uses
 * Helvetica (WinAnsi), so page texts must be Latin-1-ish.
 */

const PAGE_WIDTH = 612;
const MIN_PAGE_HEIGHT = 792;
const MARGIN = 72;
const FONT_SIZE = 11;
const LINE_HEIGHT = 14;

/** Greedy word wrap at the page's text width; a word wider than a line gets a line of its own. */
function wrap(paragraph: string, font: PDFFont): string[] {
  const maxWidth = PAGE_WIDTH - 2 * MARGIN;
  const spaceWidth = font.widthOfTextAtSize(' ', FONT_SIZE);
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const w = font.widthOfTextAtSize(word, FONT_SIZE);
    if (line && width + spaceWidth + w > maxWidth) {
      lines.push(line);
      line = word;
      width = w;
    } else {
      line = line ? `${line} ${word}` : word;
      width = line === word ? w : width + spaceWidth + w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One page per text; paragraphs (split on blank lines) get a blank line between them. The page grows taller rather than overflowing. */
function addTextPage(doc: PDFDocument, font: PDFFont, text: string, hardBreaks = false): void {
  const lines: Array<string | null> = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    // With hard breaks a single newline starts a new line with no gap, as a heading sits above its text.
    const wrapped = hardBreaks ? paragraph.split('\n').flatMap((line) => wrap(line, font)) : wrap(paragraph, font);
    if (wrapped.length === 0) continue;
    if (lines.length > 0) lines.push(null);
    lines.push(...wrapped);
  }
  const height = Math.max(MIN_PAGE_HEIGHT, 2 * MARGIN + lines.length * LINE_HEIGHT);
  const page = doc.addPage([PAGE_WIDTH, height]);
  let y = height - MARGIN - FONT_SIZE;
  for (const line of lines) {
    if (line !== null) page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
    y -= LINE_HEIGHT;
  }
}

/** A PDF with one page per string; each page's text reads back as the same words. */
export async function makePdf(pages: string[], opts: { hardBreaks?: boolean } = {}): Promise<Buffer> {
  if (opts.hardBreaks) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const page of pages) addTextPage(doc, font, page, true);
    return Buffer.from(await doc.save());
  }
  return makeLargePdf(pages.length, (n) => pages[n - 1] as string);
}

/** Like makePdf, generating each page's text on demand (one font object for all pages). */
export async function makeLargePdf(pageCount: number, textForPage: (n: number) => string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pageCount; n++) addTextPage(doc, font, textForPage(n));
  return Buffer.from(await doc.save());
}

/** A PDF header followed by a fragment of an object and noise: no xref, no pages. */
export function makeCorruptPdf(): Buffer {
  const noise = Buffer.alloc(4096);
  let seed = 12345;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = seed >> 16;
  }
  return Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R', 'latin1'), noise]);
}

/**
 * A PDF whose trailer points to a standard security handler with a user
 * password (the O/U hashes match no password, in particular not the empty one).
 */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('secret', { font, x: MARGIN, y: MARGIN, size: FONT_SIZE });
  const plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  const hash = 'A5'.repeat(32);
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hash}> /U <${hash}> /P -44 >>\n/ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]\n`;
  // The trailer comes after every offset in the xref table, so growing it keeps the file consistent.
  if (!plain.includes('trailer\n<<\n')) throw new Error('unexpected pdf-lib trailer');
  return Buffer.from(plain.replace('trailer\n<<\n', `trailer\n<<\n${encrypt}`), 'latin1');
}

/** A well-formed PDF whose page tree is empty (pdf-lib always adds a page, so this one is written by hand). */
export function makeZeroPagePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A DOS stub and PE header: enough for file-type to call it a Windows executable. */
export function makeWindowsExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt16LE(0x90, 2); // bytes on last page
  exe.writeUInt16LE(3, 4); // pages in file
  exe.writeUInt16LE(4, 8); // header size in paragraphs
  exe.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
  exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84); // machine: i386
  exe.writeUInt16LE(0, 0x86); // sections
  exe.writeUInt16LE(0xe0, 0x94); // optional header size
  exe.writeUInt16LE(0x102, 0x96); // characteristics: executable, 32-bit
  return exe;
}

/** A valid 1x1 PNG. */
export function makePng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
}

/** A CSV with RFC 4180 quoting (fields with the delimiter, quotes, newlines or edge spaces are quoted). */
export function makeCsv(header: string[], rows: (string | number)[][], opts: { delimiter?: string; bom?: boolean } = {}): Buffer {
  const delimiter = opts.delimiter ?? ',';
  const quote = (cell: string | number): string => {
    const s = String(cell);
    const needsQuotes = s.includes(delimiter) || /["\r\n]/.test(s) || s !== s.trim();
    return needsQuotes ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [header, ...rows].map((r) => r.map(quote).join(delimiter)).join('\n') + '\n';
  return Buffer.from((opts.bom ? '\uFEFF' : '') + text, 'utf8');
}

export type DocxFixtureBlock =
  | { heading: string; level?: 1 | 2 | 3; pageBreakBefore?: boolean }
  | { paragraph: string; pageBreakBefore?: boolean }
  | { pageBreak: true }
  | { table: string[][] };

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/**
 * A .docx built with the docx package. With renderedPageBreaks, every
 * explicit break (page break run or pageBreakBefore) is followed by the
 * <w:lastRenderedPageBreak/> Word itself writes at the start of the first
 * run on the new page, so readers must not count the same break twice.
 */
export async function makeDocx(blocks: DocxFixtureBlock[], opts: { renderedPageBreaks?: boolean } = {}): Promise<Buffer> {
  const children = blocks.map((block) => {
    if ('heading' in block) {
      return new Paragraph({
        text: block.heading,
        heading: HEADINGS[block.level ?? 1],
        pageBreakBefore: block.pageBreakBefore,
      });
    }
    if ('paragraph' in block) {
      return new Paragraph({ children: [new TextRun(block.paragraph)], pageBreakBefore: block.pageBreakBefore });
    }
    if ('pageBreak' in block) return new Paragraph({ children: [new PageBreak()] });
    return new Table({
      rows: block.table.map((row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) })),
    });
  });
  const docx = await Packer.toBuffer(new Document({ sections: [{ children }] }));
  if (!opts.renderedPageBreaks) return docx;
  const parts = await unzip(docx);
  const xml = parts.get('word/document.xml');
  if (!xml) throw new Error('docx produced no word/document.xml');
  parts.set('word/document.xml', Buffer.from(addRenderedPageBreaks(xml.toString('utf8')), 'utf8'));
  return zip(parts);
}

/** Inserts <w:lastRenderedPageBreak/> into the first run after each page break, after that run's properties. */
function addRenderedPageBreaks(xml: string): string {
  const breaks = /<w:br w:type="page"\/>|<w:pageBreakBefore\/>/g;
  let out = '';
  let from = 0;
  for (let m = breaks.exec(xml); m; m = breaks.exec(xml)) {
    const run = /<w:r>|<w:r [^>]*>/g;
    run.lastIndex = m.index + m[0].length;
    const r = run.exec(xml);
    if (!r) break;
    let at = r.index + r[0].length;
    if (xml.startsWith('<w:rPr>', at)) at = xml.indexOf('</w:rPr>', at) + '</w:rPr>'.length;
    out += xml.slice(from, at) + '<w:lastRenderedPageBreak/>';
    from = at;
    breaks.lastIndex = at;
  }
  return out + xml.slice(from);
}

const W_NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml"';

/**
 * A minimal .docx around hand-written WordprocessingML, for structures the
 * docx package does not write (section breaks, text boxes, outline levels).
 * `body` is the content of <w:body>; `styles` the content of <w:styles>.
 */
export async function makeDocxXml(body: string, styles?: string): Promise<Buffer> {
  const parts = new Map<string, Buffer>();
  const overrides = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
  ];
  if (styles !== undefined) {
    overrides.push('<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>');
  }
  parts.set(
    '[Content_Types].xml',
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        overrides.join('') +
        '</Types>',
    ),
  );
  parts.set(
    '_rels/.rels',
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
  );
  parts.set(
    'word/document.xml',
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NAMESPACES}><w:body>${body}</w:body></w:document>`),
  );
  if (styles !== undefined) {
    parts.set('word/styles.xml', Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W_NAMESPACES}>${styles}</w:styles>`));
  }
  return zip(parts);
}

/** A zip of the given files (for zips that are not documents, or documents rebuilt by hand). */
export function zip(files: Map<string, Buffer>, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const archive = new YazlZip();
  for (const [name, data] of files) archive.addBuffer(data, name, { compress: opts.compress ?? true });
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (c: Buffer) => chunks.push(c));
    archive.outputStream.on('error', reject);
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Every file of a (small) zip, in memory. */
export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<YauzlZip>((resolve, reject) => fromBuffer(data, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return files;
}

export interface ScanOptions {
  /** Resolution of the page images (default 150). */
  dpi?: number;
  /** Pages kept as text (1-based); every other page becomes an image. */
  textPages?: number[];
  /** Seed of the speckle noise (default 7). */
  seed?: number;
}

/**
 * A "scanned" PDF: each page of makePdf(pages) rendered to a grey image at `dpi`, sprinkled with
 * speckle noise and slightly uneven paper, and stored as a JPEG filling the page; no text layer.
 * Pages listed in `textPages` are copied as they are (for mixed documents).
 */
export async function makeScannedPdf(pages: string[], opts: ScanOptions = {}): Promise<Buffer> {
  const { renderPageAsImage } = await import('unpdf');
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const dpi = opts.dpi ?? 150;
  const textPages = new Set(opts.textPages ?? []);
  const source = await makePdf(pages);
  const sourceDoc = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  let seed = opts.seed ?? 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let n = 1; n <= pages.length; n++) {
    if (textPages.has(n)) {
      const [copied] = await out.copyPages(sourceDoc, [n - 1]);
      out.addPage(copied);
      continue;
    }
    const png = await renderPageAsImage(new Uint8Array(source), n, { scale: dpi / 72, canvasImport: () => import('@napi-rs/canvas') });
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, image.width, image.height);
    ctx.drawImage(image, 0, 0);
    const pixels = ctx.getImageData(0, 0, image.width, image.height);
    const d = pixels.data;
    for (let i = 0; i < d.length; i += 4) {
      let grey = 0.3 * (d[i] as number) + 0.59 * (d[i + 1] as number) + 0.11 * (d[i + 2] as number);
      grey = grey * 0.92 + 10 + (random() - 0.5) * 40; // greyish paper, grain
      const r = random();
      if (r < 0.002)
        grey = 30; // dark specks
      else if (r < 0.004) grey = 255; // dropouts
      const v = Math.max(0, Math.min(255, Math.round(grey)));
      d[i] = v;
      d[i + 1] = v;
      d[i + 2] = v;
    }
    ctx.putImageData(pixels, 0, 0);
    const jpeg = await canvas.encode('jpeg', 75);
    const size = sourceDoc.getPage(n - 1).getSize();
    const page = out.addPage([size.width, size.height]);
    page.drawImage(await out.embedJpg(jpeg), { x: 0, y: 0, width: size.width, height: size.height });
  }
  return Buffer.from(await out.save());
}
