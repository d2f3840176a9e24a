/**
 * The engine's intermediate form of a text between passes: lines (paragraphs, or the title) of sentence
 * strings, each line remembering the line break(s) after it, so modes and tones can work sentence by
 * sentence and the layout survives.
 */
export interface TextLine {
  sentences: string[];
  /** Line break(s) after the line: `\n\n` between paragraphs, `\n` after a title in a list, '' at the end. */
  after: string;
}

export type TextLines = TextLine[];

export function renderLines(lines: TextLines): string {
  return lines
    .map((line) => line.sentences.join(' ') + line.after)
    .join('')
    .trimEnd();
}
