import type { XmlElement, XmlHandler } from './xml-stream';

export interface ParagraphStyle {
  name?: string;
  basedOn?: string;
  outlineLevel?: number;
  pageBreakBefore?: boolean;
}

/** What a paragraph style means for reading: its own name and the properties it inherits. */
export interface ResolvedStyle {
  name?: string;
  outlineLevel?: number;
  pageBreakBefore: boolean;
}

/** OOXML on/off properties: present means on unless w:val says 0/false/off. */
export function onOff(el: XmlElement): boolean {
  const val = el.attr('val');
  return val === undefined || !/^(0|false|off)$/i.test(val);
}

/** Revision records (w:pPrChange, w:rPrChange, …) hold the *old* properties and must not be read as current. */
export function isRevisionRecord(el: XmlElement): boolean {
  return el.ns === 'w' && el.local.endsWith('Change');
}

/** Collects paragraph styles from word/styles.xml (styleId → name, basedOn, outline level, page break before). */
export class StylesCollector implements XmlHandler {
  readonly styles = new Map<string, ParagraphStyle>();
  private current: ParagraphStyle | null = null;
  private inPPr = false;
  private skipDepth = 0;

  open(el: XmlElement): void {
    if (this.skipDepth > 0 || isRevisionRecord(el)) {
      this.skipDepth++;
      return;
    }
    if (el.ns !== 'w') return;
    if (el.local === 'style') {
      const id = el.attr('styleId');
      this.current = null;
      if (id !== undefined && (el.attr('type') ?? 'paragraph') === 'paragraph') {
        this.current = {};
        this.styles.set(id, this.current);
      }
      return;
    }
    const style = this.current;
    if (!style) return;
    switch (el.local) {
      case 'name':
        style.name = el.attr('val');
        break;
      case 'basedOn':
        style.basedOn = el.attr('val');
        break;
      case 'pPr':
        this.inPPr = true;
        break;
      case 'outlineLvl':
        if (this.inPPr) style.outlineLevel = Number(el.attr('val'));
        break;
      case 'pageBreakBefore':
        if (this.inPPr) style.pageBreakBefore = onOff(el);
        break;
    }
  }

  close(el: XmlElement): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (el.ns !== 'w') return;
    if (el.local === 'style') this.current = null;
    else if (el.local === 'pPr') this.inPPr = false;
  }

  text(): void {}
}

/** Resolves a style id through its basedOn chain (cycles and depth are bounded). */
export function resolveStyle(styles: Map<string, ParagraphStyle>, styleId: string | undefined): ResolvedStyle {
  const own = styleId === undefined ? undefined : styles.get(styleId);
  // Without styles.xml the id is all there is; Word's ids for built-in headings ("Heading1", "Title") still say what they are.
  const resolved: ResolvedStyle = { name: own?.name ?? styleId, pageBreakBefore: false };
  let outline: number | undefined;
  let pageBreak: boolean | undefined;
  let style = own;
  for (let hops = 0; style && hops < 20; hops++) {
    outline ??= style.outlineLevel;
    pageBreak ??= style.pageBreakBefore;
    style = style.basedOn === undefined ? undefined : styles.get(style.basedOn);
  }
  if (outline !== undefined && Number.isInteger(outline)) resolved.outlineLevel = outline;
  resolved.pageBreakBefore = pageBreak ?? false;
  return resolved;
}
