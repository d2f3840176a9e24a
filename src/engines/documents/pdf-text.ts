/** The parts of a pdf.js text item this module reads (marked-content items have no `str`). */
export interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
}

interface Line {
  text: string;
  y: number;
  size: number;
  /** From the first item's left edge to the last item's right edge. */
  width: number;
}

/**
 * Rebuilds a page's reading text from pdf.js items. A PDF has no words or
 * paragraphs, only positioned strings: items on the same baseline join (with
 * a space when there is a visible gap), a change of baseline or hasEOL ends a
 * line, and a gap between lines clearly larger than the page's usual line
 * spacing ends a paragraph, as does a heading set close over its text (see
 * `headingAbove`). Wrapped lines are rejoined with spaces so a
 * sentence reads as one; paragraphs are separated by "\n".
 */
export function pageText(items: readonly TextItemLike[]): string {
  const lines = toLines(items);
  if (lines.length === 0) return '';
  const paragraphBreak = paragraphGap(lines);
  const textWidth = lines.reduce((m, l) => Math.max(m, l.width), 0);
  const paragraphs: string[] = [];
  let current = (lines[0] as Line).text;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] as Line;
    const line = lines[i] as Line;
    const gap = prev.y - line.y;
    // A title line over text ("Membership Grew During The Spring Season" / "The cooperative admitted…") is its
    // own paragraph however close the lines sit; joined, it would read as the first words of the sentence.
    const titled = looksLikeTitle(prev.text) && /^[\p{Lu}\p{N}"“‘(]/u.test(line.text);
    if (gap <= 0 || gap > paragraphBreak || titled || headingAbove(prev, line, textWidth)) {
      paragraphs.push(current);
      current = line.text;
    } else if (/\p{L}-$/u.test(prev.text) && /^\p{Ll}/u.test(line.text)) {
      // (current ends with prev.text; testing the whole paragraph would make long ones quadratic)
      // A word hyphenated across lines: keep it one word.
      current += line.text;
    } else {
      current += ` ${line.text}`;
    }
  }
  paragraphs.push(current);
  return paragraphs.join('\n');
}

/** Line ends that close a sentence or a clause: such a line is not a heading. */
const CLOSES = /[.!?…:;,]["'”’)\]]*$/u;
/** A line ending on a word that needs the next line ("…of", "…and"): wrapped, whatever its width. */
const ENDS_MID_CLAUSE = /(?:[-–—/&(]|\b(?:and|or|but|nor|of|the|a|an|to|in|for|with|by|on|at|from|as|that|which|than|is|are|was|were))$/iu;

/**
 * Whether `prev` is a heading set directly over `line` (no wider gap than between lines of a paragraph), or
 * `line` a heading in a larger font under `prev`. A heading over text has no closing punctuation, starts like
 * a heading and `line` like a sentence, and either its font is clearly larger than the text's, or it is short for a reason other than wrapping: the next line's first
 * word would have fit after it ("Working hours and leave" / "The standard working week is 37.5 hours."),
 * where a wrapped line ends only because that word did not fit.
 */
function headingAbove(prev: Line, line: Line, textWidth: number): boolean {
  if (!/^[\p{Lu}\p{N}"“‘(]/u.test(line.text)) return false;
  // A larger font starts a heading whatever ends the line above it.
  if (line.size > prev.size * 1.15) return true;
  if (CLOSES.test(prev.text) || ENDS_MID_CLAUSE.test(prev.text) || !/^[\p{Lu}\p{N}]/u.test(prev.text)) return false;
  if (prev.size > line.size * 1.15) return true;
  if (prev.text.split(' ').length > 12 || line.text.length === 0) return false;
  const perChar = line.width / line.text.length;
  const firstWord = (line.text.split(' ')[0] ?? '').length * perChar;
  return prev.width + perChar + firstWord < textWidth * 0.85;
}

function toLines(items: readonly TextItemLike[]): Line[] {
  const lines: Line[] = [];
  let text = '';
  let y = 0;
  let size = 0;
  let startX = 0;
  let endX = 0;
  let lastChar = '';
  let open = false;
  const flush = () => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean) lines.push({ text: clean, y, size, width: Math.max(0, endX - startX) });
    text = '';
    open = false;
  };
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const t = item.transform;
    if (!item.str || !t) {
      // Empty items mark line ends (hasEOL) but carry no reliable position.
      if (item.hasEOL && open) flush();
      continue;
    }
    const x = t[4] ?? 0;
    const itemY = t[5] ?? 0;
    const itemSize = Math.abs(item.height || t[3] || t[0] || 10);
    if (open && Math.abs(itemY - y) > Math.max(size, itemSize) * 0.5) flush();
    if (!open) {
      text = item.str;
      y = itemY;
      size = itemSize;
      startX = x;
      open = true;
    } else {
      // Items of one line may split words; a gap wider than a fraction of the font size is a space.
      const gap = x - endX;
      // The last character is kept aside: a regex over the growing line would read it whole for every item.
      if (gap > itemSize * 0.15 && !/\s/.test(lastChar) && !/^\s/.test(item.str)) text += ' ';
      text += item.str;
      size = Math.max(size, itemSize);
    }
    lastChar = item.str.slice(-1);
    endX = x + (item.width ?? 0);
    if (item.hasEOL) flush();
  }
  if (open) flush();
  return lines;
}

/** Gap above which two lines belong to different paragraphs: well over the page's median line spacing. */
function paragraphGap(lines: Line[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = (lines[i - 1] as Line).y - (lines[i] as Line).y;
    if (gap > 0) gaps.push(gap);
  }
  const fontSize = lines.reduce((m, l) => Math.max(m, l.size), 0) || 10;
  if (gaps.length < 3) return fontSize * 1.7;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] as number;
  return median * 1.4;
}

/** Title case or capitals: every word of four letters or more capitalised, 2–12 words, no closing stop. */
export function looksLikeTitle(line: string): boolean {
  const words = line.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 12 || /[.!?…:;,]["'”’)\]]*$/u.test(line)) return false;
  const long = words.filter((w) => /^\p{L}{4,}/u.test(w));
  return long.length >= 2 && long.every((w) => /^\p{Lu}/u.test(w));
}
