/**
 * The flow template: the pages (steps) of a form and their questions (widgets). Spec 000 §3 "Flow template";
 * the exact shape is fixed by issue 2 and widget type names follow Fillout's API.
 *
 * ```json
 * { "firstStep": "s1",
 *   "steps": { "s1": { "id": "s1", "name": "Page 1", "type": "form",
 *                      "template": { "widgets": [ { "id": "w1", "name": "Name", "type": "ShortAnswer",
 *                                                   "template": { "label": "Your name", "required": true } } ] },
 *                      "nextStep": { "defaultNextStep": "end" } },
 *              "end": { "id": "end", "name": "Thank you", "type": "ending",
 *                       "template": { "title": "Thanks!", "body": "…" }, "nextStep": null } } }
 * ```
 */
import { z } from 'zod';

/** Widget types a form may hold (issue 2). Anything else is refused at save time. */
export const WIDGET_TYPES = [
  'ShortAnswer',
  'LongAnswer',
  'EmailInput',
  'NumberInput',
  'PhoneNumber',
  'URLInput',
  'MultipleChoice',
  'Dropdown',
  'Checkboxes',
  'Checkbox',
  'DatePicker',
  'StarRating',
] as const;
/** A widget type name. */
export type WidgetType = (typeof WIDGET_TYPES)[number];

const id = z.string().min(1).max(64);

/** One choice of a MultipleChoice, Dropdown or Checkboxes widget. */
export const WidgetOption = z.object({ id, label: z.string().max(500) });
/** A choice `{id, label}`. */
export type WidgetOption = z.infer<typeof WidgetOption>;

const base = { label: z.string().max(2000), required: z.boolean().default(false), placeholder: z.string().max(500).optional() };
const plain = z.object(base);
const numberTemplate = z.object({ ...base, min: z.number().optional(), max: z.number().optional() });
const optionsTemplate = z.object({ ...base, options: z.array(WidgetOption).max(500) });

function widget<T extends string, S extends z.ZodType>(type: T, template: S) {
  return z.object({ id, name: z.string().max(200), type: z.literal(type), template });
}

/** A question on a page. `template` holds its label, `required` flag and type-specific settings. */
export const Widget = z.discriminatedUnion('type', [
  widget('ShortAnswer', plain),
  widget('LongAnswer', plain),
  widget('EmailInput', plain),
  widget('NumberInput', numberTemplate),
  widget('PhoneNumber', plain),
  widget('URLInput', plain),
  widget('MultipleChoice', optionsTemplate),
  widget('Dropdown', optionsTemplate),
  widget('Checkboxes', optionsTemplate),
  widget('Checkbox', plain),
  widget('DatePicker', plain),
  widget('StarRating', plain),
]);
/** A widget (question). */
export type Widget = z.infer<typeof Widget>;

/** Where a step goes next: `defaultNextStep` names another step's id. */
export const NextStep = z.object({ defaultNextStep: id });

/** A page of questions. */
export const FormStep = z.object({
  id,
  name: z.string().max(200),
  type: z.literal('form'),
  template: z.object({ widgets: z.array(Widget) }),
  nextStep: NextStep,
});
/** A page of questions. */
export type FormStep = z.infer<typeof FormStep>;

/** The thank-you page shown after submitting; it has no next step. */
export const EndingStep = z.object({
  id,
  name: z.string().max(200),
  type: z.literal('ending'),
  template: z.object({ title: z.string().max(500), body: z.string().max(5000) }),
  nextStep: z.null(),
});
/** An ending page. */
export type EndingStep = z.infer<typeof EndingStep>;

/** A step of the flow: a page of questions or an ending. */
export const Step = z.discriminatedUnion('type', [FormStep, EndingStep]);
/** A step. */
export type Step = z.infer<typeof Step>;

/**
 * The flow template (issue 2 shape). Reference checks live in `rules/flow-template.ts`. The other template
 * keys of spec 000 §3 (integrations, urlParams, settings, calculations, quizzes) are kept as they are until
 * the issues that give them meaning define their shapes.
 */
export const FlowTemplate = z.object({
  firstStep: id,
  steps: z.record(id, Step),
  integrations: z.unknown().optional(),
  urlParams: z.unknown().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  calculations: z.unknown().optional(),
  quizzes: z.unknown().optional(),
});
/** A flow template. */
export type FlowTemplate = z.infer<typeof FlowTemplate>;
