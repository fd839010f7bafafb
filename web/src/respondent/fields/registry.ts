/**
 * The respondent's renderers: ONE per question type of `@formloom/contracts/widgets/registry`, typed by its
 * `WidgetType` (a type without a renderer, or a renderer of the wrong type, does not compile). The public form
 * (`respondent/form-runner.tsx`) renders every question through {@link FieldOf}; the editor's settings of each
 * type live apart (`web/src/widgets/registry.ts`), so none of the editor's code reaches the public form's bundle.
 * See docs/architecture.md "Widget registry".
 */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import { AddressField } from './address';
import { CheckboxField } from './checkbox';
import { CheckboxesField, DropdownField, MultipleChoiceField } from './choices';
import { CurrencyInputField } from './currency-input';
import { FileUploadField } from './file-upload';
import { ImageChoiceField } from './image-choice';
import { LongAnswerField } from './long-answer';
import { MatrixField } from './matrix';
import { MultiSelectField } from './multi-select';
import { OpinionScaleField } from './opinion-scale';
import { RankingField } from './ranking';
import { SignatureField } from './signature';
import { SliderField } from './slider';
import { StarRatingField } from './star-rating';
import { StatementField } from './statement';
import {
  DatePickerField,
  DateTimePickerField,
  EmailInputField,
  NumberInputField,
  PhoneNumberField,
  ShortAnswerField,
  TimePickerField,
  UrlInputField,
} from './text-types';
import type { FieldComponent, WidgetOf } from './types';

/** Every type's renderer, keyed by type. */
export const FIELDS: { readonly [T in WidgetType]: FieldComponent<WidgetOf<T>> } = {
  ShortAnswer: ShortAnswerField,
  LongAnswer: LongAnswerField,
  EmailInput: EmailInputField,
  NumberInput: NumberInputField,
  CurrencyInput: CurrencyInputField,
  PhoneNumber: PhoneNumberField,
  URLInput: UrlInputField,
  MultipleChoice: MultipleChoiceField,
  Dropdown: DropdownField,
  Checkboxes: CheckboxesField,
  Checkbox: CheckboxField,
  Ranking: RankingField,
  Matrix: MatrixField,
  DatePicker: DatePickerField,
  TimePicker: TimePickerField,
  DateTimePicker: DateTimePickerField,
  StarRating: StarRatingField,
  OpinionScale: OpinionScaleField,
  Slider: SliderField,
  MultiSelect: MultiSelectField,
  ImageChoice: ImageChoiceField,
  Address: AddressField,
  Statement: StatementField,
  FileUpload: FileUploadField,
  Signature: SignatureField,
};

/**
 * The renderer of `widget`'s type, typed for that widget. (TypeScript cannot tie a union-typed widget to the
 * entry of its own type; the registry's type guarantees each entry matches its key.)
 */
export function FieldOf(widget: Widget): FieldComponent<Widget> {
  return FIELDS[widget.type] as FieldComponent<Widget>;
}
