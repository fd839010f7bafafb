/** TimePicker: a time of day, `HH:MM` on a 24-hour clock. */
import { timePickerRules } from '../answers/time-picker';
import { defineWidget, widgetTemplate } from './define-widget';

export { formatClockTime, isValidTime } from '../answers/time-picker';

/**
 * The TimePicker widget type: the answer is a time `HH:MM` (00:00–23:59), stored trimmed
 * (`copy.answers.invalidTime` otherwise); its text reads '2:30 PM' (`formatClockTime`: no locale, no time zone).
 */
export const timePicker = defineWidget({
  ...timePickerRules,
  template: widgetTemplate(),
  editor: { name: 'Time picker', defaultLabel: 'Time', hint: 'A time of day' },
  sample: { settings: {}, answer: '14:30', display: '2:30 PM' },
});
