/**
 * Matrix's answer rules: a grid of rows and columns where the respondent picks one column in each row (a Likert
 * grid: rows 'Speed', 'Price'; columns 'Poor' … 'Great'). Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, pass, type AnswerCheck } from './define';
import type { OptionLike } from './shared/options';

/** The template fields Matrix's rules read: its rows and columns (`{id, label}`, ids unique in the question). */
export interface MatrixTemplateLike {
  rows: readonly OptionLike[];
  columns: readonly OptionLike[];
  required?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * A Matrix answer `{<rowId>: <columnId>}`: each key a row id and each value a column id of the question
 * (`copy.answers.invalidOption` otherwise); a row whose value is `null` is unanswered. No row answered: no answer
 * (`copy.answers.required` when the question is required); a REQUIRED question needs every row
 * (`copy.answers.matrixIncomplete`). Stored with the rows in the question's order.
 */
export function checkMatrix(value: unknown, { rows, columns, required }: MatrixTemplateLike): AnswerCheck {
  if (!isRecord(value)) return fail(copy.answers.invalidOption);
  const rowIds = new Set(rows.map((row) => row.id));
  const columnIds = new Set(columns.map((column) => column.id));
  for (const [rowId, columnId] of Object.entries(value)) {
    if (!rowIds.has(rowId)) return fail(copy.answers.invalidOption);
    if (columnId !== null && (typeof columnId !== 'string' || !columnIds.has(columnId))) return fail(copy.answers.invalidOption);
  }
  const answered = rows.filter((row) => hasOwn(value, row.id) && value[row.id] !== null);
  if (answered.length === 0) return required === true ? fail(copy.answers.required) : pass(undefined);
  if (required === true && answered.length < rows.length) return fail(copy.answers.matrixIncomplete);
  return pass(Object.fromEntries(answered.map((row) => [row.id, value[row.id]])));
}

/**
 * A Matrix answer as a person reads it: 'Row: Column' for each answered row, in the question's row order, joined
 * with '; ' ('Speed: Great; Price: Good'). Keys or values no row or column has show as themselves, after the
 * known rows.
 */
export function displayMatrix(value: unknown, { rows, columns }: Pick<MatrixTemplateLike, 'rows' | 'columns'>): string {
  if (!isRecord(value)) return formatValue(value);
  const columnLabel = (columnId: unknown) =>
    typeof columnId === 'string' ? (columns.find((column) => column.id === columnId)?.label ?? columnId) : formatValue(columnId);
  const known = rows.filter((row) => hasOwn(value, row.id) && value[row.id] !== null).map((row) => [row.label, value[row.id]] as const);
  const unknown = Object.entries(value).filter(([key]) => !rows.some((row) => row.id === key));
  return [...known, ...unknown].map(([row, column]) => `${row}: ${columnLabel(column)}`).join('; ');
}

/** Matrix: one column per row ({@link checkMatrix}); its text is {@link displayMatrix}'s. */
export const matrixRules = defineAnswerRules({
  type: 'Matrix',
  checkAnswer: (value, template: MatrixTemplateLike) => checkMatrix(value, template),
  displayAnswer: (value, { template }) => displayMatrix(value, template),
});
