/**
 * ImageChoice on the public form: the options as a grid of picture cards, each a native radio (one card) or
 * checkbox (`multiple`) with its label — arrow keys move between radios, Space ticks a checkbox, a click anywhere
 * on the card picks it. A card's control is named by the option's label and described by the image's text
 * alternative when the author gave one (the picture itself is then `alt=""`: what it shows is said once). Only
 * `https://` images are shown (`isImageUrl`); a card without one shows its label alone. Two or more cards a row
 * down to a 390 px wide phone. The answer is the option id, or with `multiple` the ticked ids in option order.
 */
import { isImageUrl } from '@formloom/contracts/answers/image-choice';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './image-choice.module.css';

/** The ImageChoice renderer. */
export function ImageChoiceField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'ImageChoice'>>) {
  const { label, required, options, multiple } = widget.template;
  const several = multiple === true;
  const chosen = several ? (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []) : [];
  const isChecked = (id: string) => (several ? chosen.includes(id) : value === id);

  function toggle(id: string, checked: boolean) {
    if (!several) {
      onChange(id);
      return;
    }
    const next = new Set(chosen);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(options.map((option) => option.id).filter((optionId) => next.has(optionId)));
  }

  return (
    <Question inputId={inputId} label={label} required={required} error={error} hint={several ? 'Choose all that apply' : undefined} kind="group">
      <div id={inputId} className={classes.grid}>
        {options.map((option, index) => {
          const checked = isChecked(option.id);
          const labelId = `${inputId}-card-${index}`;
          const alt = option.alt?.trim() ?? '';
          const altId = alt ? `${inputId}-alt-${index}` : undefined;
          return (
            <label key={option.id} className={classes.card} data-checked={checked || undefined}>
              <span className={classes.picture}>
                {isImageUrl(option.imageUrl) ? (
                  <img className={classes.image} src={option.imageUrl} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />
                ) : null}
              </span>
              <span className={classes.caption}>
                <input
                  type={several ? 'checkbox' : 'radio'}
                  name={inputId}
                  value={option.id}
                  checked={checked}
                  onChange={(event) => toggle(option.id, event.currentTarget.checked)}
                  className={classes.control}
                  required={several ? undefined : required}
                  aria-labelledby={labelId}
                  aria-describedby={altId}
                />
                <span id={labelId} className={classes.label}>
                  {option.label}
                </span>
              </span>
              {altId && (
                <span id={altId} className={classes.visuallyHidden}>
                  {alt}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </Question>
  );
}
