import { isRevisionRecord, onOff, resolveStyle, type ParagraphStyle } from './docx-styles';
import { moreThan, tooMuchText } from './limits';
import type { DocxBlock } from './types';
import type { XmlElement, XmlHandler } from './xml-stream';

/*
 * Page numbers come from what the document records; nothing is laid out.
 * Pages start at 1 and a block's page is the page of its first text.
 *  - <w:br w:type="page"/> starts a new page for what follows it.
 *  - <w:pageBreakBefore/> (on the paragraph or its style, unless w:val is
 *    0/false/off) starts the paragraph on a new page, unless nothing has been
 *    written since the last break (top of the document or of a fresh page).
 *  - A <w:sectPr> in a paragraph's properties ends a section after that
 *    paragraph; its type nextPage/oddPage/evenPage (or none: nextPage is the
 *    default) starts a new page, continuous/nextColumn does not.
 *  - <w:lastRenderedPageBreak/> marks where Word's last layout began a page.
 *    Word writes one right after an explicit break or section break too, so
 *    it counts only when text came since the last explicit break.
 * Text boxes never move the page count; deleted and moved-from text, field
 * codes and mc:Fallback copies are not text of the document.
 */

const HEADING_STYLE = /^(heading\s*([1-9])|title)$/i;

interface ParagraphState {
  styleId?: string;
  outlineLevel?: number;
  pageBreakBefore?: boolean;
  /** Section type when the paragraph carries a sectPr; 'nextPage' if it has no w:type. */
  sectionType?: string;
  parts: string[];
  page: number | null;
  inPPr: boolean;
  inSectPr: boolean;
}

interface TableState {
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
  page: number | null;
}

/** Receives the events of word/document.xml and builds the body's blocks. */
export class BodyWalker implements XmlHandler {
  readonly blocks: DocxBlock[] = [];
  /** Whether the root was a w:document (anything else is not a Word body). */
  sawDocument = false;

  private page = 1;
  /** An explicit break was counted and no text has followed yet. */
  private freshPage = true;
  private skipDepth = 0;
  private textBoxDepth = 0;
  private inText = false;
  private readonly paragraphs: ParagraphState[] = [];
  private table: TableState | null = null;
  private tableDepth = 0;

  /** Characters of text met so far, counted as they come so an over-long body stops being read at the limit. */
  private chars = 0;

  constructor(
    private readonly styles: Map<string, ParagraphStyle>,
    private readonly maxTextChars = Number.POSITIVE_INFINITY,
  ) {}

  open(el: XmlElement): void {
    if (this.skipDepth > 0 || this.skips(el)) {
      this.skipDepth++;
      return;
    }
    if (el.ns === 'other' && el.local === 'textbox') return; // VML box: its w:txbxContent follows
    if (el.ns !== 'w') return;
    const p = this.paragraphs[this.paragraphs.length - 1];
    if (p?.inPPr) return this.paragraphProperty(p, el);
    switch (el.local) {
      case 'document':
        this.sawDocument = true;
        break;
      case 'p':
        this.paragraphs.push({ parts: [], page: null, inPPr: false, inSectPr: false });
        break;
      case 'pPr':
        if (p) p.inPPr = true;
        break;
      case 't':
        this.inText = true;
        break;
      case 'tab':
      case 'ptab':
        p?.parts.push('\t');
        break;
      case 'cr':
        p?.parts.push('\n');
        break;
      case 'noBreakHyphen':
        this.addText('-');
        break;
      case 'br':
        if (el.attr('type') === 'page') this.explicitBreak();
        else p?.parts.push('\n');
        break;
      case 'lastRenderedPageBreak':
        if (this.textBoxDepth > 0) break;
        if (this.freshPage) this.freshPage = false;
        else this.page++;
        break;
      case 'txbxContent':
        this.textBoxDepth++;
        break;
      case 'tbl':
        this.tableDepth++;
        if (this.tableDepth === 1) this.table = { rows: [], row: null, cell: null, page: null };
        break;
      case 'tr':
        if (this.tableDepth === 1 && this.table) this.table.row = [];
        break;
      case 'tc':
        if (this.tableDepth === 1 && this.table) this.table.cell = [];
        break;
    }
  }

  close(el: XmlElement): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (el.ns !== 'w') return;
    const p = this.paragraphs[this.paragraphs.length - 1];
    if (p?.inPPr) {
      if (el.local === 'pPr') this.endParagraphProperties(p);
      else if (el.local === 'sectPr') p.inSectPr = false;
      return;
    }
    switch (el.local) {
      case 't':
        this.inText = false;
        break;
      case 'p':
        this.paragraphs.pop();
        if (p) this.endParagraph(p);
        break;
      case 'txbxContent':
        this.textBoxDepth--;
        break;
      case 'tc':
        if (this.tableDepth === 1 && this.table?.cell && this.table.row) {
          this.table.row.push(this.table.cell.join(' ').replace(/\s+/g, ' ').trim());
          this.table.cell = null;
        }
        break;
      case 'tr':
        if (this.tableDepth === 1 && this.table?.row) {
          this.table.rows.push(this.table.row);
          this.table.row = null;
        }
        break;
      case 'tbl':
        this.tableDepth--;
        if (this.tableDepth === 0 && this.table) this.endTable(this.table);
        break;
    }
  }

  text(text: string): void {
    if (this.inText && this.skipDepth === 0) this.addText(text);
  }

  private skips(el: XmlElement): boolean {
    if (el.ns === 'mc') return el.local === 'Fallback';
    if (el.ns !== 'w') return false;
    return el.local === 'del' || el.local === 'moveFrom' || el.local === 'delText' || el.local === 'instrText' || isRevisionRecord(el);
  }

  private paragraphProperty(p: ParagraphState, el: XmlElement): void {
    if (p.inSectPr) {
      if (el.local === 'type') p.sectionType = el.attr('val') ?? 'nextPage';
      return;
    }
    switch (el.local) {
      case 'pStyle':
        p.styleId = el.attr('val');
        break;
      case 'outlineLvl':
        p.outlineLevel = Number(el.attr('val'));
        break;
      case 'pageBreakBefore':
        p.pageBreakBefore = onOff(el);
        break;
      case 'sectPr':
        p.inSectPr = true;
        p.sectionType = 'nextPage';
        break;
    }
  }

  private endParagraphProperties(p: ParagraphState): void {
    p.inPPr = false;
    if (this.textBoxDepth > 0) return;
    const pageBreakBefore = p.pageBreakBefore ?? resolveStyle(this.styles, p.styleId).pageBreakBefore;
    if (pageBreakBefore && !this.freshPage) this.explicitBreak();
  }

  private explicitBreak(): void {
    if (this.textBoxDepth > 0) return;
    this.page++;
    this.freshPage = true;
  }

  private addText(text: string): void {
    const p = this.paragraphs[this.paragraphs.length - 1];
    if (!p) return;
    this.chars += text.length;
    if (this.chars > this.maxTextChars) throw tooMuchText(moreThan(this.maxTextChars), this.maxTextChars);
    p.parts.push(text);
    if (p.page === null && text.trim() !== '') {
      p.page = this.page;
      if (this.table && this.table.page === null) this.table.page = this.page;
    }
    if (text.trim() !== '' && this.textBoxDepth === 0) this.freshPage = false;
  }

  private endParagraph(p: ParagraphState): void {
    const text = normalize(p.parts.join(''));
    if (text) {
      if (this.tableDepth > 0 && this.table) {
        this.table.cell?.push(text);
      } else {
        const level = this.headingLevel(p);
        const page = p.page ?? this.page;
        if (level === null) this.blocks.push({ kind: 'paragraph', text, page });
        else this.blocks.push({ kind: 'heading', level, text: text.replace(/\s+/g, ' '), page });
      }
    }
    const section = p.sectionType;
    if (section !== undefined && /^(nextPage|oddPage|evenPage)$/.test(section)) this.explicitBreak();
  }

  private headingLevel(p: ParagraphState): number | null {
    // A direct outline level wins (9 means body text), then the style's name, then the style's outline level.
    if (p.outlineLevel !== undefined && Number.isInteger(p.outlineLevel)) {
      return p.outlineLevel >= 0 && p.outlineLevel <= 8 ? p.outlineLevel + 1 : null;
    }
    const style = resolveStyle(this.styles, p.styleId);
    const match = style.name === undefined ? null : HEADING_STYLE.exec(style.name.trim());
    if (match) return match[2] ? Number(match[2]) : 1;
    const outline = style.outlineLevel;
    return outline !== undefined && outline >= 0 && outline <= 8 ? outline + 1 : null;
  }

  private endTable(table: TableState): void {
    this.table = null;
    const lines = table.rows.filter((row) => row.some((cell) => cell !== '')).map((row) => row.join(' | ').trimEnd());
    if (lines.length === 0) return;
    this.blocks.push({ kind: 'table', text: lines.join('\n'), page: table.page ?? this.page });
  }
}

/** Collapses spaces within each line, keeps tabs as single separators and drops blank lines. */
function normalize(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \u00a0]*\t[ \t\u00a0]*/g, '\t')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}
