import { describe, expect, it } from 'vitest';
import { answerFromPassages, NO_ANSWER, type RetrievedPassage } from '../../../src/engines/filechat';
import { REPORT } from './corpus';

describe('answerFromPassages', () => {
  const cases: [question: string, page: number, answer: string][] = [
    ['When was Northwind founded?', 1, 'Northwind Traders was founded in 1998 by Dr. Maria Alvarez in Lisbon, Portugal.'],
    ['What was the total revenue in 2023?', 2, 'Total revenue for 2023 was $48.2 million, an increase of 12 percent over 2022.'],
    ['How many people does the company employ?', 3, 'At year end the company employed 412 people, of whom 58 work at the Lisbon headquarters.'],
    ['What percentage of energy comes from renewable electricity?', 4, 'Renewable electricity covers 64% of the energy used by our warehouses.'],
    ['Can I return fresh cheese?', 5, 'Perishable goods cannot be returned, e.g. fresh cheese and cured meats, unless they arrive damaged.'],
    ['Where will the new distribution centre open?', 6, 'The company plans to open a distribution centre in Madrid in the second half of 2024.'],
    ['What revenue growth is expected for 2024?', 6, 'For 2024 the board expects revenue growth of 8 to 10 percent.'],
    ['How many days of paid leave do employees get?', 3, 'Employees receive 25 days of paid leave per year.'],
    ['What was the net profit?', 2, 'Net profit was $6.1 million, i.e. a margin of 12.7%.'],
    ['Are the delivery vans electric?', 4, 'All delivery vans in Lisbon and Porto are electric since March 2022.'],
    ['How many countries does Northwind sell to?', 1, 'The company sells specialty foods to restaurants and grocers in 14 countries.'],
    ['What does the report say about packaging waste?', 4, 'Packaging waste was cut by a third compared with 2020.'],
  ];

  it.each(cases)('%s → page %i', (question, page, answer) => {
    const result = answerFromPassages(question, REPORT);
    expect(result.answer).toBe(answer);
    expect(result.sources).toEqual([{ page, excerpt: answer }]);
  });

  it('lets a heading line answer for the first sentence below it, without quoting the heading', () => {
    const result = answerFromPassages('What is the refund policy?', REPORT);
    expect(result.answer).toBe('Customers may return unopened goods within 30 days of delivery for a full refund.');
    expect(result.sources.map((s) => s.page)).toEqual([5]);
  });

  it('never glues a heading onto a sentence; a heading that says more than the question may answer alone (issue 28)', () => {
    const passages: RetrievedPassage[] = [
      {
        page: 1,
        score: 1,
        content:
          'City of Riverton Annual Report 2025\nA message from Mayor Elena Vasquez\nThis report covers fiscal year 2025.\nWorking hours and leave\nThe standard working week is 37.5 hours.',
      },
    ];
    expect(answerFromPassages('How long is the standard working week?', passages).answer).toBe('The standard working week is 37.5 hours.');
    const mayor = answerFromPassages('Who is the mayor?', passages);
    expect(mayor.answer).toBe('A message from Mayor Elena Vasquez');
    expect(mayor.sources).toEqual([{ page: 1, excerpt: 'A message from Mayor Elena Vasquez' }]);
  });

  it('says it found nothing, with no sources, when no sentence shares a word with the question', () => {
    expect(answerFromPassages('What is the capital of France?', REPORT)).toEqual({ answer: NO_ANSWER, sources: [] });
    expect(answerFromPassages('What is it?', REPORT)).toEqual({ answer: NO_ANSWER, sources: [] });
    expect(answerFromPassages('When was Northwind founded?', [])).toEqual({ answer: NO_ANSWER, sources: [] });
  });

  it('joins close runners-up in document order within a passage, and cites each passage once, most relevant first', () => {
    const passages: RetrievedPassage[] = [
      { page: 7, score: 0.5, content: 'Bees pollinate almond trees. Almond orchards rent bee hives every spring. Rain is rare.' },
      { page: 8, score: 0.9, content: 'Wild bees also pollinate almond blossoms when hives are scarce.' },
    ];
    const result = answerFromPassages('Which bees pollinate almond trees?', passages);
    expect(result.answer).toBe('Bees pollinate almond trees. Wild bees also pollinate almond blossoms when hives are scarce.');
    expect(result.sources).toEqual([
      { page: 7, excerpt: 'Bees pollinate almond trees.' },
      { page: 8, excerpt: 'Wild bees also pollinate almond blossoms when hives are scarce.' },
    ]);
    const one = answerFromPassages('Which bees pollinate almond trees?', passages, { maxSentences: 1 });
    expect(one.answer).toBe('Bees pollinate almond trees.');
    expect(one.sources).toHaveLength(1);
  });

  it("keeps a passage's chosen sentences in the order the document has them", () => {
    const passages: RetrievedPassage[] = [
      { page: 2, score: 1, content: 'The well pump runs on solar power. It was installed in 2019. The solar pump fills the water tank by noon.' },
    ];
    // The third sentence scores best (it has "solar pump" as a phrase), yet the answer reads in the document's order.
    expect(answerFromPassages('What does the solar pump do?', passages, { maxSentences: 1 }).answer).toBe('The solar pump fills the water tank by noon.');
    const result = answerFromPassages('What does the solar pump do?', passages);
    expect(result.answer).toBe('The well pump runs on solar power. The solar pump fills the water tank by noon.');
    expect(result.sources).toEqual([{ page: 2, excerpt: result.answer }]);
  });

  it('prefers the sentence with a figure when a figure is asked for', () => {
    const passages: RetrievedPassage[] = [
      { page: 1, score: 1, content: 'The museum welcomes visitors all year. The museum had 120,000 visitors last season.' },
    ];
    expect(answerFromPassages('How many visitors did the museum have?', passages, { maxSentences: 1 }).answer).toBe(
      'The museum had 120,000 visitors last season.',
    );
    expect(answerFromPassages('Does the museum welcome visitors?', passages, { maxSentences: 1 }).answer).toBe('The museum welcomes visitors all year.');
  });

  it('prefers the passage retrieval ranked higher when sentences tie', () => {
    const passages: RetrievedPassage[] = [
      { page: 3, score: 0.2, content: 'The valve must be checked monthly.' },
      { page: 9, score: 0.8, content: 'The valve must be checked weekly.' },
    ];
    const result = answerFromPassages('How often must the valve be checked?', passages, { maxSentences: 1 });
    expect(result.sources.map((s) => s.page)).toEqual([9]);
  });

  it("rewards the question's words side by side (a phrase) over the same words apart", () => {
    const passages: RetrievedPassage[] = [
      { page: 1, score: 0.5, content: 'Interest on the loan is paid monthly, and the exchange rate is fixed.' },
      { page: 2, score: 0.5, content: 'The interest rate on the loan is 4.5 percent.' },
    ];
    const result = answerFromPassages('What is the interest rate on the loan?', passages, { maxSentences: 1 });
    expect(result.answer).toBe('The interest rate on the loan is 4.5 percent.');
  });

  it('splits sentences at stops, newlines and bullets but not at abbreviations or decimals', () => {
    const passages: RetrievedPassage[] = [
      {
        page: 4,
        score: 1,
        content:
          'Dr. Smith measured 3.5 litres, e.g. in the U.S. lab. Mr. Jones disagreed.\nMeasured volumes\n• The tank holds 12 litres\n• The spare tank holds 4 litres',
      },
    ];
    expect(answerFromPassages('How many litres did Smith measure?', passages, { maxSentences: 1 }).answer).toBe(
      'Dr. Smith measured 3.5 litres, e.g. in the U.S. lab.',
    );
    expect(answerFromPassages('What does the spare tank hold?', passages, { maxSentences: 1 }).answer).toBe('The spare tank holds 4 litres');
  });

  it('joins lines a PDF wrapped mid-sentence and collapses their whitespace', () => {
    const passages: RetrievedPassage[] = [
      { page: 2, score: 1, content: 'The committee approved the   new budget for the\nlibrary renovation on 4 May.\n\nOther business was deferred.' },
    ];
    const result = answerFromPassages('When was the library budget approved?', passages);
    expect(result.answer).toBe('The committee approved the new budget for the library renovation on 4 May.');
  });

  it('cuts a long excerpt at a word boundary to 300 characters with an ellipsis, and keeps the answer whole', () => {
    const long = `The warranty covers ${Array.from({ length: 80 }, (_, i) => `part${i}`).join(' ')} for two years.`;
    const result = answerFromPassages('What does the warranty cover?', [{ page: 1, score: 1, content: long }]);
    expect(result.answer).toBe(long);
    const excerpt = result.sources[0]!.excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(long.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(long[excerpt.length - 1]).toBe(' ');
  });

  it('is deterministic', () => {
    const a = answerFromPassages('Who founded the company?', REPORT);
    const b = answerFromPassages('Who founded the company?', [...REPORT]);
    expect(a).toEqual(b);
  });
});

describe('answerFromPassages by meaning', () => {
  it('answers from a sentence that shares no word with the question when it is close in meaning', () => {
    const passages: RetrievedPassage[] = [
      { page: 2, score: 0.5, content: 'The harbour welcomed 310 cargo ships, and the ferry line carried 1.2 million passengers.' },
      { page: 3, score: 0.4, content: 'The police force now counts 212 officers after a recruitment drive in the spring.' },
    ];
    const result = answerFromPassages('How many cops patrol the streets?', passages);
    expect(result.answer).toBe('The police force now counts 212 officers after a recruitment drive in the spring.');
    expect(result.sources[0]!.page).toBe(3);
  });
});
