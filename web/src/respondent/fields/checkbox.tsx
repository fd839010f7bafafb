/**
 * Checkbox on the public form: one checkbox labelled by the question (a required one shows the asterisk), its
 * description under it.
 */
import { QuestionDescription, QuestionError, RequiredMark } from './question';
import { useDescribedBy, type FieldProps, type WidgetOf } from './types';
import classes from './fields.module.css';

/** The Checkbox renderer; the answer is `true` or `false`. */
export function CheckboxField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Checkbox'>>) {
  const { label, required } = widget.template;
  const described = useDescribedBy(inputId, undefined, error);
  const checked = value === true;
  return (
    <div className={classes.question}>
      <label className={classes.choice} data-checked={checked || undefined}>
        <input
          id={inputId}
          type="checkbox"
          className={classes.choiceControl}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <span>
          {label}
          <RequiredMark required={required} />
        </span>
      </label>
      <QuestionDescription inputId={inputId} />
      <QuestionError inputId={inputId} error={error} />
    </div>
  );
}
