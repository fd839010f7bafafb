/** The one-line text input of the text-like types (short answer, email, phone, URL, number, date). */
import type { InputHTMLAttributes } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { Question } from './question';
import { asString, useDescribedBy, type FieldComponent, type FieldProps } from './types';
import classes from './fields.module.css';

/** What a text-like type sets on its `<input>`: `type`, `inputMode`, `autoComplete`, bounds… */
export type TextInputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/**
 * A labelled `<input>` for `field`'s question showing its placeholder (or `defaultPlaceholder`) and handing the
 * typed text to `field.onChange`; `hint` is shown under the label.
 */
export function TextInput({
  field,
  hint,
  defaultPlaceholder,
  narrow,
  ...input
}: { field: FieldProps<Widget>; hint?: string; defaultPlaceholder?: string; narrow?: boolean } & TextInputAttributes) {
  const { widget, value, error, onChange, inputId } = field;
  const { label, required, placeholder } = widget.template;
  const described = useDescribedBy(inputId, hint, error);
  return (
    <Question inputId={inputId} label={label} required={required} hint={hint} error={error}>
      <input
        id={inputId}
        className={narrow ? `${classes.input} ${classes.narrow}` : classes.input}
        placeholder={placeholder ?? defaultPlaceholder}
        value={asString(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
    </Question>
  );
}

/** The renderer of a one-line text type: a {@link TextInput} with `input` attributes and a default placeholder. */
export function textField<W extends Widget>(input: TextInputAttributes = {}, defaultPlaceholder?: string): FieldComponent<W> {
  function TextField(props: FieldProps<W>) {
    return <TextInput field={props} defaultPlaceholder={defaultPlaceholder} {...input} />;
  }
  return TextField;
}
