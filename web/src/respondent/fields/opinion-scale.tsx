/**
 * OpinionScale on the public form: a row of numbered buttons (0 to 10 by default) that is a radio group — one
 * native radio per number, drawn as a button with its number; the arrow keys move along the row, Tab leaves it.
 * The end labels ('Not likely', 'Extremely likely') sit under the two ends and describe the first and last
 * number to screen readers.
 */
import { scaleNumbers } from '@formloom/contracts/answers/opinion-scale';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './opinion-scale.module.css';

/** The OpinionScale renderer; the answer is the chosen number. */
export function OpinionScaleField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'OpinionScale'>>) {
  const { label, required, leftLabel, rightLabel } = widget.template;
  const numbers = scaleNumbers(widget.template);
  const chosen = typeof value === 'number' ? value : undefined;
  const leftId = `${inputId}-left`;
  const rightId = `${inputId}-right`;
  const describedBy = (n: number) =>
    [n === numbers[0] && leftLabel ? leftId : undefined, n === numbers.at(-1) && rightLabel ? rightId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div className={classes.scale}>
        <div className={classes.numbers} data-count={numbers.length}>
          {numbers.map((n) => (
            <label key={n} className={classes.number} data-checked={chosen === n || undefined}>
              <input
                id={n === numbers[0] ? inputId : undefined}
                type="radio"
                name={inputId}
                value={n}
                checked={chosen === n}
                onChange={() => onChange(n)}
                className={classes.radio}
                required={required}
                aria-describedby={describedBy(n)}
              />
              <span>{n}</span>
            </label>
          ))}
        </div>
        {(leftLabel || rightLabel) && (
          <div className={classes.ends}>
            <span id={leftId}>{leftLabel}</span>
            <span id={rightId}>{rightLabel}</span>
          </div>
        )}
      </div>
    </Question>
  );
}
