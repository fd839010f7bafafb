/**
 * What the choice types (MultipleChoice, Dropdown, Checkboxes, Ranking) share: the `options` setting, its
 * save-time checks and the choices of a new question (their answer rules: `answers/choices.ts`,
 * `answers/ranking.ts`), and the lists of `{id, label}` items of any type (a Matrix's rows and columns too). Pure.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { QUIZ_POINTS_MAX } from '../../limits';
import { templateId, widgetTemplate, type NewId, type SettingError } from '../define-widget';

/** One choice of a MultipleChoice, Dropdown or Checkboxes widget: `{id, label (≤ 500)}`. */
export const WidgetOption = z.object({ id: templateId, label: z.string().max(500) });
/** A choice `{id, label}`. */
export type WidgetOption = z.infer<typeof WidgetOption>;

/**
 * A choice of a question that can be scored in a quiz (`rules/quiz.ts`): `{id, label, points?}`, `points` from
 * -`QUIZ_POINTS_MAX` to `QUIZ_POINTS_MAX` (none: 0).
 */
export const ScoredOption = WidgetOption.extend({ points: z.number().min(-QUIZ_POINTS_MAX).max(QUIZ_POINTS_MAX).optional() });
/** A choice `{id, label, points?}`. */
export type ScoredOption = z.infer<typeof ScoredOption>;

/** The most options a question may have (choices, a Ranking's, a MultiSelect's, an ImageChoice's cards). */
export const MAX_OPTIONS = 500;

/** The `options` setting of a choice type: at most {@link MAX_OPTIONS} choices, each with its quiz points. */
export const optionsSetting = { options: z.array(ScoredOption).max(MAX_OPTIONS) };

/**
 * The settings of a widget template that hold lists of `{id, label}` items whose ids the editor keeps unique
 * across the whole template: the choice types' and Ranking's `options`, a Matrix's `rows` and `columns`.
 */
export const ITEM_LISTS = ['options', 'rows', 'columns'] as const;
/** A name of {@link ITEM_LISTS}. */
export type ItemList = (typeof ITEM_LISTS)[number];

/** The item lists a widget template has (`[['rows', […]], ['columns', […]]]` for a Matrix), in {@link ITEM_LISTS}' order. */
export function itemListsOf(template: object): Array<[ItemList, WidgetOption[]]> {
  const lists: Array<[ItemList, WidgetOption[]]> = [];
  for (const list of ITEM_LISTS) {
    const items: unknown = (template as Partial<Record<ItemList, unknown>>)[list];
    if (Array.isArray(items)) lists.push([list, items as WidgetOption[]]);
  }
  return lists;
}

/**
 * Save-time check: the ids of a widget's items are unique within the widget, across all of `lists` (a Matrix's
 * rows and columns together): `copy.flows.duplicateOptionId` at each repeat's `<list>.<i>.id`.
 */
export function duplicateItemErrors(lists: ReadonlyArray<readonly [ItemList, readonly WidgetOption[]]>): SettingError[] {
  const errors: SettingError[] = [];
  const seen = new Set<string>();
  for (const [list, items] of lists) {
    items.forEach((item, index) => {
      if (seen.has(item.id)) errors.push({ path: `${list}.${index}.id`, message: copy.flows.duplicateOptionId(item.id) });
      seen.add(item.id);
    });
  }
  return errors;
}

/** Save-time check: option ids are unique within a widget (`copy.flows.duplicateOptionId` at `options.<i>.id`). */
export function duplicateOptionErrors(options: readonly WidgetOption[]): SettingError[] {
  return duplicateItemErrors([['options', options]]);
}

/** The label of a new choice: 'Option N' (ours). */
export function newOptionLabel(position: number): string {
  return `Option ${position}`;
}

/** The label of a new item of `list`: 'Option N', a Matrix's 'Row N' and 'Column N' (ours). */
export function newItemLabel(list: ItemList, position: number): string {
  if (list === 'rows') return `Row ${position}`;
  return list === 'columns' ? `Column ${position}` : newOptionLabel(position);
}

/** The id prefix of a new item of `list` (`o`, `r`, `c`), for `NewId`. */
export function newItemIdPrefix(list: ItemList): string {
  return list === 'options' ? 'o' : list.charAt(0);
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
