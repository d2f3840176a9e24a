import type { DocxBlock, Passage, PdfPage } from './types';

/**
 * Upper bound on a PDF or .docx passage's content: small enough to quote and
 * to rank precisely, large enough to hold a paragraph. CSV passages are sized
 * in rows instead (CSV_ROWS_PER_PASSAGE), whatever their length.
 */
export const PASSAGE_MAX_CHARS = 800;

/** CSV passages cover aligned runs of this many data rows: 1-20, 21-40, … */
export const CSV_ROWS_PER_PASSAGE = 20;

/** A piece of text that is never split further, and what joins it to the piece before it. */
interface Unit {
  text: string;
  separator: string;
  /** First piece of a paragraph too long for one passage: it starts a passage rather than topping up the previous one. */
  fresh?: boolean;
}

let sentences: Intl.Segmenter | undefined;

/** Sentence boundaries from ICU, which knows "e.g. this" is not a sentence end. */
function splitSentences(text: string): string[] {
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  return [...sentences.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

/** Greedy word wrap at `cap`; a "word" longer than the cap (a URL, base64) is cut. */
function splitWords(text: string, cap: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > cap) {
      if (current) pieces.push(current);
      current = '';
      pieces.push(word.slice(0, cap));
      word = word.slice(cap);
    }
    if (!word) continue;
    if (current && current.length + 1 + word.length > cap) {
      pieces.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** A paragraph as units: whole if it fits, else its sentences, and an over-long sentence as runs of words. */
function paragraphUnits(text: string, separator: string, cap = PASSAGE_MAX_CHARS): Unit[] {
  if (text.length <= cap) return [{ text, separator }];
  const pieces = splitSentences(text).flatMap((s) => (s.length <= cap ? [s] : splitWords(s, cap)));
  return pieces.map((piece, i) => (i === 0 ? { text: piece, separator, fresh: true } : { text: piece, separator: ' ' }));
}

/** Fills passages with whole units, in order, up to the cap. */
function pack(units: Unit[], cap = PASSAGE_MAX_CHARS): string[] {
  const out: string[] = [];
  let current = '';
  for (const unit of units) {
    if (!current) current = unit.text;
    else if (!unit.fresh && current.length + unit.separator.length + unit.text.length <= cap) {
      current += unit.separator + unit.text;
    } else {
      out.push(current);
      current = unit.text;
    }
  }
  if (current) out.push(current);
  return out;
}

/** A PDF page's passages: paragraphs packed up to the cap, never crossing into another page. */
export function pagePassages(page: PdfPage): Passage[] {
  const units = page.text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => paragraphUnits(p, '\n'));
  return pack(units).map((content) => ({ page: page.page, content }));
}

/**
 * A .docx's passages. A heading starts a new passage (and is its first line);
 * a new page starts one too. Between those, consecutive blocks are packed up
 * to the cap. Every passage carries the nearest heading above it. Table rows
 * are never split unless a single row is longer than the cap (a whole page
 * laid out in one cell), which is then split like a paragraph.
 */
export function blockPassages(blocks: DocxBlock[]): Passage[] {
  const passages: Passage[] = [];
  let heading: string | undefined;
  let page = 0;
  let units: Unit[] = [];
  const flush = () => {
    for (const content of pack(units)) {
      passages.push(heading === undefined ? { page, content } : { page, heading, content });
    }
    units = [];
  };
  for (const block of blocks) {
    const text = block.text.trim();
    if (!text) continue;
    if (block.kind === 'heading' || block.page !== page) flush();
    page = block.page;
    if (block.kind === 'heading') {
      heading = text;
      units.push({ text, separator: '\n' });
    } else if (block.kind === 'table') {
      for (const row of text.split('\n')) units.push(...paragraphUnits(row, '\n'));
    } else {
      units.push(...paragraphUnits(text, '\n'));
    }
  }
  flush();
  return passages;
}

/**
 * CSV passages: one per aligned block of CSV_ROWS_PER_PASSAGE data rows, so a
 * row's passage is the same however the file was batched. `page` is the
 * first row's number and `rowEnd` the last's; each line is one row as
 * "column: value" pairs (empty cells left out).
 */
export function rowPassages(header: string[], rows: string[][], firstRowNumber: number): Passage[] {
  if (!Number.isInteger(firstRowNumber) || firstRowNumber < 1 || (firstRowNumber - 1) % CSV_ROWS_PER_PASSAGE !== 0) {
    throw new RangeError(`rowPassages needs batches starting at 1 + a multiple of ${CSV_ROWS_PER_PASSAGE}, got row ${firstRowNumber}`);
  }
  const passages: Passage[] = [];
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_PASSAGE) {
    const chunk = rows.slice(start, start + CSV_ROWS_PER_PASSAGE);
    const content = chunk
      .map((row) =>
        row
          .map((cell, i) => [header[i] ?? `column ${i + 1}`, cell.replace(/\s*[\r\n]+\s*/g, ' ').trim()] as const)
          .filter(([, cell]) => cell !== '')
          .map(([name, cell]) => `${name}: ${cell}`)
          .join(', '),
      )
      .join('\n');
    if (!content.trim()) continue;
    const page = firstRowNumber + start;
    passages.push({ page, rowEnd: page + chunk.length - 1, content });
  }
  return passages;
}
