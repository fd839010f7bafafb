/**
 * Custom columns (spec 001 §3 "Custom column": name, type, options): the owners' own columns of a form's Results —
 * notes, a category, a score — kept in the flow's `settings` under {@link CUSTOM_COLUMNS_SETTING} (spec 000 §3 flow
 * `settings`), in the order they were added. Their values are the flows service's, one per submission and column,
 * never part of the respondent's answers. What a value may be is the rule of the question type of the same name
 * (`rules/custom-columns.ts`): a Dropdown column takes what a Dropdown question takes.
 */
import { z } from 'zod';
import {
  CUSTOM_COLUMN_NAME_MAX_LENGTH,
  CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH,
  CUSTOM_COLUMN_OPTIONS_MAX,
  CUSTOM_COLUMNS_MAX,
} from '../limits';
import type { WidgetType } from '../widgets/registry';

/**
 * The column types (spec 001 §3), named as the question types whose answer rules they use: ShortAnswer (Short
 * text), LongAnswer (Long text), NumberInput (Number), Checkbox, Dropdown, MultiSelect (Multi-select).
 */
export const CUSTOM_COLUMN_TYPES = ['ShortAnswer', 'LongAnswer', 'NumberInput', 'Checkbox', 'Dropdown', 'MultiSelect'] as const satisfies readonly WidgetType[];

/** A column type ({@link CUSTOM_COLUMN_TYPES}). */
export const CustomColumnType = z.enum(CUSTOM_COLUMN_TYPES);
/** `ShortAnswer` … `MultiSelect`. */
export type CustomColumnType = z.infer<typeof CustomColumnType>;

/** The key of the flow settings that holds the form's custom columns. */
export const CUSTOM_COLUMNS_SETTING = 'customColumns';

/** A column's or an option's id: made by the flows service, unique within the form (columns) or the column (options). */
export const CustomColumnId = z.string().min(1).max(64);

/** One option of a Dropdown or Multi-select column: `{id, label}` (label trimmed, non-blank). */
export const CustomColumnOption = z.object({
  id: CustomColumnId,
  label: z.string().trim().min(1).max(CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH),
});
/** `{id, label}`. */
export type CustomColumnOption = z.infer<typeof CustomColumnOption>;

/**
 * A custom column as the flow's settings keep it: `id` (the `customFieldId` its creation answers), `name` (trimmed,
 * 1–{@link CUSTOM_COLUMN_NAME_MAX_LENGTH} characters), `type`, and — for Dropdown and Multi-select only — its
 * `options` (1–{@link CUSTOM_COLUMN_OPTIONS_MAX}).
 */
export const CustomColumn = z.object({
  id: CustomColumnId,
  name: z.string().trim().min(1).max(CUSTOM_COLUMN_NAME_MAX_LENGTH),
  type: CustomColumnType,
  options: z.array(CustomColumnOption).min(1).max(CUSTOM_COLUMN_OPTIONS_MAX).optional(),
});
/** `{id, name, type, options?}`. */
export type CustomColumn = z.infer<typeof CustomColumn>;

/**
 * A submission's value of a custom column, in the shape of a submission's question (`{id, name, type, value,
 * displayValue}`): the column's id, name and type, the stored value (`null` when none was set) and the text a
 * person reads (`rules/custom-columns.ts` `displayCustomColumnValue`: an option's label, 'Yes'/'No', '' when unset).
 */
export const SubmissionCustomColumn = z.object({
  id: z.string(),
  name: z.string(),
  type: CustomColumnType,
  value: z.unknown(),
  displayValue: z.string(),
});
/** `{id, name, type, value, displayValue}`. */
export type SubmissionCustomColumn = z.infer<typeof SubmissionCustomColumn>;

/**
 * The custom columns kept in a flow's `settings` ({@link CUSTOM_COLUMNS_SETTING}), in order: `[]` when there are
 * none. Entries that are not a {@link CustomColumn} (settings written by hand at a flow's creation) and a repeated
 * id after its first are left out, as is everything after {@link CUSTOM_COLUMNS_MAX}. Never throws.
 */
export function customColumnsOf(settings: Readonly<Record<string, unknown>>): CustomColumn[] {
  const stored = settings[CUSTOM_COLUMNS_SETTING];
  const list: unknown[] = Array.isArray(stored) ? stored.slice(0, CUSTOM_COLUMNS_MAX) : [];
  const seen = new Set<string>();
  return list.flatMap((entry) => {
    const column = CustomColumn.safeParse(entry);
    if (!column.success || seen.has(column.data.id)) return [];
    seen.add(column.data.id);
    return [column.data];
  });
}

/**
 * `settings` with its custom columns left out: what a respondent's public form is given (spec 000 §7 `GET
 * /public/flows/templates/…` reads `flow.settings`), since the owners' column names and options are theirs.
 */
export function withoutCustomColumns(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const rest = { ...settings };
  delete rest[CUSTOM_COLUMNS_SETTING];
  return rest;
}
