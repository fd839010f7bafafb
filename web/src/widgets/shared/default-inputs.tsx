/**
 * The inputs of a question's fixed default answer on the editor's question card (`rules/defaults.ts`): each gives the
 * answer as a respondent's browser would send it (typed text, an option id, ids, `true`/`false`, a number), which
 * saving checks with the type's own `checkAnswer`. The registry (`web/src/widgets/registry.ts`
 * `WIDGET_DEFAULT_INPUTS`) names the input of each type that takes a default. Mantine; editor only.
 */
import type { ComponentType } from 'react';
import { MultiSelect, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { scaleNumbers } from '@formloom/contracts/answers/opinion-scale';
import { sliderRange } from '@formloom/contracts/answers/slider';
import { starCount } from '@formloom/contracts/answers/star-rating';
import * as copy from '@formloom/contracts/copy';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetOf } from './types';

/** Props of a fixed default's input: the question, the answer so far, and where a new one goes. */
export interface DefaultInputProps<W extends Widget> {
  widget: W;
  value: unknown;
  onChange(value: unknown): void;
  /** The save-time problem of the default (`defaultValueErrors`), shown on the input. */
  error?: string;
}

/** The input of a type's fixed default answer. */
export type DefaultInput<W extends Widget> = ComponentType<DefaultInputProps<W>>;

/** A value as an input's text. */
function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A one-line input of `type` (text, email, tel, url, number, date, time, datetime-local) holding the typed text. */
export function textDefault(type = 'text') {
  function TextDefault({ value, onChange, error }: DefaultInputProps<Widget>) {
    return (
      <TextInput
        label={copy.questions.defaultAnswer}
        size="xs"
        type={type}
        value={asText(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-testid="default-answer"
      />
    );
  }
  return TextDefault;
}

/** A select of `choices` (value → label) with an empty first entry; `parse` turns the chosen value into the answer. */
function selectDefault(value: unknown, onChange: (value: unknown) => void, choices: Array<{ value: string; label: string }>, error: string | undefined, parse: (chosen: string) => unknown = (chosen) => chosen) {
  return (
    <NativeSelect
      label={copy.questions.defaultAnswer}
      size="xs"
      data={[{ value: '', label: copy.questions.chooseDefault }, ...choices]}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : parse(event.currentTarget.value))}
      error={error}
      data-testid="default-answer"
    />
  );
}

/** One option of a choice question (MultipleChoice, Dropdown): its id. */
export function OptionDefault({ widget, value, onChange, error }: DefaultInputProps<WidgetOf<'MultipleChoice' | 'Dropdown'>>) {
  return selectDefault(value, onChange, widget.template.options.map((option) => ({ value: option.id, label: option.label || option.id })), error);
}

/** Several options (Checkboxes, MultiSelect): their ids in the options' order. */
export function OptionsDefault({ widget, value, onChange, error }: DefaultInputProps<WidgetOf<'Checkboxes' | 'MultiSelect'>>) {
  const { options } = widget.template;
  const chosen = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return (
    <MultiSelect
      label={copy.questions.defaultAnswer}
      size="xs"
      data={options.map((option) => ({ value: option.id, label: option.label || option.id }))}
      value={chosen}
      onChange={(ids) => onChange(ids.length > 0 ? options.map((option) => option.id).filter((id) => ids.includes(id)) : undefined)}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="default-answer"
    />
  );
}

/** A Checkbox: ticked or not. */
export function CheckboxDefault({ value, onChange, error }: DefaultInputProps<WidgetOf<'Checkbox'>>) {
  const choices = [
    { value: 'true', label: copy.questions.ticked },
    { value: 'false', label: copy.questions.notTicked },
  ];
  return selectDefault(value, onChange, choices, error, (chosen) => chosen === 'true');
}

/** The numbers of a StarRating (1 … its stars) or an OpinionScale (its start … end). */
export function StarRatingDefault({ widget, value, onChange, error }: DefaultInputProps<WidgetOf<'StarRating'>>) {
  const numbers = Array.from({ length: starCount(widget.template) }, (_, index) => String(index + 1));
  return selectDefault(value, onChange, numbers.map((n) => ({ value: n, label: n })), error, Number);
}

/** A number of an OpinionScale's scale. */
export function OpinionScaleDefault({ widget, value, onChange, error }: DefaultInputProps<WidgetOf<'OpinionScale'>>) {
  return selectDefault(value, onChange, scaleNumbers(widget.template).map((n) => ({ value: String(n), label: String(n) })), error, Number);
}

/** A Slider's position: a number within its range, on its steps. */
export function SliderDefault({ widget, value, onChange, error }: DefaultInputProps<WidgetOf<'Slider'>>) {
  const { min, max, step } = sliderRange(widget.template);
  return (
    <NumberInput
      label={copy.questions.defaultAnswer}
      size="xs"
      min={min}
      max={max}
      step={step}
      value={typeof value === 'number' ? value : ''}
      onChange={(number) => onChange(typeof number === 'number' ? number : undefined)}
      error={error}
      data-testid="default-answer"
    />
  );
}
