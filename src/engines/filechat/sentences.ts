import { looksLikeTitle } from '../documents/pdf-text';

/** One sentence of a passage, in the document's own words with whitespace collapsed. */
export interface Sentence {
  text: string;
  /**
   * A short line with no closing punctuation followed by more text ("Refund Policy"): it labels what
   * follows rather than saying anything, so it is context for the sentences below it, not an answer.
   */
  heading: boolean;
}

/** List markers a line may start with: bullets, dashes, `1.` `2)` `(3)`, `a)` `b.`. */
const BULLET = /^(?:[•◦▪▫‣⁃●○■□►▸✓✔*·]|[-–—](?=\s)|\(?\d{1,3}[.)](?=\s)|\(?[a-z][.)](?=\s))\s*/u;
/** A line that ends a sentence, allowing a closing quote or bracket after the stop. */
const ENDS_SENTENCE = /[.!?…:;]["'”’)\]]*$/u;
/** A line that cannot be the end of anything: the next line must continue it. */
const ENDS_MID_CLAUSE = /(?:[,(\-–—/&]|\b(?:and|or|but|nor|of|the|a|an|to|in|for|with|by|on|at|from|as|that|which|than|is|are|was|were))$/iu;
/** Lines of a table as the docx reader writes them: always one row each. */
const TABLE_ROW = / \| /;

/**
 * Stops followed by space: a candidate sentence end. The sentence only ends if what follows starts like
 * a sentence (capital, digit, opening quote or bracket) and the word before is not an abbreviation.
 */
const STOP = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/** Abbreviations almost always followed by a name or number, never ending a sentence. */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'rev',
  'gen',
  'col',
  'capt',
  'lt',
  'sgt',
  'hon',
  'fr',
  'no',
  'nos',
  'fig',
  'figs',
  'eq',
  'eqs',
  'vol',
  'vols',
  'pp',
  'p',
  'ch',
  'sec',
  'art',
  'para',
  'ref',
  'approx',
  'ca',
  'cf',
  'al',
  'vs',
  'viz',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/**
 * The sentences of a passage. Blank lines and list markers always start a new sentence; a single newline
 * does too unless the line was only wrapped (PDF text is broken at the page width, mid-sentence): a line
 * is taken as wrapped when it does not end a sentence and is long, ends mid-clause, or the next line
 * starts in lowercase.
 */
export function splitSentences(content: string, knownHeading?: string): Sentence[] {
  const out: Sentence[] = [];
  const headingLine = knownHeading === undefined ? undefined : collapse(knownHeading);
  for (const block of lineBlocks(content, headingLine)) {
    const heading =
      block.heading || (block.lines === 1 && !block.bullet && !ENDS_SENTENCE.test(block.text) && wordCount(block.text) <= 8 && !TABLE_ROW.test(block.text));
    if (block.heading) {
      out.push({ text: block.text, heading });
      continue;
    }
    for (const text of splitAtStops(block.text)) out.push({ text, heading });
  }
  // A heading with nothing after it in the passage is all there is: let it answer.
  const last = out[out.length - 1];
  if (last?.heading) last.heading = false;
  return out;
}

interface LineBlock {
  text: string;
  lines: number;
  bullet: boolean;
  /** The line is the heading the document marks (a .docx heading style): its own block, nothing joins it. */
  heading?: true;
}

function lineBlocks(content: string, headingLine?: string): LineBlock[] {
  const blocks: LineBlock[] = [];
  let current: LineBlock | undefined;
  let previousLine = '';
  // A marker alone on its line (some PDFs put the bullet glyph on a line of its own) starts the next line's item.
  let markerPending = false;
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = collapse(raw);
    if (!line) {
      current = undefined;
      continue;
    }
    if (line === headingLine) {
      blocks.push({ text: line, lines: 1, bullet: false, heading: true });
      current = undefined;
      markerPending = false;
      previousLine = line;
      continue;
    }
    const marker: RegExpExecArray | null = BULLET.exec(line) ?? (markerPending ? /^/.exec(line) : null);
    const body: string = marker ? line.slice(marker[0].length) : line;
    markerPending = marker !== null && !body;
    if (!body) continue;
    if (current && !marker && isWrapped(previousLine, body)) {
      // A word split at the line's end keeps its hyphen ("well-known" must survive; "manage-ment" is the lesser harm).
      current.text += /\p{L}-$/u.test(current.text) && /^\p{Ll}/u.test(body) ? body : ` ${body}`;
      current.lines += 1;
    } else {
      current = { text: body, lines: 1, bullet: marker !== null };
      blocks.push(current);
    }
    previousLine = body;
  }
  return blocks;
}

function isWrapped(previous: string, next: string): boolean {
  if (TABLE_ROW.test(previous) || TABLE_ROW.test(next)) return false;
  if (ENDS_SENTENCE.test(previous)) return false;
  // A title over a sentence ("Membership Grew During The Spring Season" / "The cooperative admitted…") is a
  // heading however long, not the first half of that sentence.
  if (/^[\p{Lu}\p{N}"“‘(]/u.test(next) && looksLikeTitle(previous)) return false;
  if (/^\p{Ll}/u.test(next) || ENDS_MID_CLAUSE.test(previous)) return true;
  // A long line is taken as wrapped, unless it reads as a heading over a sentence ("Working hours, overtime and
  // annual leave" / "The standard working week…"): the PDF and OCR readers already rejoin wrapped lines, so a
  // line break left between two capitalised lines is one the document made.
  return wordCount(previous) >= 6 && !(wordCount(previous) <= 12 && /^[\p{Lu}\p{N}]/u.test(previous) && /^[\p{Lu}\p{N}"“‘(]/u.test(next));
}

function splitAtStops(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(STOP)) {
    const end = m.index + m[0].trimEnd().length;
    if (m[0].startsWith('.') && isAbbreviation(text.slice(start, m.index))) continue;
    push(out, text.slice(start, end));
    start = m.index + m[0].length;
  }
  push(out, text.slice(start));
  return out;
}

/** Whether the word just before a full stop is an abbreviation ("Dr", "e.g", "U.S", an initial "J"). */
function isAbbreviation(before: string): boolean {
  const word = /(\S+)$/.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase().replace(/^[("'“‘[]+/u, ''))) return true;
  return /^(?:\p{L}\.)+\p{L}$/u.test(word) || /^\p{Lu}$/u.test(word);
}

function push(out: string[], sentence: string): void {
  const text = sentence.trim();
  if (/[\p{L}\p{N}]/u.test(text)) out.push(text);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordCount(text: string): number {
  return text.split(' ').filter(Boolean).length;
}
