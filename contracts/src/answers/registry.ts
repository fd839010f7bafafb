/**
 * The answer rules of every widget (question) type, keyed by type: what `rules/answers.ts` (`validateAnswers`,
 * in the public form and the flows service) and `widgets/registry.ts` (`displayAnswer`) dispatch to. Typed by
 * `WidgetType`: a registered type without rules does not compile. Zod-free (`answers/define.ts`).
 */
import type { Widget } from '../entities/flow-template';
import type { WidgetType } from '../widgets/registry';
import { addressRules } from './address';
import { checkboxRules } from './checkbox';
import { checkboxesRules, dropdownRules, multipleChoiceRules } from './choices';
import { currencyInputRules } from './currency-input';
import { datePickerRules } from './date-picker';
import { dateTimePickerRules } from './date-time-picker';
import { isEmptyAnswer, type AnswerCheck, type AnswerRules, type DisplayOptions } from './define';
import { emailInputRules } from './email-input';
import { fileUploadRules } from './file-upload';
import { imageChoiceRules } from './image-choice';
import { longAnswerRules } from './long-answer';
import { matrixRules } from './matrix';
import { multiSelectRules } from './multi-select';
import { numberInputRules } from './number-input';
import { opinionScaleRules } from './opinion-scale';
import { phoneNumberRules } from './phone-number';
import { rankingRules } from './ranking';
import type { UploadPolicy, UploadReference } from './shared/uploads';
import { signatureRules } from './signature';
import { shortAnswerRules } from './short-answer';
import { sliderRules } from './slider';
import { starRatingRules } from './star-rating';
import { statementRules } from './statement';
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
  MultiSelect: multiSelectRules,
  ImageChoice: imageChoiceRules,
  Address: addressRules,
  Statement: statementRules,
  FileUpload: fileUploadRules,
  Signature: signatureRules,
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
 * (`isEmptyAnswer`) or when the question takes no answer ({@link takesAnswer}), else the type's text — option LABELS (several joined with ', '), 'Yes'/'No', dates as
 * 'March 5, 2026', times as '2:30 PM', amounts as 'USD 1,234.50', numbers as stored (a Slider's with its
 * unit: '25 km'), Matrix answers as 'Row: Column; Row: Column', rankings as '1. First, 2. Second', text as
 * typed, uploaded files by name ('cv.pdf, photo.png'; a Signature 'Signed'). Computed once, on the server, as
 * `displayValue` of each submission question (results and emails show that), with `options.fileUrl` there, so a
 * file reads with its link ('cv.pdf (https://…)'). Never throws.
 */
export function displayAnswer(value: unknown, widget: Widget, options?: DisplayOptions): string {
  return isEmptyAnswer(value) || !takesAnswer(widget) ? '' : rulesOf(widget.type).displayAnswer(value, widget, options);
}

/**
 * The uploaded files the stored (normalized) answer `value` to `widget` refers to (`answers/shared/uploads.ts`):
 * those of a FileUpload or Signature answer, `[]` for every other type and for empty answers. Never throws.
 */
export function answerFiles(value: unknown, widget: Pick<Widget, 'type'>): UploadReference[] {
  const { files } = rulesOf(widget.type);
  return files && !isEmptyAnswer(value) ? files(value) : [];
}

/**
 * What `widget` takes as uploads (extensions, the largest file in bytes, how many files), or `undefined` for a
 * question that takes none: the public upload call (`POST /public/flows/:publicIdentifier/uploads`) refuses files
 * for such a question.
 */
export function uploadPolicyOf(widget: Widget): UploadPolicy | undefined {
  return rulesOf(widget.type).uploadPolicy?.(widget.template);
}

/**
 * False for a question of a type that takes no answer (`takesAnswer: false` in its rules: a Statement, text the
 * respondent reads); true for every other. Such a question is never required, checked or stored
 * (`rules/answers.ts`), never a submission question (`rules/submission-questions.ts`: no Results or export
 * column, no line of the email's overview) and never the subject of a condition (`rules/conditions.ts`).
 */
export function takesAnswer(widget: Pick<Widget, 'type'>): boolean {
  return rulesOf(widget.type).takesAnswer !== false;
}

/**
 * True when `widget`'s type lets a question have a default answer (`takesDefault` in its rules: the text, number,
 * choice, yes/no, date and time, rating, scale and slider types), false for every other (`rules/defaults.ts`).
 */
export function takesDefault(widget: Pick<Widget, 'type'>): boolean {
  return rulesOf(widget.type).takesDefault === true;
}

/**
 * `text` (a hidden field's value) as an answer to `widget`, before its check: the type's `fromText` (a choice's label
 * as its id, 'yes' as `true`), or the text itself. Never throws.
 */
export function answerFromText(widget: Widget, text: string): unknown {
  const { fromText } = rulesOf(widget.type);
  return fromText ? fromText(text, widget.template) : text;
}
