/**
 * What the editor shows for each widget type (issue 2 list, `WIDGET_TYPES`): its visible name, the default
 * label of a new question, and whether it has options.
 */
import type { WidgetType } from '@formloom/contracts/entities/flow-template';

export interface WidgetTypeMeta {
  /** Visible name in the 'Add question' menu and on the question card. */
  name: string;
  /** Label of a newly added question of this type. */
  defaultLabel: string;
  /** Short explanation shown as a hint. */
  hint: string;
  /** MultipleChoice, Dropdown and Checkboxes hold options. */
  hasOptions: boolean;
  /** Types with a free-text placeholder. */
  hasPlaceholder: boolean;
}

export const WIDGET_TYPE_META: Record<WidgetType, WidgetTypeMeta> = {
  ShortAnswer: { name: 'Short answer', defaultLabel: 'Your answer', hint: 'One line of text', hasOptions: false, hasPlaceholder: true },
  LongAnswer: { name: 'Long answer', defaultLabel: 'Tell us more', hint: 'Several lines of text', hasOptions: false, hasPlaceholder: true },
  EmailInput: { name: 'Email', defaultLabel: 'Email address', hint: 'A valid email address', hasOptions: false, hasPlaceholder: true },
  NumberInput: { name: 'Number', defaultLabel: 'Number', hint: 'A number, with optional bounds', hasOptions: false, hasPlaceholder: true },
  PhoneNumber: { name: 'Phone number', defaultLabel: 'Phone number', hint: 'A phone number', hasOptions: false, hasPlaceholder: true },
  URLInput: { name: 'URL', defaultLabel: 'Website', hint: 'A web address', hasOptions: false, hasPlaceholder: true },
  MultipleChoice: { name: 'Multiple choice', defaultLabel: 'Choose one', hint: 'Pick one option', hasOptions: true, hasPlaceholder: false },
  Dropdown: { name: 'Dropdown', defaultLabel: 'Select an option', hint: 'Pick one option from a list', hasOptions: true, hasPlaceholder: true },
  Checkboxes: { name: 'Checkboxes', defaultLabel: 'Select all that apply', hint: 'Pick several options', hasOptions: true, hasPlaceholder: false },
  Checkbox: { name: 'Checkbox', defaultLabel: 'I agree', hint: 'A single yes/no box', hasOptions: false, hasPlaceholder: false },
  DatePicker: { name: 'Date picker', defaultLabel: 'Date', hint: 'A calendar date', hasOptions: false, hasPlaceholder: false },
  StarRating: { name: 'Star rating', defaultLabel: 'How would you rate us?', hint: '1 to 5 stars', hasOptions: false, hasPlaceholder: false },
};
