import { describe, expect, it } from 'vitest';
import { describeCsvPlan, planCsvQuestion, type CsvFilter, type CsvPlan, type CsvTable } from '../../../src/engines/filechat';

/** Two yes/no columns (no `values` list, as ingestion records them) beside text and numeric ones. */
const EMPLOYEES: CsvTable = {
  header: ['name', 'department', 'salary', 'start_year', 'remote', 'full_time'],
  rowCount: 80,
  columns: [
    { name: 'name', type: 'text' },
    { name: 'department', type: 'text', values: ['Engineering', 'Finance', 'Sales', 'Marketing'] },
    { name: 'salary', type: 'integer' },
    { name: 'start_year', type: 'integer' },
    { name: 'remote', type: 'boolean' },
    { name: 'full_time', type: 'boolean' },
  ],
};

const col = (name: string): number => {
  const i = EMPLOYEES.header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};

function plan(aggregate: CsvPlan['aggregate'], column?: string, filters: [string, CsvFilter['op'], string][] = [], groupBy?: string): CsvPlan {
  const out: CsvPlan = { aggregate, filters: filters.map(([c, op, value]) => ({ column: col(c), op, value })) };
  if (column !== undefined) out.column = col(column);
  if (groupBy !== undefined) out.groupBy = col(groupBy);
  return out;
}

const REMOTE: [string, 'eq', string] = ['remote', 'eq', 'true'];
const NOT_REMOTE: [string, 'eq', string] = ['remote', 'eq', 'false'];

describe('planCsvQuestion: yes/no columns are conditions', () => {
  it.each<[string, CsvPlan]>([
    // The column by its name or its adverb.
    ['How many employees work remotely?', plan('count', undefined, [REMOTE])],
    ['How many employees are remote?', plan('count', undefined, [REMOTE])],
    ['How many remote employees are there?', plan('count', undefined, [REMOTE])],
    ['What is the average salary of remote employees?', plan('avg', 'salary', [REMOTE])],
    ['What is the highest salary among remote employees?', plan('max', 'salary', [REMOTE])],
    ['List remote employees in Finance', plan('rows', undefined, [REMOTE, ['department', 'eq', 'Finance']])],
    // Two words of a header, hyphenated or not, in question order with a text value.
    [
      'How many full-time employees are in Engineering?',
      plan('count', undefined, [
        ['full_time', 'eq', 'true'],
        ['department', 'eq', 'Engineering'],
      ]),
    ],
    [
      'How many full time employees are in Engineering?',
      plan('count', undefined, [
        ['full_time', 'eq', 'true'],
        ['department', 'eq', 'Engineering'],
      ]),
    ],
    ['What is the average start year of full-time employees?', plan('avg', 'start_year', [['full_time', 'eq', 'true']])],
    // With numeric comparisons and a grouping.
    ['How many remote employees started after 2018?', plan('count', undefined, [REMOTE, ['start_year', 'gt', '2018']])],
    ['What is the total salary per department for remote employees?', plan('sum', 'salary', [REMOTE], 'department')],
    ['Which department has the most remote employees?', plan('count', undefined, [REMOTE], 'department')],
    ['How many employees in each department work remotely?', plan('count', undefined, [REMOTE], 'department')],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toEqual(expected);
  });
});

describe('planCsvQuestion: negated yes/no columns', () => {
  it.each<[string, CsvPlan]>([
    ['How many employees are not remote?', plan('count', undefined, [NOT_REMOTE])],
    ["How many employees don't work remotely?", plan('count', undefined, [NOT_REMOTE])],
    ["How many employees doesn't work remotely?", plan('count', undefined, [NOT_REMOTE])],
    ["How many employees aren't remote?", plan('count', undefined, [NOT_REMOTE])],
    ['How many employees never work remotely?', plan('count', undefined, [NOT_REMOTE])],
    ['How many non-remote employees?', plan('count', undefined, [NOT_REMOTE])],
    ['What is the average salary of employees who are not remote?', plan('avg', 'salary', [NOT_REMOTE])],
    // Opposites name the column too.
    ['How many on-site employees are there?', plan('count', undefined, [NOT_REMOTE])],
    ['How many employees work in office?', plan('count', undefined, [NOT_REMOTE])],
    ['How many part-time employees?', plan('count', undefined, [['full_time', 'eq', 'false']])],
    // Each negation reaches its own column only.
    ['How many employees are remote and not full-time?', plan('count', undefined, [REMOTE, ['full_time', 'eq', 'false']])],
    ['How many employees are neither remote nor full-time?', plan('count', undefined, [NOT_REMOTE, ['full_time', 'eq', 'false']])],
    ['How many employees not in Engineering work remotely?', plan('count', undefined, [['department', 'ne', 'Engineering'], REMOTE])],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toEqual(expected);
  });
});

describe('planCsvQuestion: yes/no values said outright', () => {
  it.each<[string, CsvPlan]>([
    ['How many employees have remote set to yes?', plan('count', undefined, [REMOTE])],
    ['How many employees where remote is no', plan('count', undefined, [NOT_REMOTE])],
    ['Count rows where remote = true', plan('count', undefined, [REMOTE])],
    ['How many employees have the remote flag set to false?', plan('count', undefined, [NOT_REMOTE])],
    ['How many employees have full time set to no', plan('count', undefined, [['full_time', 'eq', 'false']])],
    ['show rows where remote is not yes', plan('rows', undefined, [NOT_REMOTE])],
    // A negation before the name and a value after it: the value said wins.
    ['average salary where remote is yes', plan('avg', 'salary', [REMOTE])],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toEqual(expected);
  });

  it('reads like the executor: always eq with "true" or "false"', () => {
    expect(describeCsvPlan(planCsvQuestion('How many employees are not remote?', EMPLOYEES)!, EMPLOYEES)).toBe('count of rows where remote = false');
  });
});

describe('planCsvQuestion: grouping by a yes/no column', () => {
  it.each<[string, CsvPlan]>([
    ['Average salary by remote', plan('avg', 'salary', [], 'remote')],
    ['How many employees by remote status?', plan('count', undefined, [], 'remote')],
    ['average salary for each remote status', plan('avg', 'salary', [], 'remote')],
    ['count employees grouped by full time', plan('count', undefined, [], 'full_time')],
    // Grouped by one, filtered by the other.
    ['average salary by remote for full-time employees', plan('avg', 'salary', [['full_time', 'eq', 'true']], 'remote')],
  ])('%s', (question, expected) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toEqual(expected);
  });

  it('reads "each remote employee" and "which remote employee" as a condition, not a grouping', () => {
    expect(planCsvQuestion('Which remote employee has the highest salary?', EMPLOYEES)).toEqual(plan('max', 'salary', [REMOTE]));
    expect(planCsvQuestion('What is the average salary of each remote employee?', EMPLOYEES)).toEqual(plan('avg', 'salary', [REMOTE]));
  });
});

describe('planCsvQuestion: yes/no questions it refuses', () => {
  it.each([
    // One column cannot be yes and no at once.
    'How many employees are remote or not remote?',
    'What is the average salary for remote and on-site employees?',
    'average salary of remote vs on-site employees',
  ])('has no plan for %j', (question) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toBeNull();
  });
});

describe('planCsvQuestion: yes/no headers of other shapes', () => {
  const STAFF: CsvTable = {
    header: ['Employee ID', 'Name', 'Department', 'Salary', 'Start Year', 'Remote'],
    rowCount: 80,
    columns: [
      { name: 'Employee ID', type: 'text' },
      { name: 'Name', type: 'text' },
      { name: 'Department', type: 'text', values: ['Engineering', 'Sales'] },
      { name: 'Salary', type: 'integer' },
      { name: 'Start Year', type: 'integer' },
      { name: 'Remote', type: 'boolean' },
    ],
  };

  it('matches a capitalised header as the eval employee list has it', () => {
    expect(planCsvQuestion('How many employees work remotely?', STAFF)).toEqual({ aggregate: 'count', filters: [{ column: 5, op: 'eq', value: 'true' }] });
  });

  it('takes the first word of a longer header ("Is Remote", "Remote Worker"), not any word of it', () => {
    const isRemote: CsvTable = { ...STAFF, header: [...STAFF.header.slice(0, 5), 'Is Remote'] };
    expect(planCsvQuestion('How many employees are remote?', isRemote)).toEqual({ aggregate: 'count', filters: [{ column: 5, op: 'eq', value: 'true' }] });
    expect(planCsvQuestion("How many employees don't work remotely?", isRemote)).toEqual({
      aggregate: 'count',
      filters: [{ column: 5, op: 'eq', value: 'false' }],
    });
    const remoteWorker: CsvTable = { ...STAFF, header: [...STAFF.header.slice(0, 5), 'Remote Worker'] };
    expect(planCsvQuestion('What is the average salary of remote employees?', remoteWorker)).toEqual({
      aggregate: 'avg',
      column: 3,
      filters: [{ column: 5, op: 'eq', value: 'true' }],
    });
    // "time" is a word of `full_time` but not its first: "a long time" is no condition on it.
    expect(planCsvQuestion('How many employees have been here a long time?', EMPLOYEES)).toEqual(plan('count'));
  });

  it('leaves text columns that hold yes/no words alone', () => {
    const survey: CsvTable = {
      header: ['respondent', 'answer'],
      rowCount: 10,
      columns: [
        { name: 'respondent', type: 'text' },
        { name: 'answer', type: 'text', values: ['Yes', 'No'] },
      ],
    };
    expect(planCsvQuestion('How many rows have answer Yes?', survey)).toEqual({ aggregate: 'count', filters: [{ column: 1, op: 'eq', value: 'Yes' }] });
  });
});

describe('planCsvQuestion: a named column the plan would drop', () => {
  it.each([
    'How many employees have a salary?',
    'How many employees have a start year?',
    'What is the total salary of the department?',
    'What is the average salary for start year?',
    'average salary by remote status and department',
  ])('has no plan for %j', (question) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toBeNull();
  });

  it.each<[string, CsvPlan]>([
    // What is counted is the subject, not a dropped column; a text column counted is its distinct values.
    ['How many departments are there?', { aggregate: 'count', filters: [], groupBy: 1 }],
    ['What is the number of names?', plan('count')],
    // A minimum or maximum answers with its row, which names the text column asked about.
    ['Which name has the highest salary?', plan('max', 'salary')],
    ['What is the name of the employee with the highest salary', plan('max', 'salary')],
    // Listed rows show every column.
    ['Show the salary of remote employees', plan('rows', undefined, [REMOTE])],
  ])('still plans %j', (question, expected) => {
    expect(planCsvQuestion(question, EMPLOYEES)).toEqual(expected);
  });

  it('cannot see a condition no header names (known limit): "happy" is counted over every row', () => {
    expect(planCsvQuestion('How many employees are happy?', EMPLOYEES)).toEqual(plan('count'));
  });
});
