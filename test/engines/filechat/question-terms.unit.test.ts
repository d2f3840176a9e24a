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

  it('keeps a heading of any case apart from the sentence below it (issue 28)', () => {
    expect(splitSentences('Working hours and leave\nThe standard working week is 37.5 hours.')).toEqual([
      { text: 'Working hours and leave', heading: true },
      { text: 'The standard working week is 37.5 hours.', heading: false },
    ]);
    // Six to twelve words: not glued on (a wrapped line would end mid-clause or be followed by lowercase)…
    expect(splitSentences('Expenses, travel claims and company cars for staff\nClaims are paid within 30 days.').map((s) => s.text)).toEqual([
      'Expenses, travel claims and company cars for staff',
      'Claims are paid within 30 days.',
    ]);
    // …while a wrapped line still joins the next.
    expect(splitSentences('The board met on the first Monday of\nMarch and agreed the budget.').map((s) => s.text)).toEqual([
      'The board met on the first Monday of March and agreed the budget.',
    ]);
  });

  it('makes the heading the document marks (a .docx heading) a heading, however long', () => {
    const heading = 'Expenses, travel claims, company cars and other benefits for all staff';
    expect(splitSentences(`${heading}\nClaims are paid within 30 days of receipt.`, heading)).toEqual([
      { text: heading, heading: true },
      { text: 'Claims are paid within 30 days of receipt.', heading: false },
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
