/**
 * The options of a MultipleChoice or Checkboxes question: one card per option, each a native radio or checkbox
 * with its label (arrow keys move between radios, Space toggles a checkbox), the chosen ones outlined.
 */
import type { WidgetOption } from '@formloom/contracts/entities/flow-template';
import { Question } from './question';
import classes from './fields.module.css';

/** Props of {@link ChoiceList}. */
export interface ChoiceListProps {
  inputId: string;
  label: string;
  required: boolean;
  error?: string;
  options: readonly WidgetOption[];
  /** `radio`: one option; `checkbox`: any number. */
  control: 'radio' | 'checkbox';
  isChecked: (optionId: string) => boolean;
  onToggle: (optionId: string, checked: boolean) => void;
}

/** A question whose answer is one option (`radio`) or several (`checkbox`). */
export function ChoiceList({ inputId, label, required, error, options, control, isChecked, onToggle }: ChoiceListProps) {
  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div id={inputId} className={classes.choices}>
        {options.map((option) => {
          const checked = isChecked(option.id);
          return (
            <label key={option.id} className={classes.choice} data-checked={checked || undefined}>
              <input
                type={control}
                name={inputId}
                value={option.id}
                checked={checked}
                onChange={(event) => onToggle(option.id, event.currentTarget.checked)}
                className={classes.choiceControl}
                required={control === 'radio' ? required : undefined}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </Question>
  );
}
