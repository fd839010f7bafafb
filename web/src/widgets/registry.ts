/**
 * The editor's settings of each question type: ONE entry per type of `@formloom/contracts/widgets/registry`
 * (`null` for a type without settings of its own), typed by its `WidgetType` — a type without an entry does not
 * compile — and, per type, the input of a fixed default answer ({@link WIDGET_DEFAULT_INPUTS}). The editor's question card shows them; the respondent's renderers are a registry of their own
 * (`web/src/respondent/fields/registry.ts`), so the public form's bundle carries none of this. See
 * docs/architecture.md "Widget registry".
 */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import { AddressSettings } from './address';
import { CurrencyInputSettings } from './currency-input';
import { DateTimePickerSettings } from './date-time-picker';
import { DropdownSettings } from './dropdown';
import { FileUploadSettings } from './file-upload';
import { ImageChoiceSettings } from './image-choice';
import { MatrixSettings } from './matrix';
import { MultiSelectSettings } from './multi-select';
import { NumberInputSettings } from './number-input';
import { OpinionScaleSettings } from './opinion-scale';
import { SliderSettings } from './slider';
import { StarRatingSettings } from './star-rating';
import { StatementSettings } from './statement';
import { OptionsSetting } from './shared/options-editor';
import { PlaceholderSetting } from './shared/placeholder-setting';
import {
  CheckboxDefault,
  OpinionScaleDefault,
  OptionDefault,
  OptionsDefault,
  SliderDefault,
  StarRatingDefault,
  textDefault,
  type DefaultInput,
} from './shared/default-inputs';
import type { WidgetOf, WidgetSettings } from './shared/types';

/** Every type's settings on the question card, keyed by type. */
export const WIDGET_SETTINGS: { readonly [T in WidgetType]: WidgetSettings<WidgetOf<T>> | null } = {
  ShortAnswer: PlaceholderSetting,
  LongAnswer: PlaceholderSetting,
  EmailInput: PlaceholderSetting,
  NumberInput: NumberInputSettings,
  CurrencyInput: CurrencyInputSettings,
  PhoneNumber: PlaceholderSetting,
  URLInput: PlaceholderSetting,
  MultipleChoice: OptionsSetting,
  Dropdown: DropdownSettings,
  Checkboxes: OptionsSetting,
  Checkbox: null,
  Ranking: OptionsSetting,
  Matrix: MatrixSettings,
  DatePicker: null,
  TimePicker: null,
  DateTimePicker: DateTimePickerSettings,
  StarRating: StarRatingSettings,
  OpinionScale: OpinionScaleSettings,
  Slider: SliderSettings,
  MultiSelect: MultiSelectSettings,
  ImageChoice: ImageChoiceSettings,
  Address: AddressSettings,
  Statement: StatementSettings,
  FileUpload: FileUploadSettings,
  Signature: null,
};

/** A one-line input per kind of text a default may be. */
const TEXT_DEFAULT = textDefault();
const EMAIL_DEFAULT = textDefault('email');
const NUMBER_DEFAULT = textDefault('number');
const TEL_DEFAULT = textDefault('tel');
const URL_DEFAULT = textDefault('url');

/**
 * Every type's input of a fixed default answer on the question card (`rules/defaults.ts`), keyed by type: `null` for a
 * type that takes no default. It offers one exactly when the type's answer rules say `takesDefault` (a web test checks
 * the two lists agree).
 */
export const WIDGET_DEFAULT_INPUTS: { readonly [T in WidgetType]: DefaultInput<WidgetOf<T>> | null } = {
  ShortAnswer: TEXT_DEFAULT,
  LongAnswer: TEXT_DEFAULT,
  EmailInput: EMAIL_DEFAULT,
  NumberInput: NUMBER_DEFAULT,
  CurrencyInput: TEXT_DEFAULT,
  PhoneNumber: TEL_DEFAULT,
  URLInput: URL_DEFAULT,
  MultipleChoice: OptionDefault,
  Dropdown: OptionDefault,
  Checkboxes: OptionsDefault,
  Checkbox: CheckboxDefault,
  Ranking: null,
  Matrix: null,
  DatePicker: textDefault('date'),
  TimePicker: textDefault('time'),
  DateTimePicker: textDefault('datetime-local'),
  StarRating: StarRatingDefault,
  OpinionScale: OpinionScaleDefault,
  Slider: SliderDefault,
  MultiSelect: OptionsDefault,
  ImageChoice: null,
  Address: null,
  Statement: null,
  FileUpload: null,
  Signature: null,
};

/** The input of `widget`'s fixed default answer, typed for that widget, or `null` when its type takes no default. */
export function defaultInputOf(widget: Widget): DefaultInput<Widget> | null {
  return WIDGET_DEFAULT_INPUTS[widget.type] as DefaultInput<Widget> | null;
}

/**
 * The settings of `widget`'s type, typed for that widget, or `null` when the type has none. (TypeScript cannot
 * tie a union-typed widget to the entry of its own type; the registry's type guarantees each entry matches.)
 */
export function settingsOf(widget: Widget): WidgetSettings<Widget> | null {
  return WIDGET_SETTINGS[widget.type] as WidgetSettings<Widget> | null;
}
