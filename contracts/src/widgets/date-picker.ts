/** DatePicker: a calendar date, `YYYY-MM-DD` (docs/product-rules.md §2). */
import { defineWidget, widgetTemplate } from './define-widget';
import { datePickerRules } from '../answers/date-picker';

export { isValidDate, formatCalendarDate } from '../answers/date-picker';

/**
 * The DatePicker widget type: the answer is a date ({@link isValidDate}), stored trimmed
 * (`copy.answers.invalidDate` otherwise); its text is {@link formatCalendarDate}'s.
 */
export const datePicker = defineWidget({
  ...datePickerRules,
  template: widgetTemplate(),
  editor: { name: 'Date picker', defaultLabel: 'Date', hint: 'A calendar date' },
  sample: { settings: {}, answer: '2026-03-05', display: 'March 5, 2026' },
});
