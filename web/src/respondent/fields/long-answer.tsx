/** LongAnswer on the public form: a text area that grows with its text (3 to 12 lines, then it scrolls). */
import { Question } from './question';
import { asString, useDescribedBy, type FieldProps, type WidgetOf } from './types';
import classes from './fields.module.css';

/** The LongAnswer renderer. */
export function LongAnswerField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'LongAnswer'>>) {
  const { label, required, placeholder } = widget.template;
  const described = useDescribedBy(inputId, undefined, error);
  return (
    <Question inputId={inputId} label={label} required={required} error={error}>
      <textarea
        id={inputId}
        className={`${classes.input} ${classes.textarea}`}
        rows={3}
        placeholder={placeholder}
        value={asString(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
    </Question>
  );
}
