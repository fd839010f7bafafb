/**
 * What a question type's respondent renderer takes (`web/src/respondent/fields/<type>.tsx`). The registry
 * (`fields/registry.ts`) lists one per type of `@formloom/contracts/widgets/registry`; the public form and the
 * editor's preview render through it.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { RichText } from '@formloom/contracts/rules/rich-text';
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

/** Ids of the elements that name and describe a question's input: its label, description, hint and error. */
export function questionIds(inputId: string): { labelId: string; descriptionId: string; hintId: string; errorId: string } {
  return { labelId: `${inputId}-label`, descriptionId: `${inputId}-description`, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

/**
 * `aria-describedby` of an input: its description (`description` true: the question has one), its hint and its error,
 * whichever are shown; `undefined` for none.
 */
export function describedBy(inputId: string, hint: string | undefined, error: string | undefined, description = false): string | undefined {
  const { descriptionId, hintId, errorId } = questionIds(inputId);
  const ids = [description ? descriptionId : undefined, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The description of the question being rendered (its `template.description`, answers piped in), given by the form
 * runner around each question so that every renderer's frame (`question.tsx`) shows it under the label and its
 * control names it in `aria-describedby` ({@link useDescribedBy}); `undefined`: none.
 */
export const QuestionDescriptionContext = createContext<RichText | undefined>(undefined);

/** {@link describedBy} of the question being rendered, its description included when it has one. */
export function useDescribedBy(inputId: string, hint: string | undefined, error: string | undefined): string | undefined {
  return describedBy(inputId, hint, error, useContext(QuestionDescriptionContext) !== undefined);
}
