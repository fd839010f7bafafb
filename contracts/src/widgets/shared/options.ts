/**
 * What the choice types (MultipleChoice, Dropdown, Checkboxes) share: the `options` setting, its save-time
 * checks, the answer checks (one option id, or a list of distinct option ids), option labels for display, and
 * the choices of a new question. Pure.
 */
import { z } from 'zod';
import { copy } from '../../copy';
import { formatValue } from '../../logic';
import { fail, pass, templateId, widgetTemplate, type AnswerCheck, type NewId, type SettingError } from '../define-widget';

/** One choice of a MultipleChoice, Dropdown or Checkboxes widget: `{id, label (≤ 500)}`. */
export const WidgetOption = z.object({ id: templateId, label: z.string().max(500) });
/** A choice `{id, label}`. */
export type WidgetOption = z.infer<typeof WidgetOption>;

/** The `options` setting of a choice type: at most 500 choices. */
const optionsSetting = { options: z.array(WidgetOption).max(500) };

/** Save-time check: option ids are unique within a widget (`copy.flows.duplicateOptionId` at `options.<i>.id`). */
export function duplicateOptionErrors(options: readonly WidgetOption[]): SettingError[] {
  const errors: SettingError[] = [];
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (seen.has(option.id)) errors.push({ path: `options.${index}.id`, message: copy.flows.duplicateOptionId(option.id) });
    seen.add(option.id);
  });
  return errors;
}

/** MultipleChoice / Dropdown answer: the id of one of the widget's options (`copy.answers.invalidOption`). */
export function checkOneOption(value: unknown, options: readonly WidgetOption[]): AnswerCheck {
  return typeof value === 'string' && options.some((option) => option.id === value)
    ? pass(value)
    : fail(copy.answers.invalidOption);
}

/**
 * Checkboxes answer: a non-empty array of distinct option ids, stored in the order given
 * (`copy.answers.invalidOption`, `copy.answers.duplicateOption`).
 */
export function checkSomeOptions(value: unknown, options: readonly WidgetOption[]): AnswerCheck {
  if (!Array.isArray(value)) return fail(copy.answers.invalidOption);
  const ids = new Set(options.map((option) => option.id));
  if (!value.every((item) => typeof item === 'string' && ids.has(item))) return fail(copy.answers.invalidOption);
  return new Set(value).size === value.length ? pass(value) : fail(copy.answers.duplicateOption);
}

/**
 * The text of a choice answer: the LABEL of each chosen option id, several joined with ', ' in answer order.
 * An id that names no option (a hand-made record) reads as itself; other values as `formatValue` does.
 */
export function displayOptions(value: unknown, options: readonly WidgetOption[]): string {
  const labelOf = (item: unknown) =>
    typeof item === 'string' ? (options.find((option) => option.id === item)?.label ?? item) : formatValue(item);
  return Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value);
}

/** The label of a new choice: 'Option N' (ours). */
export function newOptionLabel(position: number): string {
  return `Option ${position}`;
}

/** The choices of a new choice question: 'Option 1' … 'Option 3', with ids from `newId('o')`. */
export function newOptions(newId: NewId): WidgetOption[] {
  return [1, 2, 3].map((position) => ({ id: newId('o'), label: newOptionLabel(position) }));
}

const choiceTemplate = widgetTemplate(optionsSetting);
/** The parsed template of a choice type: the base fields and `options`. */
type ChoiceTemplate = z.output<typeof choiceTemplate>;

/**
 * The parts of a `defineWidget` spec every choice type shares, with `check` as its answer check: the template
 * (base fields + `options`), the answer check, the text (option labels), the save-time check (unique option
 * ids) and the choices of a new question. A choice type module adds its `type`, `editor` copy and `sample`.
 */
export function choiceWidgetParts(check: (value: unknown, options: readonly WidgetOption[]) => AnswerCheck) {
  return {
    template: choiceTemplate,
    checkAnswer: (value: unknown, { options }: ChoiceTemplate) => check(value, options),
    displayAnswer: (value: unknown, { template }: { template: ChoiceTemplate }) => displayOptions(value, template.options),
    settingErrors: ({ options }: ChoiceTemplate) => duplicateOptionErrors(options),
    newSettings: (newId: NewId) => ({ options: newOptions(newId) }),
  };
}
