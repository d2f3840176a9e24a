import { describe, expect, it } from 'vitest';
import { createNormalizer, excerptOf, excerptRange, type NormalizedText } from '../../../src/engines/plagiarism';

const normalizer = createNormalizer(null);

const SOURCE = 'Cycling history. The story of the bicycle starts in 1817 with a wooden running machine built by Karl Drais in Mannheim.';
const PASSAGE = 'The story of the bicycle starts in 1817 with a wooden running machine built by Karl Drais in Mannheim';

/** The token range of `passage` inside `text` (its first to its last content word) and the source's first token of it. */
function rangeOf(text: string, passage: string) {
  const query = normalizer.normalize(text);
  const source = normalizer.normalize(SOURCE);
  const from = text.indexOf(passage);
  const to = from + passage.length;
  const qStart = query.starts.findIndex((s) => s >= from);
  let qEnd = qStart;
  while (qEnd < query.keys.length && query.ends[qEnd]! <= to) qEnd++;
  const sStart = source.keys.indexOf(query.keys[qStart]!);
  return { query, qStart, qEnd, source: { text: SOURCE, starts: source.starts, ends: source.ends, sStart } };
}

const excerpt = (text: string, passage = PASSAGE) => {
  const { query, qStart, qEnd, source } = rangeOf(text, passage);
  return { withSource: excerptOf(text, query, qStart, qEnd, source), alone: excerptOf(text, query, qStart, qEnd) };
};

describe('excerptOf: an excerpt starts at the matched passage’s first word, stop word or not', () => {
  it('at the start of the text', () => {
    const text = `${PASSAGE}. I wrote the rest myself.`;
    expect(excerpt(text)).toEqual({ withSource: PASSAGE, alone: PASSAGE });
  });

  it('mid-text, after a sentence of the submission’s own', () => {
    const text = `My essay is about transport. ${PASSAGE}. That is all.`;
    expect(excerpt(text)).toEqual({ withSource: PASSAGE, alone: PASSAGE });
  });

  it('after a line break, a heading, a colon or an opening quote', () => {
    expect(excerpt(`Bicycles\n${PASSAGE}.`).withSource).toBe(PASSAGE);
    expect(excerpt(`Bicycles\n\n${PASSAGE}.`).withSource).toBe(PASSAGE);
    expect(excerpt(`As the museum puts it: ${PASSAGE}.`).withSource).toBe(PASSAGE);
    expect(excerpt(`He wrote, “${PASSAGE}.”`).withSource).toBe(PASSAGE);
    expect(excerpt(`(${PASSAGE}.)`).withSource).toBe(PASSAGE);
  });

  it('mid-sentence: only the stop words the source also has before the passage', () => {
    // "that the story…": "the" is the source's too, "that" is not.
    const text = `Everyone agrees that ${PASSAGE.charAt(0).toLowerCase()}${PASSAGE.slice(1)}.`;
    const lower = `the${PASSAGE.slice(3)}`;
    expect(excerpt(text, lower).withSource).toBe(lower);
    // Without the source, every stop word of the clause comes along.
    expect(excerpt(text, lower).alone).toBe(`that ${lower}`);
  });

  it('reports the excerpt’s own character range', () => {
    const text = `My essay is about transport. ${PASSAGE}. That is all.`;
    const { query, qStart, qEnd, source } = rangeOf(text, PASSAGE);
    const { start, end } = excerptRange(text, query, qStart, qEnd, source);
    expect(start).toBe(text.indexOf(PASSAGE));
    expect(end).toBe(text.indexOf(PASSAGE) + PASSAGE.length);
  });

  it('starts at the first content word when no stop word precedes it, and is empty for an empty range', () => {
    const text = `Transport matters. Story of the bicycle starts in 1817 with a wooden running machine.`;
    const query: NormalizedText = normalizer.normalize(text);
    const at = query.keys.indexOf(normalizer.keyOf('story'));
    expect(excerptOf(text, query, at, at + 3)).toBe('Story of the bicycle starts');
    expect(excerptOf(text, query, at, at)).toBe('');
  });
});
