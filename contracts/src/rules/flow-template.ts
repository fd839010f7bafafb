/**
 * Flow template rules (spec 000 §3 "Flow template"; shape in `entities/flow-template.ts`): validation at
 * save time, page order, and the template of a new blank form. Pure; runs in the browser and the services.
 */
import type { FieldError } from '../errors';
import { FlowTemplate, type Widget } from '../entities/flow-template';
import { isEmptyAnswer } from '../answers/define';
import { checkWidgetAnswer, takesAnswer, takesDefault } from '../answers/registry';
import * as copy from '../copy';
import { MAX_STEPS_PER_FLOW, MAX_WIDGETS_PER_STEP } from '../limits';
import type { SettingError } from '../widgets/define-widget';
import { widgetSettingErrors } from '../widgets/registry';
import type { ZodIssue } from './field-errors';
import { fieldErrorsFromIssues, joinPath, valueAt } from './field-errors';
import { hasStep, stepEntriesInOrder } from './steps';

// Page order lives in the zod-free `rules/steps.ts` (the public form runs it); re-exported for existing callers.
export { formWidgets, orderedSteps, type PlacedWidget } from './steps';

/** The outcome of {@link validateFlowTemplate}: the parsed template, or every error found. */
export type FlowTemplateResult = { ok: true; template: FlowTemplate } | { ok: false; errors: FieldError[] };

/**
 * Validates a flow template as sent by the editor or the API.
 *
 * 1. Shape: parsed with the `FlowTemplate` zod schema (unknown keys are dropped, `required` defaults to
 *    false). Every zod issue becomes `{path, message}` with a dotted path; an unknown widget type gives
 *    `copy.flows.unknownWidgetType(type)` at `steps.<stepId>.template.widgets.<i>.type`, an unknown step type
 *    `copy.flows.unknownStepType(type)` at `steps.<stepId>.type`. A malformed condition (a question's
 *    `visibleIf`, a navigation rule's `condition`) gives `copy.validation.invalidValue` at its path, one nested
 *    deeper than `MAX_CONDITION_DEPTH` `copy.conditions.tooDeep`.
 * 2. When the shape is valid, the references and bounds (see {@link templateReferenceErrors}).
 *
 * Returns `{ok: true, template}` (the parsed template) or `{ok: false, errors}`; never throws.
 */
export function validateFlowTemplate(input: unknown): FlowTemplateResult {
  const parsed = FlowTemplate.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, input, typeIssue) };
  }
  const errors = templateReferenceErrors(parsed.data);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, template: parsed.data };
}

/**
 * Gives unknown widget and step types their own message, at the `type` field's path. zod 4 reports a failed
 * discriminator at `…type` (older releases at the object itself; both are handled).
 */
function typeIssue(issue: ZodIssue, value: unknown): FieldError | undefined {
  if (issue.code !== 'invalid_union' || issue.discriminator !== 'type') return undefined;
  const atType = issue.path.at(-1) === 'type';
  const segments = atType ? issue.path : [...issue.path, 'type'];
  const type = atType ? value : valueAt(value, ['type']);
  const path = joinPath(segments);
  if (type === undefined) return { path, message: copy.validation.required };
  const isStep = segments.length === 3 && segments[0] === 'steps';
  const name = String(type);
  return { path, message: isStep ? copy.flows.unknownStepType(name) : copy.flows.unknownWidgetType(name) };
}

/**
 * Checks a shape-valid template:
 * - at most `MAX_STEPS_PER_FLOW` steps (path `steps`) and `MAX_WIDGETS_PER_STEP` widgets per page
 *   (path `steps.<key>.template.widgets`);
 * - each step's record key equals its `id` (`copy.flows.stepIdMismatch`, path `steps.<key>.id`);
 * - `firstStep`, every `defaultNextStep` and every navigation rule's `nextStep` name a step (a dangling page
 *   link: `copy.flows.unknownStep`, paths `firstStep`, `steps.<key>.nextStep.defaultNextStep`,
 *   `steps.<key>.nextStep.rules.<i>.nextStep`);
 * - widget ids are unique across the template (`copy.flows.duplicateWidgetId`, at each repeat's `.id`, in
 *   page order);
 * - each widget's own settings, checked by its type module (`widgets/<type>.ts` `settingErrors`): option ids
 *   are unique within a widget (`copy.flows.duplicateOptionId`, at the repeat's `.id`); a NumberInput's `min`
 *   is not above its `max` (`copy.flows.minAboveMax`, path `….template.min`);
 * - each question's default answer and hidden flag ({@link defaultValueErrors}).
 *
 * Cycles (a page leading back to an earlier page) are not refused; {@link orderedSteps} and `pagePath` stop at a
 * repeat. What a condition refers to is checked at publish time (`rules/publish-checks.ts`): a draft may be
 * incomplete.
 * Returns `[]` when the template is sound.
 */
export function templateReferenceErrors(template: FlowTemplate): FieldError[] {
  return [...stepErrors(template), ...widgetErrors(template), ...urlParamErrors(template), ...calculationIdErrors(template)];
}

/**
 * Calculations (`rules/calculations.ts`): an id that a step, a question, a hidden field or another calculation has
 * too gives `copy.flows.duplicateTemplateId(id)` at `calculations.<i>.id`.
 */
function calculationIdErrors(template: FlowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const taken = new Set<string>(Object.keys(template.steps));
  for (const step of Object.values(template.steps)) {
    if (step.type === 'form') for (const widget of step.template.widgets) taken.add(widget.id);
  }
  for (const param of template.urlParams ?? []) taken.add(param.id);
  (template.calculations ?? []).forEach((calculation, index) => {
    if (taken.has(calculation.id)) errors.push({ path: `calculations.${index}.id`, message: copy.flows.duplicateTemplateId(calculation.id) });
    taken.add(calculation.id);
  });
  return errors;
}

/**
 * Hidden fields (`urlParams`): a name used twice (compared ignoring case: `Ref` and `ref` would confuse whoever
 * writes the link) gives `copy.flows.duplicateUrlParam(name)` at `urlParams.<i>.name`; an id that a step or a
 * question has too gives `copy.flows.duplicateTemplateId(id)` at `urlParams.<i>.id` (answers are keyed by id).
 */
function urlParamErrors(template: FlowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const taken = new Set<string>(Object.keys(template.steps));
  for (const step of Object.values(template.steps)) {
    if (step.type === 'form') for (const widget of step.template.widgets) taken.add(widget.id);
  }
  const names = new Set<string>();
  (template.urlParams ?? []).forEach((param, index) => {
    const key = param.name.toLowerCase();
    if (names.has(key)) errors.push({ path: `urlParams.${index}.name`, message: copy.flows.duplicateUrlParam(param.name) });
    names.add(key);
    if (taken.has(param.id)) errors.push({ path: `urlParams.${index}.id`, message: copy.flows.duplicateTemplateId(param.id) });
    taken.add(param.id);
  });
  return errors;
}

function stepErrors(template: FlowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const entries = Object.entries(template.steps);
  if (entries.length > MAX_STEPS_PER_FLOW) {
    errors.push({ path: 'steps', message: copy.flows.tooManySteps(MAX_STEPS_PER_FLOW) });
  }
  if (!hasStep(template, template.firstStep)) {
    errors.push({ path: 'firstStep', message: copy.flows.unknownStep(template.firstStep) });
  }
  for (const [key, step] of entries) {
    if (step.id !== key) errors.push({ path: `steps.${key}.id`, message: copy.flows.stepIdMismatch(key) });
    if (step.type !== 'form') continue;
    const next = step.nextStep.defaultNextStep;
    if (!hasStep(template, next)) {
      errors.push({ path: `steps.${key}.nextStep.defaultNextStep`, message: copy.flows.unknownStep(next) });
    }
    (step.nextStep.rules ?? []).forEach((rule, index) => {
      if (!hasStep(template, rule.nextStep)) {
        errors.push({ path: `steps.${key}.nextStep.rules.${index}.nextStep`, message: copy.flows.unknownStep(rule.nextStep) });
      }
    });
    if (step.template.widgets.length > MAX_WIDGETS_PER_STEP) {
      errors.push({ path: `steps.${key}.template.widgets`, message: copy.flows.tooManyWidgets(MAX_WIDGETS_PER_STEP) });
    }
  }
  return errors;
}

function widgetErrors(template: FlowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const seenIds = new Set<string>();
  for (const [key, step] of stepEntriesInOrder(template)) {
    if (step.type !== 'form') continue;
    step.template.widgets.forEach((widget, index) => {
      const path = `steps.${key}.template.widgets.${index}`;
      if (seenIds.has(widget.id)) errors.push({ path: `${path}.id`, message: copy.flows.duplicateWidgetId(widget.id) });
      seenIds.add(widget.id);
      for (const error of [...widgetSettingErrors(widget), ...defaultValueErrors(template, widget)]) {
        errors.push({ path: `${path}.template.${error.path}`, message: error.message });
      }
    });
  }
  return errors;
}

/**
 * A question's default answer and hidden flag (`rules/defaults.ts`), paths relative to its `template`:
 * - a `defaultValue` on a question whose type takes none (`takesDefault`), or a Statement:
 *   `copy.flows.defaultNotTaken` at `defaultValue`;
 * - a fixed default the question's own check refuses (`checkAnswer` of its type, as a respondent's answer): that
 *   check's message at `defaultValue` — an empty one is no default, and no error;
 * - a default from a hidden field the template does not declare: `copy.flows.defaultUnknownUrlParam` at
 *   `defaultValue`;
 * - a hidden question marked required: `copy.flows.hiddenNotRequired` at `required` (the editor turns Required off
 *   when it hides a question).
 */
export function defaultValueErrors(template: FlowTemplate, widget: Widget): SettingError[] {
  const errors: SettingError[] = [];
  const { defaultValue, hidden, required } = widget.template;
  if (hidden === true && required) errors.push({ path: 'required', message: copy.flows.hiddenNotRequired });
  if (defaultValue === undefined) return errors;
  if (!takesAnswer(widget) || !takesDefault(widget)) return [...errors, { path: 'defaultValue', message: copy.flows.defaultNotTaken }];
  if (defaultValue.kind === 'urlParam') {
    const declared = (template.urlParams ?? []).some((param) => param.id === defaultValue.urlParamId);
    if (!declared) errors.push({ path: 'defaultValue', message: copy.flows.defaultUnknownUrlParam });
  } else if (!isEmptyAnswer(defaultValue.value)) {
    const check = checkWidgetAnswer(widget, defaultValue.value);
    if (!check.ok) errors.push({ path: 'defaultValue', message: check.message });
  }
  return errors;
}

/** Step ids of {@link blankFlowTemplate}. */
export const BLANK_TEMPLATE_IDS = { firstPage: 'page1', ending: 'ending' } as const;

/**
 * The template of a new blank form: one empty form page 'Page 1' (id `page1`) leading to an ending
 * 'Thank you' (id `ending`) titled 'Thanks!' with the body "We've received your submission.". A new object on
 * every call. Texts in `copy.flows`.
 */
export function blankFlowTemplate(): FlowTemplate {
  const { firstPage, ending } = BLANK_TEMPLATE_IDS;
  return {
    firstStep: firstPage,
    steps: {
      [firstPage]: {
        id: firstPage,
        name: copy.flows.pageName(1),
        type: 'form',
        template: { widgets: [] },
        nextStep: { defaultNextStep: ending },
      },
      [ending]: {
        id: ending,
        name: copy.flows.endingName,
        type: 'ending',
        template: { title: copy.flows.endingTitle, body: copy.flows.endingBody },
        nextStep: null,
      },
    },
  };
}

/** The ids of {@link quizStarterTemplate}'s sample question and its options (`option1`…). */
export const QUIZ_STARTER_IDS = { question: 'question1', option: (index: number) => `option${index + 1}` } as const;

/**
 * The template of a new quiz (the new-flow dialog's quiz stage, spec 000 §2): {@link blankFlowTemplate} with the
 * quiz on (`quizzes.enabled`, the ending showing the score and the right answers; `rules/quiz.ts`) and one sample
 * required MultipleChoice question on 'Page 1' whose right option is worth 1 point, so the first preview already
 * scores. A new object on every call. Texts in `copy.newFlow.quizStarter`.
 */
export function quizStarterTemplate(): FlowTemplate {
  const template = blankFlowTemplate();
  const { question, options, correct } = copy.newFlow.quizStarter;
  const page = template.steps[BLANK_TEMPLATE_IDS.firstPage];
  if (page?.type === 'form') {
    page.template.widgets = [
      {
        id: QUIZ_STARTER_IDS.question,
        name: question,
        type: 'MultipleChoice',
        template: {
          label: question,
          required: true,
          options: options.map((label, index) => ({ id: QUIZ_STARTER_IDS.option(index), label, points: index === correct ? 1 : 0 })),
        },
      } as Widget,
    ];
  }
  return { ...template, quizzes: { enabled: true, showScore: true, showAnswers: true } };
}
