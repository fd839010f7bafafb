/**
 * The respondent's renderers: ONE per question type of `@formloom/contracts/widgets/registry`, typed by its
 * `WidgetType` (a type without a renderer, or a renderer of the wrong type, does not compile). The public form
 * (`respondent/form-runner.tsx`) renders every question through {@link FieldOf}; the editor's settings of each
 * type live apart (`web/src/widgets/registry.ts`), so none of the editor's code reaches the public form's bundle.
 * See docs/architecture.md "Widget registry".
 */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import { CheckboxField } from './checkbox';
import { CheckboxesField, DropdownField, MultipleChoiceField } from './choices';
import { CurrencyInputField } from './currency-input';
import { ImageChoiceField } from './image-choice';
import { LongAnswerField } from './long-answer';
import { OpinionScaleField } from './opinion-scale';
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
import { lazyField, type LazyField } from './lazy';
import type { FieldComponent, WidgetOf } from './types';

/** The renderers in their own chunks (fields/lazy.tsx): large, and used by fewer forms. */
const lazyAddress = lazyField(() => import('./address').then((module) => module.AddressField));
const lazyFileUpload = lazyField(() => import('./file-upload').then((module) => module.FileUploadField));
const lazyMatrix = lazyField(() => import('./matrix').then((module) => module.MatrixField));
const lazyMultiSelect = lazyField(() => import('./multi-select').then((module) => module.MultiSelectField));
const lazyRanking = lazyField(() => import('./ranking').then((module) => module.RankingField));
const lazySignature = lazyField(() => import('./signature').then((module) => module.SignatureField));
const LAZY: { readonly [T in WidgetType]?: LazyField<WidgetOf<T>> } = {
  Address: lazyAddress,
  FileUpload: lazyFileUpload,
  Matrix: lazyMatrix,
  MultiSelect: lazyMultiSelect,
  Ranking: lazyRanking,
  Signature: lazySignature,
};

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
  Ranking: lazyRanking.Component,
  Matrix: lazyMatrix.Component,
  DatePicker: DatePickerField,
  TimePicker: TimePickerField,
  DateTimePicker: DateTimePickerField,
  StarRating: StarRatingField,
  OpinionScale: OpinionScaleField,
  Slider: SliderField,
  MultiSelect: lazyMultiSelect.Component,
  ImageChoice: ImageChoiceField,
  Address: lazyAddress.Component,
  Statement: StatementField,
  FileUpload: lazyFileUpload.Component,
  Signature: lazySignature.Component,
};

/**
 * Starts fetching the renderers `widgets` need that are in their own chunks, so they are there when the
 * respondent reaches their page. Resolves when all have loaded (or failed: a failed one shows its message).
 */
export function preloadFields(widgets: Iterable<Pick<Widget, 'type'>>): Promise<unknown> {
  const types = new Set([...widgets].map((widget) => widget.type));
  return Promise.allSettled([...types].map((type) => LAZY[type]?.preload()));
}

/**
 * The renderer of `widget`'s type, typed for that widget. (TypeScript cannot tie a union-typed widget to the
 * entry of its own type; the registry's type guarantees each entry matches its key.)
 */
export function FieldOf(widget: Widget): FieldComponent<Widget> {
  return FIELDS[widget.type] as FieldComponent<Widget>;
}
