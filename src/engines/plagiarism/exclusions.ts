/**
 * Parts of a submission a check can leave out of its score, as Copyleaks does: quotations (text in
 * quotation marks is attributed, not passed off) and a trailing references or bibliography section (titles
 * of cited works are copied by nature). Excluded text is blanked rather than cut, so every offset into the
 * text, and so every excerpt, stays the same. Pure.
 */
export type Exclusion = 'quotes' | 'references';
export const EXCLUSIONS: readonly Exclusion[] = ['quotes', 'references'];

export interface CharRange {
  start: number;
  end: number;
}

/**
 * Double quotes (straight, curly, guillemets, German low-high) and curly single quotes; a closing ’ followed
 * by a letter is an apostrophe (don’t) and does not end a single-quoted span. Straight single quotes are
 * not quotations: they are apostrophes far too often.
 */
const QUOTED = /"[^"]*"|“[^“”]*”|„[^„“”]*[“”]|«[^«»]*»|‘[^‘’]*(?:’(?=\p{L})[^‘’]*)*’/gu;
/** A quotation never runs over a paragraph break: that is an unbalanced mark, not a quote. */
const PARAGRAPH_BREAK = /\n[^\S\n]*\n/;

/** A heading line that opens a references section: the name alone on its line, perhaps numbered, marked up or followed by a colon. */
const REFERENCES_HEADING =
  /^[^\S\n]*(?:#{1,6}[^\S\n]*)?(?:(?:\d+|[IVX]+)\.?[^\S\n]+)?(?:references|reference list|bibliography|works cited|literature cited|sources|citations|notes and references)[^\S\n]*:?[^\S\n]*$/gimu;

export function quotedRanges(text: string): CharRange[] {
  const out: CharRange[] = [];
  for (const m of text.matchAll(QUOTED)) {
    if (PARAGRAPH_BREAK.test(m[0])) continue;
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * The trailing references section: from the last references heading to the end, when text comes before
 * the heading and the section is shorter than what precedes it (a "Sources" heading early in a text is a
 * section of the text, not its bibliography).
 */
export function referencesRange(text: string): CharRange | null {
  let last: RegExpMatchArray | undefined;
  for (const m of text.matchAll(REFERENCES_HEADING)) last = m;
  if (!last) return null;
  const start = last.index!;
  if (!/\S/.test(text.slice(0, start))) return null;
  if (text.length - start >= start) return null;
  return { start, end: text.length };
}

export function excludedRanges(text: string, exclude: readonly Exclusion[]): CharRange[] {
  const out: CharRange[] = [];
  if (exclude.includes('quotes')) out.push(...quotedRanges(text));
  if (exclude.includes('references')) {
    const refs = referencesRange(text);
    if (refs) out.push(refs);
  }
  return out;
}

/** `text` with the excluded parts blanked (spaces, line breaks kept): the same length, so offsets still hold. */
export function maskExcluded(text: string, exclude: readonly Exclusion[]): string {
  if (exclude.length === 0) return text;
  const ranges = excludedRanges(text, exclude);
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of ranges) {
    if (r.end <= at) continue;
    const from = Math.max(at, r.start);
    out += text.slice(at, from) + text.slice(from, r.end).replace(/[^\n]/g, ' ');
    at = r.end;
  }
  return out + text.slice(at);
}
