/**
 * The one-line types on the public form: ShortAnswer, EmailInput (email keyboard, autofill, 'name@example.com'
 * by default), PhoneNumber (phone keypad, '+1 555 123 4567'), URLInput (URL keyboard, 'https://'), NumberInput
 * (decimal keypad, its bounds as the hint), DatePicker (the browser's date input: `YYYY-MM-DD`, keyboard and
 * calendar), TimePicker (the browser's time input: `HH:MM`, shown in the respondent's own 12- or 24-hour
 * clock) and DateTimePicker (the browser's `datetime-local` input: `YYYY-MM-DDTHH:MM`, its bounds as the hint).
 */
import { formatDateTime } from '@formloom/contracts/answers/date-time-picker';
import { TextInput, textField } from './text-input';
import type { FieldProps, WidgetOf } from './types';

/** ShortAnswer: plain text. */
export const ShortAnswerField = textField<WidgetOf<'ShortAnswer'>>();

/** EmailInput. */
export const EmailInputField = textField<WidgetOf<'EmailInput'>>({ type: 'email', inputMode: 'email', autoComplete: 'email' }, 'name@example.com');

/** PhoneNumber. */
export const PhoneNumberField = textField<WidgetOf<'PhoneNumber'>>({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' }, '+1 555 123 4567');

/** URLInput. */
export const UrlInputField = textField<WidgetOf<'URLInput'>>({ type: 'url', inputMode: 'url' }, 'https://');

/** The hint of a number question's bounds ('Between 0 and 120'), or `undefined` without bounds. */
export function boundsHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `Between ${min} and ${max}`;
  if (min !== undefined) return `At least ${min}`;
  return max !== undefined ? `At most ${max}` : undefined;
}

/** NumberInput: the typed text goes to the answer rules, which parse it. */
export function NumberInputField(props: FieldProps<WidgetOf<'NumberInput'>>) {
  const { min, max } = props.widget.template;
  return <TextInput field={props} type="number" inputMode="decimal" step="any" min={min} max={max} hint={boundsHint(min, max)} />;
}

/** DatePicker. */
export function DatePickerField(props: FieldProps<WidgetOf<'DatePicker'>>) {
  return <TextInput field={props} type="date" narrow />;
}

/** TimePicker. */
export function TimePickerField(props: FieldProps<WidgetOf<'TimePicker'>>) {
  return <TextInput field={props} type="time" narrow />;
}

/** The hint of a date-and-time question's bounds ('From March 5, 2026 at 9:00 AM'), or `undefined` without bounds. */
export function dateTimeBoundsHint(min: string | undefined, max: string | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `Between ${formatDateTime(min)} and ${formatDateTime(max)}`;
  if (min !== undefined) return `From ${formatDateTime(min)}`;
  return max !== undefined ? `Until ${formatDateTime(max)}` : undefined;
}

/** DateTimePicker: the browser keeps the picker within the bounds, the answer rules check them again. */
export function DateTimePickerField(props: FieldProps<WidgetOf<'DateTimePicker'>>) {
  const { min, max } = props.widget.template;
  return <TextInput field={props} type="datetime-local" min={min} max={max} hint={dateTimeBoundsHint(min, max)} narrow />;
}
