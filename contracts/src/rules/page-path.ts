/**
 * Conditional logic of a form (spec 000 §3 "Flow template": each step's `nextStep`): which page follows which,
 * which questions a page shows, and so the path a respondent takes through the form. The public form runs it to
 * move between pages and to show questions; `validateAnswers` (`rules/answers.ts`) runs the same walk, so the
 * flows service accepts exactly the answers the browser accepts. ZOD-FREE AT RUNTIME (type-only imports of the
 * template's schema; docs/architecture.md "The public form's bundle"). Pure.
 *
 * What conditions see: the answers to the questions the respondent was shown before — the visible questions of
 * the pages already on the path, and the visible questions above on the same page — each as `validateAnswers`
 * would store it (`'7'` as `7`, an email trimmed; an answer its question refuses as given). Answers to pages of
 * another branch (the respondent went back and chose differently) and to questions whose display condition does not
 * hold are not seen. A hidden question's (`template.hidden`) answer is its default, whatever was sent
 * (`rules/defaults.ts`). Besides
 * answers they see the hidden fields (`urlParams.<name>`), and the calculations (`calculations.<id>`,
 * `rules/calculations.ts`) and the quiz's points (`quiz.score`, `quiz.maxScore`, `rules/quiz.ts`) of the answers
 * on the pages before: a page's rules see them with the page's own answers, a question's display condition as the
 * page began.
 */
import type { EndingStep, FlowTemplate, FormStep, Widget } from '../entities/flow-template';
import { isEmptyAnswer } from '../answers/define';
import { checkWidgetAnswer } from '../answers/registry';
import type { LogicContext } from '../logic';
import { computeCalculations } from './calculations';
import { withHiddenAnswers } from './defaults';
import { evaluateCondition } from './conditions';
import { quizOf, scoreQuiz, type QuizResult } from './quiz';
import { hasStep } from './steps';

/** A page on a respondent's path and its questions on the path, in page order. */
export interface PathPage {
  step: FormStep;
  /**
   * The page's questions on the path ({@link visibleWidgets}): hidden questions (`template.hidden`) among them — the
   * form does not show those, but they have their answers (`rules/defaults.ts`).
   */
  widgets: Widget[];
}

/** The outcome of {@link pagePath}. */
export interface PagePath {
  /** The form pages visited, from `firstStep`, each at most once. */
  pages: PathPage[];
  /**
   * The ending reached; `null` when the path stops before one: a link to a missing step, or back to a page
   * already visited (the respondent then submits from the last page).
   */
  ending: EndingStep | null;
  /** The calculations' numbers by id with the answers on the path (`rules/calculations.ts`). */
  calculations: Record<string, number>;
  /** The quiz's result over the questions on the path (`rules/quiz.ts`); `null` when the form's quiz is off. */
  quiz: QuizResult | null;
  /** The hidden fields by name ({@link PagePathOptions}). */
  urlParams: Record<string, string>;
  /**
   * The answers the walk read: those given, with every hidden question's answer replaced by its default
   * (`rules/defaults.ts` `withHiddenAnswers`) — what `validateAnswers` checks.
   */
  answers: Record<string, unknown>;
}

/** Options of {@link pagePath}. */
export interface PagePathOptions {
  /**
   * The hidden fields the form's link carried, by name (the public form, a submission). Without them, each
   * field's value is read from `answers` under the field's id, as a stored submission holds it.
   */
  urlParameters?: Readonly<Record<string, string>>;
}

/**
 * The questions of `step` on a respondent's path, in page order: those without `visibleIf` and those whose
 * `visibleIf` holds ({@link evaluateCondition}) — hidden questions (`template.hidden`) too: the form does not show
 * them, but they have their answers. Each question's condition sees `context.answers` except the answers to
 * questions of this page that are not on the path or come after it (so the order of the page decides, and such a
 * question's stale answer changes nothing). `context.answers` should hold answers as {@link pagePath} passes
 * them (earlier pages' visible questions plus this page's, normalized). Never throws.
 */
export function visibleWidgets(step: FormStep, context: LogicContext): Widget[] {
  const given = context.answers;
  const seen = answerRecord();
  for (const [key, value] of Object.entries(given)) seen[key] = value;
  for (const widget of step.template.widgets) delete seen[widget.id];
  const visible: Widget[] = [];
  for (const widget of step.template.widgets) {
    const condition = widget.template.visibleIf;
    if (condition !== undefined && !evaluateCondition(condition, { ...context, answers: seen })) continue;
    visible.push(widget);
    if (Object.prototype.hasOwnProperty.call(given, widget.id)) seen[widget.id] = given[widget.id];
  }
  return visible;
}

/**
 * The step after the form page `stepId`: the `nextStep` of its first rule whose condition holds in `context`, else
 * its `defaultNextStep`. `null` when `stepId` is no form page of the template. The id returned may name no step
 * (a dangling link; saving refuses those).
 */
export function nextStepId(template: FlowTemplate, stepId: string, context: LogicContext): string | null {
  const step = hasStep(template, stepId) ? template.steps[stepId] : undefined;
  if (step?.type !== 'form') return null;
  const rule = (step.nextStep.rules ?? []).find(({ condition }) => evaluateCondition(condition, context));
  return rule ? rule.nextStep : step.nextStep.defaultNextStep;
}

/**
 * The path a respondent with `answers` (keyed by widget id; anything else counts as no answers) takes: from
 * `firstStep`, each form page with its visible questions, then {@link nextStepId} with what the page's rules see
 * (module doc), until an ending. Stops — with `ending: null` — at a step that does not exist or at a page already
 * on the path (never visits a page twice, so it always ends, after at most as many pages as the form has). With
 * the path come the calculations, the quiz's result and the hidden fields of its answers. Never throws.
 */
export function pagePath(template: FlowTemplate, answers: unknown, options: PagePathOptions = {}): PagePath {
  const raw: Record<string, unknown> = isRecord(answers) ? answers : {};
  const urlParams = hiddenFields(template, raw, options.urlParameters);
  // A hidden question's answer is its default, whatever was sent (rules/defaults.ts).
  const given = withHiddenAnswers(template, raw, urlParams);
  const seen = answerRecord();
  const shown: Widget[] = [];
  const pages: PathPage[] = [];
  const visited = new Set<string>();
  let key: string | null = template.firstStep;
  let ending: EndingStep | null = null;
  while (key !== null && !visited.has(key)) {
    const step = hasStep(template, key) ? template.steps[key] : undefined;
    if (!step) break;
    if (step.type === 'ending') {
      ending = step;
      break;
    }
    visited.add(key);
    const onPage = answerRecord();
    for (const [id, value] of Object.entries(seen)) onPage[id] = value;
    for (const widget of step.template.widgets) {
      if (Object.prototype.hasOwnProperty.call(given, widget.id)) onPage[widget.id] = logicAnswer(widget, given[widget.id]);
    }
    const widgets = visibleWidgets(step, { ...logicContext(template, seen, shown, urlParams), answers: onPage });
    for (const widget of widgets) {
      shown.push(widget);
      if (Object.prototype.hasOwnProperty.call(onPage, widget.id)) seen[widget.id] = onPage[widget.id];
    }
    pages.push({ step, widgets });
    key = nextStepId(template, key, logicContext(template, seen, shown, urlParams));
  }
  const context = logicContext(template, seen, shown, urlParams);
  const quiz = quizOf(template) ? scoreQuiz(shown, seen) : null;
  return { pages, ending, calculations: context.calculations ?? {}, quiz, urlParams, answers: given };
}

/**
 * What conditions see with the answers `seen` to the questions `shown`: the answers, the hidden fields, the quiz's
 * points (a quiz only) and the calculations.
 */
function logicContext(template: FlowTemplate, seen: Record<string, unknown>, shown: readonly Widget[], urlParams: Record<string, string>): LogicContext {
  const quiz = quizOf(template) ? scoreQuiz(shown, seen) : null;
  const base: LogicContext = { answers: seen, urlParams, ...(quiz ? { quiz: { score: quiz.score, maxScore: quiz.maxScore } } : {}) };
  return { ...base, calculations: computeCalculations(template, base) };
}

/** The hidden fields by name: from `urlParameters` when given, else from `answers` under each field's id. */
function hiddenFields(template: FlowTemplate, answers: Record<string, unknown>, urlParameters: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const fields = answerRecord() as Record<string, string>;
  for (const { id, name } of template.urlParams ?? []) {
    const value = urlParameters ? (Object.prototype.hasOwnProperty.call(urlParameters, name) ? urlParameters[name] : undefined) : Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** An answer as conditions see it: `undefined` when empty, the normalized value when its question accepts it, else as given. */
function logicAnswer(widget: Widget, value: unknown): unknown {
  if (isEmptyAnswer(value)) return undefined;
  const check = checkWidgetAnswer(widget, value);
  return check.ok ? check.value : value;
}

/** A record without a prototype: a widget id such as `__proto__` is an ordinary key. */
function answerRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
