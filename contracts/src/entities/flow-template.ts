/**
 * The flow template: the pages (steps) of a form and their questions (widgets). Spec 000 §3 "Flow template";
 * the exact shape is fixed by docs/product-rules.md §2 and widget type names follow Fillout's API.
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
import { CALCULATION_NAME_MAX_LENGTH, MAX_CALCULATION_UPDATES, MAX_CALCULATIONS, MAX_PAGE_RULES, MAX_URL_PARAMS, URL_PARAM_NAME_MAX_LENGTH } from '../limits';
import * as copy from '../copy';
import { Condition, LogicValue } from '../logic-schemas';
import { CALCULATION_OPERATIONS } from '../rules/calculations';
import { URL_PARAM_NAME_PATTERN } from '../rules/url-params';
import { templateId } from '../widgets/define-widget';
import { widgetSchemas } from '../widgets/registry';

/** Widget types a form may hold, derived from the registry (`widgets/registry.ts`). */
export { WIDGET_TYPES, type WidgetType } from '../widgets/registry';
/** One choice of a MultipleChoice, Dropdown or Checkboxes widget (`widgets/shared/options.ts`). */
export { WidgetOption } from '../widgets/shared/options';

const id = templateId;

/**
 * A question on a page: `{id, name, type, template}`, discriminated by `type`. `template` holds its label,
 * `required` flag, placeholder and type-specific settings. One member per registered type
 * (`widgets/registry.ts`); an unknown type is refused.
 */
export const Widget = z.discriminatedUnion('type', widgetSchemas());
/** A widget (question). */
export type Widget = z.infer<typeof Widget>;

/**
 * One navigation rule of a page: when `condition` holds (`rules/conditions.ts`, evaluated on the answers given so
 * far), the respondent goes to the step `nextStep` (a page or an ending).
 */
export const PageRule = z.object({ condition: Condition, nextStep: id });
/** A navigation rule of a page. */
export type PageRule = z.infer<typeof PageRule>;

/**
 * Where a page goes next (`rules/page-path.ts` `nextStepId`): the step of the first of `rules` (in order, at most
 * `MAX_PAGE_RULES`) whose condition holds, else `defaultNextStep`. `rules` is optional: a template saved before
 * rules existed (`{defaultNextStep}`) parses unchanged. Example:
 * `{"defaultNextStep": "end", "rules": [{"condition": {"equals": [{"var": "answers.plan"}, "pro"]}, "nextStep": "pro-page"}]}`.
 */
export const NextStep = z.object({ defaultNextStep: id, rules: z.array(PageRule).max(MAX_PAGE_RULES).optional() });

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
 * A hidden field (`rules/url-params.ts`): `id` (unique across the template's steps, questions and fields) and
 * `name`, the query parameter of the form's link it is read from (letters, digits, `_`, `-`, `.`; ≤ 64).
 */
export const UrlParam = z.object({
  id,
  name: z.string().regex(URL_PARAM_NAME_PATTERN, { message: copy.flows.urlParamName(URL_PARAM_NAME_MAX_LENGTH) }),
});
/** A hidden field. */
export type UrlParam = z.infer<typeof UrlParam>;

/**
 * One update of a calculation (`rules/calculations.ts`): when `when` holds (always, without one), `operation`
 * (`add`, `subtract`, `multiply`, `divide`, `set`) with `value`, a number or a reference to one
 * (`{"var": "answers.<id>"}`, `{"var": "calculations.<id>"}`, `{"var": "urlParams.<name>"}`).
 */
export const CalculationUpdate = z.object({
  when: Condition.optional(),
  operation: z.enum(CALCULATION_OPERATIONS),
  value: LogicValue,
});
/** An update of a calculation. */
export type CalculationUpdate = z.infer<typeof CalculationUpdate>;

/**
 * A calculation: a number variable of the form (`rules/calculations.ts`): `id` (unique across the template),
 * `name` (what the editor and the Results call it, ≤ 64), `initialValue` (finite) and its `updates` (at most
 * `MAX_CALCULATION_UPDATES`, applied in order).
 */
export const Calculation = z.object({
  id,
  name: z.string().trim().min(1, { message: copy.validation.notEmpty }).max(CALCULATION_NAME_MAX_LENGTH),
  initialValue: z.number().refine(Number.isFinite, { message: copy.validation.expected('a number') }),
  updates: z.array(CalculationUpdate).max(MAX_CALCULATION_UPDATES),
});
/** A calculation. */
export type Calculation = z.infer<typeof Calculation>;

/**
 * A form's quiz settings (`rules/quiz.ts`; spec 000 §3 `quizzes.enabled`): `enabled` turns scoring on (the options'
 * `points` count); the ending shows the score unless `showScore` is `false`, and each scored question with its
 * correct answers when `showAnswers` is `true`.
 */
export const QuizSettings = z.object({
  enabled: z.boolean(),
  showScore: z.boolean().optional(),
  showAnswers: z.boolean().optional(),
});
/** Quiz settings. */
export type QuizSettings = z.infer<typeof QuizSettings>;

/**
 * The flow template (docs/product-rules.md §2). Reference checks live in `rules/flow-template.ts`. `urlParams`:
 * the form's hidden fields (at most `MAX_URL_PARAMS`); `calculations`: its number variables (at most
 * `MAX_CALCULATIONS`); `quizzes`: its quiz settings. The other template keys of spec 000 §3 (integrations,
 * settings) are kept as they are until the features that give them meaning define their shapes.
 */
export const FlowTemplate = z.object({
  firstStep: id,
  steps: z.record(id, Step),
  integrations: z.unknown().optional(),
  urlParams: z.array(UrlParam).max(MAX_URL_PARAMS).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  calculations: z.array(Calculation).max(MAX_CALCULATIONS).optional(),
  quizzes: QuizSettings.optional(),
});
/** A flow template. */
export type FlowTemplate = z.infer<typeof FlowTemplate>;
