/**
 * Custom columns (spec 001 §2, §3, §5): the spec's texts verbatim, what a new column needs (the popover and the
 * service run the same rules), what a value of each type may be — the answer rules of the question type of the same
 * name — and how it reads, and how the columns are read back from a flow's settings.
 */
import { CreateCustomColumnBody } from '../src/api/flows/custom-columns';
import * as copy from '../src/copy';
import { CUSTOM_COLUMN_TYPES, customColumnsOf, withoutCustomColumns, type CustomColumn } from '../src/entities/custom-column';
import { CUSTOM_COLUMN_NAME_MAX_LENGTH } from '../src/limits';
import {
  checkCustomColumnValue,
  CUSTOM_COLUMN_KINDS,
  customColumnProblems,
  displayCustomColumnValue,
  toSubmissionCustomColumns,
} from '../src/rules/custom-columns';

const stage: CustomColumn = { id: 'c1', name: 'Stage', type: 'Dropdown', options: [{ id: 'o1', label: 'Hot' }, { id: 'o2', label: 'Cold' }] };
const tags: CustomColumn = { id: 'c2', name: 'Tags', type: 'MultiSelect', options: [{ id: 'a', label: 'VIP' }, { id: 'b', label: 'Press' }] };
const of = (type: CustomColumn['type']): CustomColumn => ({ id: 'c', name: 'Column', type });

it("quotes the spec's texts and names the six types as it does", () => {
  expect([copy.customColumns.popoverTitle, copy.customColumns.popoverHint, copy.customColumns.addColumn]).toEqual([
    'Add custom column',
    'Track notes, categories or add a score',
    '+ Add column',
  ]);
  expect([copy.customColumns.provideName, copy.customColumns.optionsRequired]).toEqual(['Provide a column name', 'At least one option is required']);
  expect(CUSTOM_COLUMN_TYPES.map((type) => [type, CUSTOM_COLUMN_KINDS[type].label, CUSTOM_COLUMN_KINDS[type].hasOptions])).toEqual([
    ['ShortAnswer', 'Short text', false],
    ['LongAnswer', 'Long text', false],
    ['NumberInput', 'Number', false],
    ['Checkbox', 'Checkbox', false],
    ['Dropdown', 'Dropdown', true],
    ['MultiSelect', 'Multi-select', true],
  ]);
});

describe('a new column', () => {
  it('needs a name that is not blank, and options for Dropdown and Multi-select', () => {
    expect(customColumnProblems({ name: 'Notes', type: 'ShortAnswer' })).toEqual([]);
    expect(customColumnProblems({ name: ' \t', type: 'ShortAnswer' })).toEqual([{ path: 'name', message: 'Provide a column name' }]);
    expect(customColumnProblems({ name: '', type: 'Dropdown' })).toEqual([
      { path: 'name', message: 'Provide a column name' },
      { path: 'options', message: 'At least one option is required' },
    ]);
    expect(customColumnProblems({ name: 'Tags', type: 'MultiSelect', options: [] })).toEqual([{ path: 'options', message: 'At least one option is required' }]);
    // Options of a type without options do not matter.
    expect(customColumnProblems({ name: 'Score', type: 'NumberInput', options: [{ label: '' }] })).toEqual([]);
  });

  it('refuses blank and repeated option labels, compared trimmed and case-insensitively', () => {
    expect(customColumnProblems({ name: 'Stage', type: 'Dropdown', options: [{ label: 'Hot' }, { label: ' ' }, { label: ' hot ' }] })).toEqual([
      { path: 'options.1.label', message: copy.customColumns.optionBlank },
      { path: 'options.2.label', message: copy.customColumns.optionDuplicate('hot') },
    ]);
  });

  it('is parsed by the call’s body with the same rules, the name trimmed', () => {
    expect(CreateCustomColumnBody.parse({ name: '  Notes ', type: 'LongAnswer' })).toEqual({ name: 'Notes', type: 'LongAnswer' });
    const blank = CreateCustomColumnBody.safeParse({ name: '  ', type: 'Dropdown', options: [] });
    expect(blank.success ? [] : blank.error.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['name', 'Provide a column name'],
      ['options', 'At least one option is required'],
    ]);
    expect(CreateCustomColumnBody.safeParse({ name: 'x'.repeat(CUSTOM_COLUMN_NAME_MAX_LENGTH + 1), type: 'ShortAnswer' }).success).toBe(false);
    expect(CreateCustomColumnBody.safeParse({ name: 'Rank', type: 'Ranking' }).success).toBe(false);
  });
});

describe('a value', () => {
  it.each<[string, CustomColumn, unknown, unknown, string]>([
    ['Short text', of('ShortAnswer'), 'Call back', 'Call back', 'Call back'],
    ['Long text', of('LongAnswer'), 'a\nb', 'a\nb', 'a\nb'],
    ['Number from text', of('NumberInput'), ' 12.5 ', 12.5, '12.5'],
    ['Number', of('NumberInput'), -3, -3, '-3'],
    ['Checkbox checked', of('Checkbox'), true, true, 'Yes'],
    ['Checkbox unchecked', of('Checkbox'), false, false, 'No'],
    ['Dropdown', stage, 'o2', 'o2', 'Cold'],
    ['Multi-select', tags, ['b', 'a'], ['b', 'a'], 'Press, VIP'],
  ])('%s: is taken as its question type takes it, and reads as it reads', (_name, column, value, stored, text) => {
    expect(checkCustomColumnValue(column, value)).toEqual({ ok: true, value: stored });
    expect(displayCustomColumnValue(column, stored)).toBe(text);
  });

  it.each<[string, CustomColumn, unknown, string]>([
    ['Short text', of('ShortAnswer'), 12, copy.answers.invalidText],
    ['Short text too long', of('ShortAnswer'), 'x'.repeat(1001), copy.answers.textTooLong(1000)],
    ['Number', of('NumberInput'), '12 apples', copy.answers.invalidNumber],
    ['Checkbox', of('Checkbox'), 'true', copy.answers.invalidBoolean],
    ['Dropdown label', stage, 'Hot', copy.answers.invalidOption],
    ['Dropdown list', stage, ['o1'], copy.answers.invalidOption],
    ['Multi-select repeat', tags, ['a', 'a'], copy.answers.duplicateOption],
    ['Multi-select unknown', tags, ['z'], copy.answers.invalidOption],
  ])('%s: is refused with its question type’s message', (_name, column, value, message) => {
    expect(checkCustomColumnValue(column, value)).toEqual({ ok: false, message });
  });

  it('clears the cell when empty, of any type', () => {
    for (const value of [null, undefined, '', '   ', []]) {
      for (const column of [of('ShortAnswer'), of('NumberInput'), of('Checkbox'), stage, tags]) {
        expect(checkCustomColumnValue(column, value)).toEqual({ ok: true, value: null });
      }
    }
    expect(displayCustomColumnValue(stage, null)).toBe('');
  });

  it('is given for every column of a submission, null when unset', () => {
    expect(toSubmissionCustomColumns([stage, tags], { c1: 'o1', other: 'x' })).toEqual([
      { id: 'c1', name: 'Stage', type: 'Dropdown', value: 'o1', displayValue: 'Hot' },
      { id: 'c2', name: 'Tags', type: 'MultiSelect', value: null, displayValue: '' },
    ]);
    expect(toSubmissionCustomColumns([stage], null)).toEqual([{ id: 'c1', name: 'Stage', type: 'Dropdown', value: null, displayValue: '' }]);
  });
});

describe('the columns of a flow’s settings', () => {
  it('are read in order, leaving out what is not a column and repeated ids', () => {
    const settings = {
      closesAt: null,
      customColumns: [stage, { id: 'c9', name: 'Formula', type: 'Formula' }, { ...stage, name: 'Again' }, 'junk', { id: 'c3', name: ' Notes ', type: 'ShortAnswer' }],
    };
    expect(customColumnsOf(settings)).toEqual([stage, { id: 'c3', name: 'Notes', type: 'ShortAnswer' }]);
    expect(customColumnsOf({})).toEqual([]);
    expect(customColumnsOf({ customColumns: 'nope' })).toEqual([]);
  });

  it('are left out of what respondents get', () => {
    expect(withoutCustomColumns({ customColumns: [stage], redirectUrl: 'https://example.com' })).toEqual({ redirectUrl: 'https://example.com' });
  });
});
