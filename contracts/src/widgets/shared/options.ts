/**
 * What the choice types (MultipleChoice, Dropdown, Checkboxes) share: the `options` setting, its save-time
 * checks and the choices of a new question (their answer rules: `answers/choices.ts`). Pure.
 */
import { z } from 'zod';
import { copy } from '../../copy';
import { templateId, widgetTemplate, type NewId, type SettingError } from '../define-widget';

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
 * The parts of a `defineWidget` spec every choice type shares besides its answer rules (`answers/choices.ts`):
 * the template (base fields + `options`), the save-time check (unique option ids) and the choices of a new
 * question. A choice type module adds its rules, `editor` copy and `sample`.
 */
export function choiceWidgetParts() {
  return {
    template: choiceTemplate,
    settingErrors: ({ options }: ChoiceTemplate) => duplicateOptionErrors(options),
    newSettings: (newId: NewId) => ({ options: newOptions(newId) }),
  };
}
