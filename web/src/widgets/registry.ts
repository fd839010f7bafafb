/**
 * The editor's settings of each question type: ONE entry per type of `@formloom/contracts/widgets/registry`
 * (`null` for a type without settings of its own), typed by its `WidgetType` — a type without an entry does not
 * compile. The editor's question card shows them; the respondent's renderers are a registry of their own
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

/**
 * The settings of `widget`'s type, typed for that widget, or `null` when the type has none. (TypeScript cannot
 * tie a union-typed widget to the entry of its own type; the registry's type guarantees each entry matches.)
 */
export function settingsOf(widget: Widget): WidgetSettings<Widget> | null {
  return WIDGET_SETTINGS[widget.type] as WidgetSettings<Widget> | null;
}
