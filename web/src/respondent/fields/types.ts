/**
 * What a question type's respondent renderer takes (`web/src/respondent/fields/<type>.tsx`). The registry
 * (`fields/registry.ts`) lists one per type of `@formloom/contracts/widgets/registry`; the public form and the
 * editor's preview render through it.
 */
import type { ComponentType } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';

/** The widget of type `T`. */
export type WidgetOf<T extends WidgetType> = Extract<Widget, { type: T }>;

/**
 * Props of a respondent's renderer. The value follows the answer rules (contracts `answers/<type>.ts`): the
 * renderer hands `onChange` what the respondent entered (typed strings for text, numbers and amounts, option
 * ids, booleans, `YYYY-MM-DD`, `HH:MM`, a star count or a scale's number, a slider's number, `{rowId: columnId}`
 * of a Matrix, the ordered option ids of a Ranking, the chosen ids of a MultiSelect or of an ImageChoice with
 * `multiple`, `{street, line2, city, state, postalCode, country}` of an Address; a Statement hands nothing);
 * `validateAnswers` normalizes it.
 */
export interface FieldProps<W extends Widget> {
  widget: W;
  /** The current answer (`undefined` before the respondent touched it). */
  value: unknown;
  /** The message to show under the question; marks the input invalid. */
  error?: string;
  onChange: (value: unknown) => void;
  /** The id of the question's input (`q-<widgetId>`): labels, descriptions and errors derive their ids from it. */
  inputId: string;
}

/** A type's respondent renderer: labelled, keyboard-usable, plain HTML controls styled by the form's theme. */
export type FieldComponent<W extends Widget> = ComponentType<FieldProps<W>>;

/** A value as the text of an input: strings as they are, numbers as `String(n)`, anything else ''. */
export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/** Ids of the elements that describe a question's input: its label, its hint and its error. */
export function questionIds(inputId: string): { labelId: string; hintId: string; errorId: string } {
  return { labelId: `${inputId}-label`, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

/** `aria-describedby` of an input: its hint and its error, whichever are shown; `undefined` for neither. */
export function describedBy(inputId: string, hint: string | undefined, error: string | undefined): string | undefined {
  const { hintId, errorId } = questionIds(inputId);
  const ids = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
