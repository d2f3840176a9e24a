import { describe, expect, it } from 'vitest';
import { maskExcluded, quotedRanges, referencesRange } from '../../../src/engines/plagiarism';

describe('exclusions', () => {
  it('finds straight, curly, low-high, guillemet and curly single quotations, not apostrophes', () => {
    const text = 'He said "stay here" and “go there”, „bleib“ and «reste», then ‘don’t move’ — it’s Tom’s car.';
    const quoted = quotedRanges(text).map((r) => text.slice(r.start, r.end));
    expect(quoted).toEqual(['"stay here"', '“go there”', '„bleib“', '«reste»', '‘don’t move’']);
  });

  it('an unbalanced mark does not swallow the following paragraphs', () => {
    const text = 'He wrote "the first line\n\nand then a whole new paragraph" later.';
    expect(quotedRanges(text)).toEqual([]);
  });

  it('a trailing references section under a heading line, but not a heading early in the text', () => {
    const body = 'Lighthouses guided ships along dangerous coasts for centuries. '.repeat(6);
    for (const heading of ['References', '## Bibliography', 'Works Cited:', '7. References', 'SOURCES']) {
      const text = `${body}\n\n${heading}\nSmith, J. (2001). Coastal lights. Harbour Press.\n`;
      const range = referencesRange(text);
      expect(range, heading).not.toBeNull();
      expect(text.slice(range!.start).trimStart().startsWith(heading)).toBe(true);
      expect(range!.end).toBe(text.length);
    }
    expect(referencesRange(`Sources\n${body}`)).toBeNull();
    expect(referencesRange(`Intro.\nSources\n${body}`)).toBeNull();
    expect(referencesRange(`${body} The references were checked.`)).toBeNull();
  });

  it('masking keeps the length and line breaks, so offsets into the text still hold', () => {
    const text = 'Keep this. "Drop this quote." Keep that.\n\nReferences\nA. Author (1999).\n'.padStart(300, 'x ');
    const masked = maskExcluded(text, ['quotes', 'references']);
    expect(masked.length).toBe(text.length);
    expect(masked).toContain('Keep this.');
    expect(masked).toContain('Keep that.');
    expect(masked).not.toContain('Drop');
    expect(masked).not.toContain('Author');
    expect(masked.split('\n').length).toBe(text.split('\n').length);
    expect(maskExcluded(text, [])).toBe(text);
    expect(maskExcluded(text, ['quotes'])).toContain('Author');
  });
});
