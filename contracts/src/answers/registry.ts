/**
 * The answer rules of every widget (question) type, keyed by type: what `rules/answers.ts` (`validateAnswers`,
 * in the public form and the flows service) and `widgets/registry.ts` (`displayAnswer`) dispatch to. Typed by
 * `WidgetType`: a registered type without rules does not compile. Zod-free (`answers/define.ts`).
 */
import type { Widget } from '../entities/flow-template';
import type { WidgetType } from '../widgets/registry';
import { checkboxRules } from './checkbox';
import { checkboxesRules, dropdownRules, multipleChoiceRules } from './choices';
import { currencyInputRules } from './currency-input';
import { datePickerRules } from './date-picker';
import { dateTimePickerRules } from './date-time-picker';
import { isEmptyAnswer, type AnswerCheck, type AnswerRules } from './define';
import { emailInputRules } from './email-input';
import { longAnswerRules } from './long-answer';
import { matrixRules } from './matrix';
import { numberInputRules } from './number-input';
import { opinionScaleRules } from './opinion-scale';
import { phoneNumberRules } from './phone-number';
import { rankingRules } from './ranking';
import { shortAnswerRules } from './short-answer';
import { sliderRules } from './slider';
import { starRatingRules } from './star-rating';
import { timePickerRules } from './time-picker';
import { urlInputRules } from './url-input';

/** The rules as the dispatchers below see them: any widget's template. */
type AnyAnswerRules = AnswerRules<WidgetType, Widget['template']>;

/** Every type's answer rules, keyed by type. */
export const ANSWER_RULES: { readonly [T in WidgetType]: AnswerRules<T, never> } = {
  ShortAnswer: shortAnswerRules,
  LongAnswer: longAnswerRules,
  EmailInput: emailInputRules,
  NumberInput: numberInputRules,
  CurrencyInput: currencyInputRules,
  PhoneNumber: phoneNumberRules,
  URLInput: urlInputRules,
  MultipleChoice: multipleChoiceRules,
  Dropdown: dropdownRules,
  Checkboxes: checkboxesRules,
  Checkbox: checkboxRules,
  Ranking: rankingRules,
  Matrix: matrixRules,
  DatePicker: datePickerRules,
  TimePicker: timePickerRules,
  DateTimePicker: dateTimePickerRules,
  StarRating: starRatingRules,
  OpinionScale: opinionScaleRules,
  Slider: sliderRules,
};

/**
 * The rules of `type`. @throws Error for a type that is not registered (a `Widget` parsed by its schema always is).
 */
function rulesOf(type: WidgetType): AnyAnswerRules {
  const rules = Object.prototype.hasOwnProperty.call(ANSWER_RULES, type) ? ANSWER_RULES[type] : undefined;
  if (!rules) throw new Error(`Unknown widget type "${type}"`);
  return rules as unknown as AnyAnswerRules;
}

/**
 * The type's check of a NON-empty answer (`rules/answers.ts` `checkAnswer` handles empty ones): the normalized
 * value or a `copy.answers` message. Never throws for a parsed widget.
 */
export function checkWidgetAnswer(widget: Widget, value: unknown): AnswerCheck {
  return rulesOf(widget.type).checkAnswer(value, widget.template);
}

/**
 * The text a person reads for `value`, the stored (normalized) answer to `widget`: '' when unanswered
 * (`isEmptyAnswer`), else the type's text — option LABELS (several joined with ', '), 'Yes'/'No', dates as
 * 'March 5, 2026', times as '2:30 PM', amounts as 'USD 1,234.50', numbers as stored (a Slider's with its
 * unit: '25 km'), Matrix answers as 'Row: Column; Row: Column', rankings as '1. First, 2. Second', text as
 * typed. Computed once, on the server, as `displayValue` of each submission question (results and emails show
 * that). Never throws.
 */
export function displayAnswer(value: unknown, widget: Widget): string {
  return isEmptyAnswer(value) ? '' : rulesOf(widget.type).displayAnswer(value, widget);
}
