/**
 * The rules of custom columns (spec 001 §3 "Custom column", §4 "Custom column creation", §5): what a new column
 * needs, what a value of a column may be and how it reads. Both the web app (the 'Add custom column' popover, the
 * editable cells) and the flows service (the calls) run them, so they agree.
 *
 * A column's values follow the answer rules of the question type it is named after (`answers/registry.ts`): a
 * ShortAnswer column takes what a ShortAnswer question takes (text up to `SHORT_ANSWER_MAX_LENGTH`), a NumberInput
 * column a finite number, a Checkbox column `true`/`false`, a Dropdown column one of its option ids, a MultiSelect
 * column a list of distinct option ids — each normalized as the question's answer is, and read as it is ('Yes',
 * an option's label, labels joined with ', '). An empty value (`null`, '', blanks, `[]`) clears the cell.
 * Zod-free at runtime; pure, never throws.
 */
import * as copy from '../copy';
import { checkWidgetAnswer, displayAnswer } from '../answers/registry';
import { isEmptyAnswer, pass, type AnswerCheck } from '../answers/define';
import type { CustomColumn, CustomColumnType, SubmissionCustomColumn } from '../entities/custom-column';
import type { Widget } from '../entities/flow-template';
import type { FieldError } from '../errors';

/** What each column type is to a person and whether it has options (spec 001 §3: "Types with options … need an options list"). */
export interface CustomColumnKind {
  /** The type's visible name (spec 001 §3: 'Short text' …). */
  label: string;
  /** The column has options its values choose from (Dropdown, Multi-select). */
  hasOptions: boolean;
}

/** Every column type's {@link CustomColumnKind}, in the popover's order. */
export const CUSTOM_COLUMN_KINDS: { readonly [T in CustomColumnType]: CustomColumnKind } = {
  ShortAnswer: { label: copy.customColumns.typeShortAnswer, hasOptions: false },
  LongAnswer: { label: copy.customColumns.typeLongAnswer, hasOptions: false },
  NumberInput: { label: copy.customColumns.typeNumberInput, hasOptions: false },
  Checkbox: { label: copy.customColumns.typeCheckbox, hasOptions: false },
  Dropdown: { label: copy.customColumns.typeDropdown, hasOptions: true },
  MultiSelect: { label: copy.customColumns.typeMultiSelect, hasOptions: true },
};

/** What a new column is made of, as the popover and `POST /admin/flows/customColumn/:flowId` take it. */
export interface NewCustomColumn {
  name: string;
  type: CustomColumnType;
  /** The options' labels (Dropdown, Multi-select; ignored for the other types). */
  options?: readonly { label: string }[];
}

/**
 * Why `column` cannot be created, one error per field (`[]` when it can): a blank name ('Provide a column name' at
 * `name`, spec 001 §5); a type with options and none given ('At least one option is required' at `options`); a
 * blank option label (at `options.<i>.label`) or a label given twice, compared trimmed and case-insensitively (at the
 * repeat's `options.<i>.label`). Lengths and counts are the schema's (`api/flows/custom-columns.ts`).
 */
export function customColumnProblems(column: NewCustomColumn): FieldError[] {
  const problems: FieldError[] = [];
  if (column.name.trim() === '') problems.push({ path: 'name', message: copy.customColumns.provideName });
  if (!CUSTOM_COLUMN_KINDS[column.type].hasOptions) return problems;
  const options = column.options ?? [];
  if (options.length === 0) problems.push({ path: 'options', message: copy.customColumns.optionsRequired });
  const seen = new Set<string>();
  options.forEach(({ label }, index) => {
    const key = label.trim().toLowerCase();
    if (key === '') problems.push({ path: `options.${index}.label`, message: copy.customColumns.optionBlank });
    else if (seen.has(key)) problems.push({ path: `options.${index}.label`, message: copy.customColumns.optionDuplicate(label.trim()) });
    seen.add(key);
  });
  return problems;
}

/** The question a column's values are checked and read as: its type, its name as the label, its options. */
function questionOf(column: CustomColumn): Widget {
  const template = { label: column.name, required: false, ...(column.options ? { options: column.options } : {}) };
  // A column type is a question type and the template has what that type's rules read (`entities/custom-column.ts`).
  return { id: column.id, name: column.name, type: column.type, template } as Widget;
}

/**
 * Checks `value` for `column`: `{ok: true, value: null}` for an empty value (`isEmptyAnswer`: the cell is cleared),
 * the normalized value when the column's question type accepts it, or `{ok: false, message}` with that type's
 * `copy.answers` text ('Please enter a number', 'Please choose one of the options', 'Please enter at most 1000
 * characters' …).
 */
export function checkCustomColumnValue(column: CustomColumn, value: unknown): AnswerCheck {
  if (isEmptyAnswer(value)) return pass(null);
  return checkWidgetAnswer(questionOf(column), value);
}

/** The text a person reads for a stored value of `column` (the question type's `displayAnswer`): '' when unset. */
export function displayCustomColumnValue(column: CustomColumn, value: unknown): string {
  return displayAnswer(value, questionOf(column));
}

/**
 * A submission's cells of `columns`, in their order, from its stored values keyed by column id (absent: `null`):
 * `{id, name, type, value, displayValue}` ({@link displayCustomColumnValue}).
 */
export function toSubmissionCustomColumns(
  columns: readonly CustomColumn[],
  values: Readonly<Record<string, unknown>> | null | undefined,
): SubmissionCustomColumn[] {
  return columns.map((column) => {
    const value = values && Object.prototype.hasOwnProperty.call(values, column.id) ? values[column.id] : null;
    return { id: column.id, name: column.name, type: column.type, value, displayValue: displayCustomColumnValue(column, value) };
  });
}
