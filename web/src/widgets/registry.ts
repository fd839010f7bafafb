/**
 * The web app's widget (question) type registry: ONE entry per type of `@formloom/contracts/widgets/registry`,
 * each a module `web/src/widgets/<type>.tsx` with the respondent's renderer and the editor's settings panel.
 * Typed by the contracts' `WidgetType`: a type without an entry (or an entry of the wrong type) does not
 * compile. The public form (`features/public-form/components/question-field.tsx`) and the editor's question
 * card render through it. See docs/architecture.md "Widget registry".
 */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import { checkbox } from './checkbox';
import { checkboxes } from './checkboxes';
import { datePicker } from './date-picker';
import { dropdown } from './dropdown';
import { emailInput } from './email-input';
import { longAnswer } from './long-answer';
import { multipleChoice } from './multiple-choice';
import { numberInput } from './number-input';
import { phoneNumber } from './phone-number';
import { shortAnswer } from './short-answer';
import { starRating } from './star-rating';
import { urlInput } from './url-input';
import type { WebWidget, WidgetOf } from './shared/types';

/** Every type's web module, keyed by type. */
export const WEB_WIDGETS: { readonly [T in WidgetType]: WebWidget<WidgetOf<T>> } = {
  ShortAnswer: shortAnswer,
  LongAnswer: longAnswer,
  EmailInput: emailInput,
  NumberInput: numberInput,
  PhoneNumber: phoneNumber,
  URLInput: urlInput,
  MultipleChoice: multipleChoice,
  Dropdown: dropdown,
  Checkboxes: checkboxes,
  Checkbox: checkbox,
  DatePicker: datePicker,
  StarRating: starRating,
};

/**
 * The web module of `widget`'s type, typed for that widget. (TypeScript cannot tie a union-typed widget to
 * the entry of its own type; the registry's type guarantees each entry matches its key.)
 */
export function webWidgetOf(widget: Widget): WebWidget<Widget> {
  return WEB_WIDGETS[widget.type] as WebWidget<Widget>;
}
