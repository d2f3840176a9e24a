import { describe, expect, it } from 'vitest';
import { standaloneQuestion } from '../../../src/engines/filechat/follow-up';
import { percentFraction, percentileName } from '../../../src/engines/filechat/csv-percentiles';
import { csvRefusal } from '../../../src/engines/filechat/csv-unplanned';
import type { CsvTable } from '../../../src/engines/filechat/types';

const following = (previous: string, question: string) => standaloneQuestion(question, [{ standalone: previous }]);

describe('standaloneQuestion', () => {
  it('returns the question as asked when there is no earlier turn or it stands on its own', () => {
    expect(standaloneQuestion('and in 2023?', [])).toBe('and in 2023?');
    expect(following('How many members joined in 2022?', 'Who was elected chair of the board?')).toBe('Who was elected chair of the board?');
  });

  it('replaces the previous figure or name with the follow-up’s', () => {
    expect(following('How many members joined in 2022?', 'and in 2023?')).toBe('How many members joined in 2023');
    expect(following('What is the population of Bergen?', 'What about Oslo?')).toBe('What is the population of Oslo');
    expect(following('What is the total units in the North region?', 'and the West region?')).toBe('What is the total units in the West region');
  });

  it('carries the earlier subject after a back-reference', () => {
    expect(following('When was the Treaty of Verona concluded?', 'who signed it?')).toBe('who signed it (treaty verona concluded)');
  });
});

describe('percentiles', () => {
  it('moves the decimal point exactly and names the rank', () => {
    expect(['90', '25', '2.5', '100', '99.9'].map(percentFraction)).toEqual(['0.9', '0.25', '0.025', '1', '0.999']);
    expect(['0.9', '0.01', '0.22', '0.33', '0.11', '0.025'].map(percentileName)).toEqual(['90th', '1st', '22nd', '33rd', '11th', '2.5th']);
  });
});

describe('csvRefusal', () => {
  const table: CsvTable = {
    header: ['region', 'share', 'units'],
    rowCount: 3,
    columns: [
      { name: 'region', type: 'text', values: ['East', 'West'] },
      { name: 'share', type: 'number' },
      { name: 'units', type: 'integer' },
    ],
  };
  it('refuses a statistic outright, any other question only over several rows (a one-row lookup is answered)', () => {
    expect(csvRefusal('What is the standard deviation of units?', table)).toMatchObject({
      unlessOneRow: false,
      answer: expect.stringMatching(/standard deviation/),
    });
    expect(csvRefusal('How many units did the East sell in March?', table)).toMatchObject({ unlessOneRow: true, computes: true });
    expect(csvRefusal('Which region is listed first?', table)).toMatchObject({
      unlessOneRow: true,
      answer: expect.stringMatching(/^I cannot compute that exactly/),
    });
    // A column named like a statistic is not one.
    expect(csvRefusal('What is the share of the East?', table)).toMatchObject({ unlessOneRow: true, computes: false });
  });
});
