/**
 * The frame of every question on the public form: its label (with the required mark), its description (rich text,
 * `../rich-text.tsx`, given by the runner through `QuestionDescriptionContext`), an optional hint, the control, and
 * the error under it. A question with one control labels it (`<label for>`); a question whose
 * answer is a set of controls (choices, stars) is a `<fieldset>` named by its `<legend>` (WCAG 1.3.1, 3.3.2).
 */
import { useContext, type ReactNode } from 'react';
import { RichTextView } from '../rich-text';
import { describedBy, QuestionDescriptionContext, questionIds } from './types';
import classes from './fields.module.css';

/** Props of {@link Question}. */
export interface QuestionProps {
  inputId: string;
  label: string;
  required: boolean;
  /** A hint under the label ('Between 0 and 120'). */
  hint?: string;
  error?: string;
  /** `group`: a fieldset of several controls named by a legend; `single` (default): one labelled control. */
  kind?: 'single' | 'group';
  children: ReactNode;
}

/** The required mark after a label: a red asterisk, hidden from screen readers (the control says 'required'). */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className={classes.required} aria-hidden="true">
      {' '}*
    </span>
  ) : null;
}

/** The error under a question; its id is what the control's `aria-describedby` points at. */
export function QuestionError({ inputId, error }: { inputId: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={questionIds(inputId).errorId} className={classes.error}>
      {error}
    </p>
  );
}

/** The question's description under its label (`QuestionDescriptionContext`), or nothing. */
export function QuestionDescription({ inputId }: { inputId: string }) {
  const description = useContext(QuestionDescriptionContext);
  return description ? <RichTextView doc={description} id={questionIds(inputId).descriptionId} /> : null;
}

/** One question: label or legend, description, hint, control, error. */
export function Question({ inputId, label, required, hint, error, kind = 'single', children }: QuestionProps) {
  const { labelId, hintId } = questionIds(inputId);
  const description = useContext(QuestionDescriptionContext);
  const hintElement = hint ? (
    <p id={hintId} className={classes.hint}>
      {hint}
    </p>
  ) : null;
  if (kind === 'group') {
    return (
      <fieldset className={classes.fieldset} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, undefined, error, description !== undefined)}>
        <legend id={labelId} className={classes.label}>
          {label}
          <RequiredMark required={required} />
        </legend>
        <QuestionDescription inputId={inputId} />
        {hintElement}
        {children}
        <QuestionError inputId={inputId} error={error} />
      </fieldset>
    );
  }
  return (
    <div className={classes.question}>
      <label id={labelId} htmlFor={inputId} className={classes.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      <QuestionDescription inputId={inputId} />
      {hintElement}
      {children}
      <QuestionError inputId={inputId} error={error} />
    </div>
  );
}
