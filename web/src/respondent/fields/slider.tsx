/**
 * Slider on the public form: the browser's `<input type="range">` (arrow keys, Page Up/Down, Home/End, touch)
 * from the question's minimum to its maximum in its steps, with an `<output>` showing the value picked and its
 * unit, and the two ends under the track. Until the respondent touches it the slider has no answer: its thumb
 * waits in the middle, hollow, and the output reads 'No answer yet'; pressing the thumb or a key on it picks
 * the value it shows.
 */
import type { KeyboardEvent } from 'react';
import { onStep, sliderRange, withUnit } from '@formloom/contracts/answers/slider';
import { Question } from './question';
import { useDescribedBy, type FieldProps, type WidgetOf } from './types';
import classes from './slider.module.css';

/** The keys that move a range input (and so answer an untouched slider). */
const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

/** What an untouched slider's output reads. */
export const NO_SLIDER_ANSWER = 'No answer yet';

/** The Slider renderer; the answer is the number picked (on the slider's grid). */
export function SliderField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Slider'>>) {
  const { label, required } = widget.template;
  const described = useDescribedBy(inputId, undefined, error);
  const range = sliderRange(widget.template);
  const { min, max, step, unit } = range;
  const answered = typeof value === 'number';
  const middle = onStep(min + Math.floor((max - min) / 2 / step) * step, range) ?? min;
  const position = answered ? value : middle;
  const pick = () => {
    if (!answered) onChange(position);
  };
  return (
    <Question inputId={inputId} label={label} required={required} error={error}>
      <div className={classes.slider}>
        <output htmlFor={inputId} className={classes.value} data-empty={!answered || undefined} aria-live="off">
          {answered ? withUnit(value, unit) : NO_SLIDER_ANSWER}
        </output>
        <input
          id={inputId}
          type="range"
          className={classes.range}
          min={min}
          max={max}
          step={step}
          value={position}
          data-untouched={!answered || undefined}
          aria-valuetext={answered ? withUnit(value, unit) : NO_SLIDER_ANSWER}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onPointerDown={pick}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (MOVE_KEYS.has(event.key)) pick();
          }}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
        />
        <div className={classes.ends} aria-hidden="true">
          <span>{withUnit(min, unit)}</span>
          <span>{withUnit(max, unit)}</span>
        </div>
      </div>
    </Question>
  );
}
