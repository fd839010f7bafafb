/**
 * The one helper every widget (question) type module is written with: {@link defineWidget}. A type module
 * (`widgets/<type>.ts`) gives its type name, its template schema (label, required, placeholder and its own
 * settings), its answer check, how an answer reads as text, the editor's copy for it and a sample answer; the
 * registry (`widgets/registry.ts`) lists the modules. The answer check and text come from the type's zod-free
 * answer rules (`answers/<type>.ts`), spread into the spec. See docs/architecture.md "Widget registry".
 *
 * Pure; runs in the browser and the services.
 */
import { z } from 'zod';
import type { AnswerCheck } from '../answers/define';
import { Condition } from '../logic-schemas';
import { RichText } from './shared/rich-text';

/** Ids of steps, widgets and options in a flow template: 1–64 characters (docs/product-rules.md §2). */
export const templateId = z.string().min(1).max(64);

/**
 * A question's default answer (`rules/defaults.ts`): `{kind: 'fixed', value}`, an answer as a respondent would send
 * it (saving checks it with the type's `checkAnswer`; an empty one is no default), or `{kind: 'urlParam',
 * urlParamId}`, the value of one of the form's hidden fields (`urlParams`) from the form's link.
 */
export const DefaultValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), value: z.unknown() }),
  z.object({ kind: z.literal('urlParam'), urlParamId: templateId }),
]);

/**
 * The template fields every widget type has: `label` (≤ 2000), `required` (default false), `placeholder` (≤ 500),
 * `visibleIf`, a condition (`rules/conditions.ts`) on earlier answers: when set, the question is on the path (and
 * checked, and its answer kept) only while it holds (`rules/page-path.ts` `visibleWidgets`); `description`, rich
 * text under the label (`widgets/shared/rich-text.ts`); `defaultValue`, its default answer ({@link DefaultValue}),
 * for a type that takes one (`takesDefault`); and `hidden`: never shown, its answer is its default
 * (`rules/defaults.ts`; never `required`).
 */
export const baseTemplateShape = {
  label: z.string().max(2000),
  required: z.boolean().default(false),
  placeholder: z.string().max(500).optional(),
  visibleIf: Condition.optional(),
  description: RichText.optional(),
  defaultValue: DefaultValue.optional(),
  hidden: z.boolean().optional(),
};

/** The names of {@link baseTemplateShape}'s fields. */
type BaseTemplateKey = keyof typeof baseTemplateShape;

/**
 * A widget type's template schema: {@link baseTemplateShape} plus the type's own settings
 * (`widgetTemplate({min: z.number().optional()})`). Unknown keys are dropped when parsing.
 */
export function widgetTemplate<const S extends z.ZodRawShape = Record<never, z.ZodType>>(settings?: S) {
  return z.object({ ...baseTemplateShape, ...(settings ?? ({} as S)) });
}

/** Any widget template schema made by {@link widgetTemplate}. */
export type AnyTemplateSchema = z.ZodObject;

// The answer outcome and its helpers live with the zod-free answer rules (`answers/define.ts`).
export { fail, isEmptyAnswer, pass, type AnswerCheck } from '../answers/define';

/** A widget of type `T` whose template is the output of `S`: `{id, name, type, template}`. */
export interface WidgetShape<T extends string, S extends AnyTemplateSchema> {
  id: string;
  name: string;
  type: T;
  template: z.output<S>;
}

/** The zod schema of a widget of type `T` with template schema `S`. */
export type WidgetSchema<T extends string, S extends AnyTemplateSchema> = z.ZodObject<
  { id: typeof templateId; name: z.ZodString; type: z.ZodLiteral<T>; template: S },
  z.core.$strip
>;

/** A template setting error: `path` relative to the widget's `template` (`min`, `options.2.id`) and its message. */
export interface SettingError {
  path: string;
  message: string;
}

/** Makes ids unique across the whole flow template: `newId('o')` → `o3k9x…`. */
export type NewId = (prefix: string) => string;

/**
 * What the editor shows for a type (product copy, ours: the spec names no question types): its visible name
 * in the 'Add question' menu and on the question card, the label (and name) of a new question, and a short
 * hint.
 */
export interface WidgetEditorCopy {
  name: string;
  defaultLabel: string;
  hint: string;
}

/** The type-specific part of a template's input (everything but label, required and placeholder). */
export type WidgetSettings<S extends AnyTemplateSchema> = Omit<z.input<S>, BaseTemplateKey>;

/** A sample answer of a type: the settings it needs, the answer as a respondent sends it, and its text. */
export interface WidgetSample<S extends AnyTemplateSchema> {
  /** The type's own settings for the sample question (`{}` when it has none). */
  settings: WidgetSettings<S>;
  /** A valid answer, as the public form sends it. */
  answer: unknown;
  /** `displayAnswer` of the normalized answer. */
  display: string;
}

/** What a type module gives {@link defineWidget}. */
export interface WidgetSpec<T extends string, S extends AnyTemplateSchema> {
  /** The type name (Fillout's, e.g. `ShortAnswer`). */
  type: T;
  /**
   * `false` for a type that takes no answer (a Statement), from its answer rules (`answers/define.ts`): never
   * required, checked, stored, listed among a submission's questions or used in a condition. Omitted: `true`.
   */
  takesAnswer?: boolean;
  /** The template schema, made with {@link widgetTemplate}. */
  template: S;
  /** The editor's copy for this type. */
  editor: WidgetEditorCopy;
  /**
   * Checks a NON-empty answer ({@link isEmptyAnswer} answers never reach it) against the question's parsed
   * template: the normalized value to store, or a `copy.answers` message. Never throws.
   */
  checkAnswer(value: unknown, template: z.output<S>): AnswerCheck;
  /**
   * The text a person reads for a NON-empty, normalized answer (option labels, 'Yes'/'No', 'March 5, 2026'…).
   * Must accept any value (older records, hand-made events) and never throw.
   */
  displayAnswer(value: unknown, widget: WidgetShape<T, S>): string;
  /** Errors of the type's own settings at save time (`[]` when sound); paths relative to `template`. */
  settingErrors?(template: z.output<S>): SettingError[];
  /**
   * What keeps a question of this type from being published beyond the checks every question gets
   * (`rules/publish-checks.ts`: label, choices) — a draft may be incomplete, the live form may not (an
   * ImageChoice card without an image). `[]` when it may be published; paths relative to `template`.
   */
  publishProblems?(template: z.output<S>): SettingError[];
  /** The settings of a new question of this type (for example three choices); `{}` when it has none. */
  newSettings?(newId: NewId): WidgetSettings<S>;
  /** A sample answer (tests prove every type end to end with it). */
  sample: WidgetSample<S>;
}

/** A widget type as the registry holds it: the spec, with defaults filled in, plus the widget's zod `schema`. */
export interface WidgetDefinition<T extends string, S extends AnyTemplateSchema> extends Required<WidgetSpec<T, S>> {
  /** `{id, name (≤ 200), type: T, template: S}`. */
  schema: WidgetSchema<T, S>;
}

/**
 * Defines a widget type (docs/architecture.md "Widget registry"). Returns the definition with the widget's
 * schema built and the optional parts defaulted (`takesAnswer` → true, `settingErrors` and `publishProblems` → none,
 * `newSettings` → `{}`). Add the result
 * to `WIDGET_DEFINITIONS` in `widgets/registry.ts`.
 */
export function defineWidget<const T extends string, S extends AnyTemplateSchema>(spec: WidgetSpec<T, S>): WidgetDefinition<T, S> {
  const schema = z.object({ id: templateId, name: z.string().max(200), type: z.literal(spec.type), template: spec.template });
  return {
    takesAnswer: true,
    settingErrors: () => [],
    publishProblems: () => [],
    newSettings: () => ({}) as WidgetSettings<S>,
    ...spec,
    schema,
  };
}
