import { describe, expect, it } from 'vitest';
import { answerFromPassages, type RetrievedPassage } from '../../../src/engines/filechat';

/** A .docx page as the reader writes it: paragraphs, then a table with one " | "-joined line per row. */
const TRAVEL: RetrievedPassage[] = [
  {
    page: 6,
    heading: 'Travel and expenses',
    score: 0.4,
    content: [
      'Travel and expenses',
      'Hotel and meal costs are reimbursed up to the daily limits in the table below.',
      'City | Hotel per night | Meals per day',
      'Seattle | $240 | $79',
      'Denver | $190 | $68',
      'Boston | $260 | $82',
    ].join('\n'),
  },
  { page: 5, score: 0.6, content: 'Remote workers receive an internet allowance of $40 per month and a home office stipend of $600.' },
];

describe('answerFromPassages over a table', () => {
  it('reads a row with its column names, so the row a question names answers rather than the header row alone', () => {
    const result = answerFromPassages('What is the meal allowance per day in Denver?', TRAVEL);
    // The answer names the columns; the excerpt quotes the row as the document has it.
    expect(result.answer).toContain('City: Denver; Hotel per night: $190; Meals per day: $68');
    expect(result.sources[0]!.page).toBe(6);
    expect(result.sources[0]!.excerpt).toContain('Denver | $190 | $68');
    expect(result.answer).not.toContain('Seattle');
  });

  it('does not let a row answer on its column names alone', () => {
    const result = answerFromPassages('How much is the hotel per night?', TRAVEL);
    expect(result.answer).not.toMatch(/Seattle|Denver|Boston/);
  });
});
