import { describe, expect, it } from 'vitest';
import { planCsvQuestion, type CsvTable } from '../../../src/engines/filechat';

/** Three numeric columns, one of them a period ("Start Year"), none named by "started" or "hired". */
const STAFF: CsvTable = {
  header: ['Employee ID', 'Name', 'Department', 'Salary', 'Start Year', 'Performance Rating'],
  rowCount: 80,
  columns: [
    { name: 'Employee ID', type: 'text' },
    { name: 'Name', type: 'text' },
    { name: 'Department', type: 'text', values: ['Engineering', 'Sales'] },
    { name: 'Salary', type: 'integer' },
    { name: 'Start Year', type: 'integer' },
    { name: 'Performance Rating', type: 'number' },
  ],
};
const SALARY = 3;
const START = 4;

describe('planCsvQuestion: comparisons in time ("after 2018") compare the period column', () => {
  it.each([
    ['How many employees started after 2018?', { aggregate: 'count', filters: [{ column: START, op: 'gt', value: '2018' }] }],
    ['How many people were hired before 2012?', { aggregate: 'count', filters: [{ column: START, op: 'lt', value: '2012' }] }],
    ['how many employees have been here since 2020', { aggregate: 'count', filters: [{ column: START, op: 'gte', value: '2020' }] }],
    // Another numeric column named elsewhere is what is averaged, not what is compared.
    [
      'What is the average salary of employees who joined after 2015?',
      { aggregate: 'avg', column: SALARY, filters: [{ column: START, op: 'gt', value: '2015' }] },
    ],
    [
      'list Engineering employees who started prior to 2010',
      {
        aggregate: 'rows',
        filters: [
          { column: 2, op: 'eq', value: 'Engineering' },
          { column: START, op: 'lt', value: '2010' },
        ],
      },
    ],
    // A column beside the comparison still wins.
    ['How many employees have a start year later than 2021?', { aggregate: 'count', filters: [{ column: START, op: 'gt', value: '2021' }] }],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, STAFF)).toEqual(expected);
  });

  it('still refuses "after 2018" when the table has no single period column to compare', () => {
    const noPeriod: CsvTable = {
      ...STAFF,
      header: STAFF.header.map((h) => (h === 'Start Year' ? 'Tenure' : h)),
      columns: STAFF.columns.map((c, i) => (i === START ? { ...c, name: 'Tenure' } : c)),
    };
    expect(planCsvQuestion('How many employees started after 2018?', noPeriod)).toBeNull();
  });
});
