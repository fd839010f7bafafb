/**
 * The widget (question) type registry: the ONE list that names every type a form may hold. `WIDGET_TYPES`, the
 * `Widget` union (`entities/flow-template.ts`), `checkAnswer` (`rules/answers.ts`) and {@link displayAnswer}
 * derive from it. Adding a type = one module `widgets/<type>.ts` made with `defineWidget`, plus one line here
 * (and its web module, `web/src/widgets/registry.ts`). See docs/architecture.md "Widget registry".
 *
 * Types and their order (the 'Add question' menu's) are docs/product-rules.md §2's; names follow Fillout's API. Pure; runs in
 * the browser and the services.
 */
import type { z } from 'zod';
import type { Widget } from '../entities/flow-template';
import type { AnswerCheck, NewId, SettingError, WidgetEditorCopy } from './define-widget';
import { address } from './address';
import { checkbox } from './checkbox';
import { checkboxes } from './checkboxes';
import { currencyInput } from './currency-input';
import { datePicker } from './date-picker';
import { dateTimePicker } from './date-time-picker';
import { dropdown } from './dropdown';
import { emailInput } from './email-input';
import { fileUpload } from './file-upload';
import { imageChoice } from './image-choice';
import { longAnswer } from './long-answer';
import { matrix } from './matrix';
import { multiSelect } from './multi-select';
import { multipleChoice } from './multiple-choice';
import { numberInput } from './number-input';
import { opinionScale } from './opinion-scale';
import { phoneNumber } from './phone-number';
import { ranking } from './ranking';
import { shortAnswer } from './short-answer';
import { signature } from './signature';
import { slider } from './slider';
import { starRating } from './star-rating';
import { statement } from './statement';
import { timePicker } from './time-picker';
import { urlInput } from './url-input';

/** Every widget type's definition, in the 'Add question' menu's order. */
export const WIDGET_DEFINITIONS = [
  shortAnswer,
  longAnswer,
  emailInput,
  numberInput,
  currencyInput,
  phoneNumber,
  urlInput,
  address,
  multipleChoice,
  dropdown,
  checkboxes,
  multiSelect,
  imageChoice,
  checkbox,
  ranking,
  matrix,
  datePicker,
  timePicker,
  dateTimePicker,
  starRating,
  opinionScale,
  slider,
  fileUpload,
  signature,
  statement,
] as const;

type Definitions = typeof WIDGET_DEFINITIONS;

/** A widget type name (`ShortAnswer`, …). */
export type WidgetType = Definitions[number]['type'];

/** Every widget type name, in registry order. Anything else is refused at save time. */
export const WIDGET_TYPES: readonly WidgetType[] = WIDGET_DEFINITIONS.map((definition) => definition.type);

/** The widgets' zod schemas as a tuple, for `z.discriminatedUnion('type', …)`. */
export type WidgetSchemas = SchemasOf<Definitions>;
/** Maps a tuple of definitions to the tuple of their schemas (generic, so the result stays a tuple). */
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends { schema: infer S } ? S : never };

/** The zod schema of each type, in registry order (what `entities/flow-template.ts` `Widget` is made of). */
export function widgetSchemas(): WidgetSchemas {
  // A mapped tuple type cannot be produced by `Array.prototype.map`; the elements are exactly the schemas.
  return WIDGET_DEFINITIONS.map((definition) => definition.schema) as unknown as WidgetSchemas;
}

/**
 * A definition seen through the registry: its functions take any widget and template. Only the dispatchers
 * below call them, always with a widget of the definition's own type.
 */
interface RegisteredWidget {
  type: WidgetType;
  takesAnswer: boolean;
  editor: WidgetEditorCopy;
  checkAnswer(value: unknown, template: Widget['template']): AnswerCheck;
  displayAnswer(value: unknown, widget: Widget): string;
  settingErrors(template: Widget['template']): SettingError[];
  publishProblems(template: Widget['template']): SettingError[];
  newSettings(newId: NewId): Record<string, unknown>;
  sample: { settings: object; answer: unknown; display: string };
  schema: z.ZodType;
}

const BY_TYPE = new Map<string, RegisteredWidget>(
  WIDGET_DEFINITIONS.map((definition) => [definition.type, definition as unknown as RegisteredWidget]),
);

/**
 * The registered definition of `type` (editor copy, sample, schema, checks).
 * @throws Error for a type that is not registered (a `Widget` parsed by its schema always is).
 */
export function widgetDefinition(type: WidgetType): RegisteredWidget {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new Error(`Unknown widget type "${type}"`);
  return definition;
}

/** The editor's copy of `type`: visible name, default label of a new question, hint. */
export function widgetEditorCopy(type: WidgetType): WidgetEditorCopy {
  return widgetDefinition(type).editor;
}

// Answers are checked and displayed by the zod-free answer rules (`answers/registry.ts`).
export { checkWidgetAnswer, displayAnswer, takesAnswer } from '../answers/registry';

/**
 * Save-time errors of the widget's own settings (a NumberInput's `min` above its `max`, a repeated choice id, a
 * Matrix's row id repeated among its columns),
 * with paths relative to the widget's `template`; `[]` when sound.
 */
export function widgetSettingErrors(widget: Widget): SettingError[] {
  return widgetDefinition(widget.type).settingErrors(widget.template);
}

/**
 * What keeps the widget from being published beyond the checks every question gets (its type's
 * `publishProblems`: an ImageChoice card without an image, a MultiSelect asking for more choices than it has),
 * with paths relative to the widget's `template`; `[]` when it may be published.
 */
export function widgetPublishProblems(widget: Widget): SettingError[] {
  return widgetDefinition(widget.type).publishProblems(widget.template);
}

/**
 * A new question of `type` with id `id`: named and labelled with the type's default label, not required, with
 * the type's own new settings (three choices 'Option 1'…'Option 3' for choice types and Ranking, three rows and
 * three columns for a Matrix, their ids from `newId`; the Net Promoter Score scale for OpinionScale …).
 */
export function newWidget(type: WidgetType, id: string, newId: NewId): Widget {
  const { editor, newSettings } = widgetDefinition(type);
  const template = { label: editor.defaultLabel, required: false, ...newSettings(newId) };
  // The registry pairs `type` with its own settings; the module tests parse every new widget with `Widget`.
  return { id, name: editor.defaultLabel, type, template } as Widget;
}
