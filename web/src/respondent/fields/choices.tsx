/**
 * The choice types on the public form: MultipleChoice (radios), Checkboxes (checkboxes; the answer is the
 * checked ids in option order) and Dropdown (the browser's select, keyboard and screen-reader friendly on every
 * device; its first entry the placeholder, 'Select an option' by default).
 */
import { IconChevronDown } from '../../ui/icons';
import { ChoiceList } from './choice-list';
import { Question } from './question';
import { asString, useDescribedBy, type FieldProps, type WidgetOf } from './types';
import classes from './fields.module.css';

/** MultipleChoice: one option. */
export function MultipleChoiceField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'MultipleChoice'>>) {
  const { label, required, options } = widget.template;
  return (
    <ChoiceList
      inputId={inputId}
      label={label}
      required={required}
      error={error}
      options={options}
      control="radio"
      isChecked={(id) => value === id}
      onToggle={(id) => onChange(id)}
    />
  );
}

/** Checkboxes: any number of options, kept in the options' order. */
export function CheckboxesField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Checkboxes'>>) {
  const { label, required, options } = widget.template;
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return (
    <ChoiceList
      inputId={inputId}
      label={label}
      required={required}
      error={error}
      options={options}
      control="checkbox"
      isChecked={(id) => selected.includes(id)}
      onToggle={(id, checked) => {
        const next = new Set(selected);
        if (checked) next.add(id);
        else next.delete(id);
        onChange(options.map((option) => option.id).filter((optionId) => next.has(optionId)));
      }}
    />
  );
}

/** Dropdown: a native select. */
export function DropdownField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Dropdown'>>) {
  const { label, required, placeholder, options } = widget.template;
  const described = useDescribedBy(inputId, undefined, error);
  return (
    <Question inputId={inputId} label={label} required={required} error={error}>
      <div className={classes.selectWrap}>
        <select
          id={inputId}
          className={`${classes.input} ${classes.select}`}
          value={asString(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        >
          <option value="">{placeholder || 'Select an option'}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <IconChevronDown size={16} className={classes.selectIcon} />
      </div>
    </Question>
  );
}
