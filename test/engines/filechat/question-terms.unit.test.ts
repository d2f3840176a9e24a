import { describe, expect, it } from 'vitest';
import { clip, questionTerms, splitSentences, stem } from '../../../src/engines/filechat';

describe('questionTerms', () => {
  it('keeps the content words, lowercased, once each, in order', () => {
    expect(questionTerms('What does the Report say about Revenue and revenue growth?')).toEqual(['report', 'revenue', 'growth']);
    expect(questionTerms('How many employees work in Lisbon?')).toEqual(['employees', 'work', 'lisbon']);
    expect(questionTerms('Which products did they list, and when? Tell me, show me.')).toEqual(['products']);
  });

  it('keeps numbers and hyphenated words whole, and drops possessives and contractions', () => {
    expect(questionTerms("What's the company's long-term plan for COVID-19 in 2,000 cities or 3.5%?")).toEqual([
      'company',
      'long-term',
      'plan',
      'covid-19',
      '2,000',
      'cities',
      '3.5',
    ]);
    expect(questionTerms("Why didn't the May shipment reach the US?")).toEqual(['may', 'shipment', 'reach', 'us']);
  });

  it('has nothing to say for a question of function words only', () => {
    expect(questionTerms('What is it?')).toEqual([]);
    expect(questionTerms('')).toEqual([]);
  });
});

describe('stem', () => {
  it('stems words with Porter, numbers by dropping digit grouping, compounds by part', () => {
    expect(stem('Revenues')).toBe(stem('revenue'));
    expect(stem('employed')).toBe(stem('employ'));
    expect(stem('running')).toBe('run');
    expect(stem('2,000')).toBe('2000');
    expect(stem('3.5')).toBe('3.5');
    expect(stem('long-terms')).toBe('long-term');
  });
});

describe('splitSentences', () => {
  it('ends sentences at stops but not after abbreviations, initials or inside decimals', () => {
    expect(splitSentences('Dr. Smith paid $3.50, i.e. a fee. J. Doe agreed. Prices rose in the U.S. and Canada! Was it 2.5? Yes.').map((s) => s.text)).toEqual([
      'Dr. Smith paid $3.50, i.e. a fee.',
      'J. Doe agreed.',
      'Prices rose in the U.S. and Canada!',
      'Was it 2.5?',
      'Yes.',
    ]);
  });

  it('starts a sentence at every bullet and numbered item, without the marker', () => {
    expect(splitSentences('Bring:\n• a tent\n- two lamps\n1. The map\n2) A compass\n•\nspare socks').map((s) => s.text)).toEqual([
      'Bring:',
      'a tent',
      'two lamps',
      'The map',
      'A compass',
      'spare socks',
    ]);
  });

  it('joins wrapped lines, keeps short unpunctuated lines apart as headings, and table rows apart', () => {
    const sentences = splitSentences(
      'Results\nThe trial enrolled 240 patients across\nnine hospitals in\nthree countries.\nName | Dose | Result\nA | 5 mg | good',
    );
    expect(sentences).toEqual([
      { text: 'Results', heading: true },
      { text: 'The trial enrolled 240 patients across nine hospitals in three countries.', heading: false },
      { text: 'Name | Dose | Result', heading: false },
      { text: 'A | 5 mg | good', heading: false },
    ]);
  });

  it('does not treat a last line as a heading: there is nothing below it to label', () => {
    expect(splitSentences('Appendix A')).toEqual([{ text: 'Appendix A', heading: false }]);
  });
});

describe('clip', () => {
  it('leaves short text alone but collapses whitespace', () => {
    expect(clip('  a  b\n c ')).toBe('a b c');
  });

  it('cuts at a word boundary with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(100).trim();
    const cut = clip(text, 23);
    expect(cut).toBe('word word word word…');
    expect(cut.length).toBeLessThanOrEqual(23);
    expect(clip('x'.repeat(400)).length).toBe(300);
  });
});
