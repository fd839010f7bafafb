/**
 * Publish checks (docs/product-rules.md §3): what a draft must satisfy to become the live form, beyond what
 * saving checks (`rules/flow-template.ts`: shape, references, ids). A draft may be incomplete while it is being
 * edited; the public form may not. Pure; the editor runs it before publishing (and shows each problem on its
 * question) and the flows service runs it again and refuses the publish with the same problems.
 *
 * Paths are those of `validateFlowTemplate` (`steps.<stepId>.template.widgets.<index>.template.label`), so
 * the editor places them the same way.
 */
import { isValidDate } from '../answers/date-picker';
import { isValidDateTime } from '../answers/date-time-picker';
import { isEmptyAnswer } from '../answers/define';
import { takesAnswer } from '../answers/registry';
import { toFiniteNumber } from '../answers/shared/number';
import { isValidTime } from '../answers/time-picker';
import * as copy from '../copy';
import type { FlowTemplate, FormStep, Widget } from '../entities/flow-template';
import type { FieldError } from '../errors';
import { MAX_CONDITION_DEPTH } from '../limits';
import { isLogicRef, type LogicValue } from '../logic';
import { widgetPublishProblems } from '../widgets/registry';
import {
  answerIdOf,
  answerKindOf,
  conditionLeaves,
  conditionShapeProblems,
  OPERATORS_BY_KIND,
  type AnswerKind,
  type ConditionOperator,
  type LocatedLeaf,
} from './conditions';
import { subjectOfRef, templateSubjects, type ConditionSubject } from './condition-subjects';
import { joinPath } from './field-errors';
import { pipedAnswerIds, pipedCalculationIds } from './piping';
import { richTextTexts } from './rich-text';
import { formWidgets } from './steps';

/** A choice as publish checks read it. */
interface OptionLike {
  label?: unknown;
}

/**
 * The problems that keep `template` from being published, in page and question order; `[]` when it may be.
 * - no question on any page: `copy.flows.publishNeedsQuestion` at path `''` (a Statement, which takes no answer,
 *   is no question);
 * - a question (or a Statement: its heading) whose label is blank: `copy.flows.publishEmptyLabel` at
 *   `….template.label`;
 * - a choice question without choices: `copy.flows.publishNeedsOptions` at `….template.options`;
 * - a blank choice: `copy.flows.publishBlankOption` at `….template.options.<i>.label`;
 * - a choice label repeated in one question (trimmed, case-insensitive): `copy.flows.publishDuplicateOption`
 *   at the repeat's `….template.options.<i>.label`;
 * - the problems of the question's own type (`widgetPublishProblems`: an ImageChoice card without an image at
 *   `….template.options.<i>.imageUrl`, a MultiSelect's minimum above its number of choices), at their paths;
 * - a label, a Statement's text or a description piping (`{{answers.<id>}}`, `rules/piping.ts`) a question the form
 *   does not have, or a Statement (`copy.flows.pipedUnknownQuestion`) or one not asked before it
 *   (`copy.flows.pipedLaterQuestion`), at `….template.label|body|description`; an ending's title or message piping
 *   an unknown question, at `steps.<id>.template.title|body`;
 * - the problems of every condition ({@link conditionProblems}): a question's `visibleIf` (after its other
 *   problems), then the page's navigation rules;
 * - a label, a Statement's text, a description or an ending piping a calculation the form does not have
 *   (`copy.flows.pipedUnknownCalculation`);
 * - the problems of each calculation's updates ({@link calculationProblems}), at `calculations.<i>.updates.<j>…`.
 */
export function publishProblems(template: FlowTemplate): FieldError[] {
  const problems: FieldError[] = [];
  const asked = askedBefore(template);
  const subjects = templateSubjects(template);
  let questions = 0;
  for (const [stepId, step] of Object.entries(template.steps)) {
    if (step.type !== 'form') continue;
    const before = asked.get(stepId) ?? new Set<string>();
    const earlierOnPage = new Set<string>();
    step.template.widgets.forEach((widget, index) => {
      if (takesAnswer(widget)) questions += 1;
      const path = `steps.${stepId}.template.widgets.${index}.template`;
      problems.push(...widgetProblems(widget, path));
      problems.push(...pipingProblems(widget.template.label, `${path}.label`, { template, before, onPage: earlierOnPage, subjects }));
      const { body } = widget.template as { body?: unknown };
      if (typeof body === 'string') problems.push(...pipingProblems(body, `${path}.body`, { template, before, onPage: earlierOnPage, subjects }));
      // A description pipes as the label does, piece of text by piece of text (`rules/rich-text.ts`).
      const { description } = widget.template;
      if (description) problems.push(...pipingProblems(richTextTexts(description).join('\n'), `${path}.description`, { template, before, onPage: earlierOnPage, subjects }));
      const { visibleIf } = widget.template;
      if (visibleIf !== undefined) {
        const scope = { template, before, onPage: earlierOnPage, subjects };
        problems.push(...conditionProblems(visibleIf, `${path}.visibleIf`, scope));
      }
      earlierOnPage.add(widget.id);
    });
    (step.nextStep.rules ?? []).forEach((rule, index) => {
      const scope = { template, before, onPage: earlierOnPage, subjects };
      problems.push(...conditionProblems(rule.condition, `steps.${stepId}.nextStep.rules.${index}.condition`, scope));
    });
  }
  for (const [stepId, step] of Object.entries(template.steps)) {
    if (step.type !== 'ending') continue;
    for (const field of ['title', 'body'] as const) {
      const text = step.template[field];
      const unknown = pipedAnswerIds(text).some((id) => !answerableById(template, id));
      if (unknown) problems.push({ path: `steps.${stepId}.template.${field}`, message: copy.flows.pipedUnknownQuestion });
      else if (unknownCalculation(template, text)) problems.push({ path: `steps.${stepId}.template.${field}`, message: copy.flows.pipedUnknownCalculation });
    }
  }
  problems.push(...calculationProblems(template, subjects));
  if (questions === 0) problems.unshift({ path: '', message: copy.flows.publishNeedsQuestion });
  return problems;
}

/** The problems of the answers `text` pipes (`rules/piping.ts`): one per kind, at `path`. */
function pipingProblems(text: string, path: string, scope: ConditionScope): FieldError[] {
  if (unknownCalculation(scope.template, text)) return [{ path, message: copy.flows.pipedUnknownCalculation }];
  const ids = pipedAnswerIds(text);
  if (ids.length === 0) return [];
  if (ids.some((id) => !answerableById(scope.template, id))) return [{ path, message: copy.flows.pipedUnknownQuestion }];
  if (ids.some((id) => !scope.before.has(id) && !scope.onPage.has(id))) return [{ path, message: copy.flows.pipedLaterQuestion }];
  return [];
}

/** True when `text` pipes a calculation `template` does not have. */
function unknownCalculation(template: FlowTemplate, text: string): boolean {
  const ids = pipedCalculationIds(text);
  return ids.length > 0 && ids.some((id) => !(template.calculations ?? []).some((calculation) => calculation.id === id));
}

/**
 * The problems of the template's calculations (`rules/calculations.ts`), in order: each update's `when` condition
 * ({@link conditionProblems}, where every question of the form and every subject may be used) at
 * `calculations.<i>.updates.<j>.when`, and its value at `calculations.<i>.updates.<j>.value`: a literal that is no
 * number (`copy.conditions.needsNumber`), a reference to something the form does not have
 * (`copy.conditions.unknownQuestion`), to a question or subject whose answers are no numbers
 * (`copy.flows.calculationNeedsNumber`), or to a calculation listed after this one
 * (`copy.flows.calculationLaterCalculation`).
 */
export function calculationProblems(template: FlowTemplate, subjects: readonly ConditionSubject[] = templateSubjects(template)): FieldError[] {
  const problems: FieldError[] = [];
  const everyQuestion = new Set(formWidgets(template).map(({ widget }) => widget.id));
  const calculations = template.calculations ?? [];
  calculations.forEach((calculation, index) => {
    calculation.updates.forEach((update, j) => {
      const at = `calculations.${index}.updates.${j}`;
      if (update.when !== undefined) problems.push(...conditionProblems(update.when, `${at}.when`, { template, before: everyQuestion, onPage: new Set(), subjects }));
      const { value } = update;
      if (!isLogicRef(value)) {
        if (toFiniteNumber(value) === null) problems.push({ path: `${at}.value`, message: copy.conditions.needsNumber });
        return;
      }
      const later = value.var.startsWith('calculations.') && calculations.findIndex((other) => `calculations.${other.id}` === value.var) > index;
      if (later) return problems.push({ path: `${at}.value`, message: copy.flows.calculationLaterCalculation });
      const id = answerIdOf(value);
      const kind = id !== null ? (answerableById(template, id) ? answerKindOf(answerableById(template, id) as Widget) : undefined) : subjectOfRef(value, subjects)?.kind;
      if (kind === undefined) problems.push({ path: `${at}.value`, message: copy.conditions.unknownQuestion });
      else if (kind !== 'number' && !(kind === 'text' && id === null)) problems.push({ path: `${at}.value`, message: copy.flows.calculationNeedsNumber });
    });
  });
  return problems;
}

/** A question's own problems: its label, its choices, then those of its type (`widgetPublishProblems`). */
function widgetProblems(widget: Widget, path: string): FieldError[] {
  const typeProblems = widgetPublishProblems(widget).map((problem) => ({ path: `${path}.${problem.path}`, message: problem.message }));
  return [...labelAndChoiceProblems(widget, path), ...typeProblems];
}

/** A question's label and choices problems. */
function labelAndChoiceProblems(widget: Widget, path: string): FieldError[] {
  const problems: FieldError[] = [];
  const settings = widget.template as { label: string; options?: readonly OptionLike[] };
  if (!settings.label.trim()) problems.push({ path: `${path}.label`, message: copy.flows.publishEmptyLabel });
  if (settings.options === undefined) return problems;
  if (settings.options.length === 0) {
    problems.push({ path: `${path}.options`, message: copy.flows.publishNeedsOptions });
    return problems;
  }
  const seen = new Set<string>();
  settings.options.forEach((option, optionIndex) => {
    const label = typeof option.label === 'string' ? option.label.trim() : '';
    const at = `${path}.options.${optionIndex}.label`;
    if (!label) {
      problems.push({ path: at, message: copy.flows.publishBlankOption });
      return;
    }
    const key = label.toLowerCase();
    if (seen.has(key)) problems.push({ path: at, message: copy.flows.publishDuplicateOption(label) });
    seen.add(key);
  });
  return problems;
}

/**
 * The questions a condition on page `stepId` may refer to, in page order (`formWidgets`): those of the pages
 * from which the page can be reached (default links and rules), then the page's own questions above
 * `beforeWidgetId` (a question's `visibleIf`), or all of them (`beforeWidgetId` omitted: a navigation rule of
 * the page) — questions that take an answer only (never a Statement). The editor offers exactly these;
 * {@link conditionProblems} refuses the others at publish time. `[]` when `stepId` is no form page.
 */
export function conditionQuestions(template: FlowTemplate, stepId: string, beforeWidgetId?: string): Widget[] {
  const step = Object.prototype.hasOwnProperty.call(template.steps, stepId) ? template.steps[stepId] : undefined;
  if (step?.type !== 'form') return [];
  const before = askedBefore(template).get(stepId) ?? new Set<string>();
  const earlier = formWidgets(template)
    .filter(({ stepId: at, widget }) => at !== stepId && before.has(widget.id))
    .map(({ widget }) => widget);
  const onPage: Widget[] = [];
  for (const widget of step.template.widgets) {
    if (widget.id === beforeWidgetId) break;
    onPage.push(widget);
  }
  return [...earlier, ...onPage].filter((widget) => takesAnswer(widget));
}

/** What a condition may refer to: the questions of pages that can come before its page, and those above it on the page. */
export interface ConditionScope {
  template: FlowTemplate;
  /** Ids of the questions on pages from which the condition's page can be reached. */
  before: ReadonlySet<string>;
  /** Ids of the questions of the condition's page above it (all of the page's, for a navigation rule). */
  onPage: ReadonlySet<string>;
  /** The hidden fields, calculations and score it may compare too (`templateSubjects`). */
  subjects: readonly ConditionSubject[];
}

/**
 * The problems of one condition stored at `path` (`….template.visibleIf`, `….nextStep.rules.<i>.condition`): its
 * empty groups first, then each comparison's problems in document order; paths go on into the condition
 * (`<path>.or.1.equals.0`):
 * - an `and`/`or` group without conditions: `copy.conditions.emptyGroup` at the group (`<path>.and`);
 * - a comparison whose first value is not a question's answer (`{var: 'answers.<id>'}`):
 *   `copy.conditions.needsQuestion` at `….<op>.0`;
 * - a reference (either side) to a question the form does not have, to a Statement (it takes no answer), or to
 *   other run data: `copy.conditions.unknownQuestion`; to a question that cannot have been answered yet (later on
 *   the page, or on a page that cannot come before): `copy.conditions.laterQuestion` — at `….<op>.0` / `….<op>.1`;
 * - an operator that does not fit the question (`operatorsFor`, spec 001 §5):
 *   `copy.conditions.operatorNotAllowed(name)` at `….<op>`;
 * - a literal value (`….<op>.1`, a list item `….<op>.1.<j>`) that is missing (`needsValue`), not a number for a
 *   number question (`needsNumber`), not a `YYYY-MM-DD` date, `HH:MM` time or `YYYY-MM-DDTHH:MM` date and time
 *   for such a question (`needsDate`, `needsTime`, `needsDateTime`), or no choice id of a choice question
 *   (`unknownOption(value)`).
 */
export function conditionProblems(condition: unknown, path: string, scope: ConditionScope): FieldError[] {
  const problems: FieldError[] = [];
  for (const problem of conditionShapeProblems(condition)) {
    const at = joinPath([path, ...problem.path]);
    const message = problem.kind === 'emptyGroup' ? copy.conditions.emptyGroup : copy.conditions.tooDeep(MAX_CONDITION_DEPTH);
    problems.push({ path: at, message });
  }
  for (const leaf of conditionLeaves(condition)) {
    problems.push(...leafProblems(leaf, joinPath([path, ...leaf.path, leaf.operator]), scope));
  }
  return problems;
}

function leafProblems(leaf: LocatedLeaf, at: string, scope: ConditionScope): FieldError[] {
  const problems: FieldError[] = [];
  const question = referenceProblem(leaf.left, `${at}.0`, scope, problems);
  const rights: Array<readonly [LogicValue, string]> = Array.isArray(leaf.right)
    ? leaf.right.map((value, j) => [value, `${at}.1.${j}`] as const)
    : leaf.right === undefined
      ? []
      : [[leaf.right, `${at}.1`]];
  for (const [value, valuePath] of rights) if (isLogicRef(value)) referenceProblem(value, valuePath, scope, problems);
  if (question === null) return problems;
  if (!OPERATORS_BY_KIND[question.kind].includes(leaf.operator)) {
    problems.push({ path: at, message: copy.conditions.operatorNotAllowed(copy.conditions.operators[leaf.operator]) });
    return problems;
  }
  if (leaf.right === undefined) return problems;
  const literals = rights.filter(([value]) => !isLogicRef(value) && !isEmptyAnswer(value));
  if (rights.length === 0 || (!rights.some(([value]) => isLogicRef(value)) && literals.length === 0)) {
    problems.push({ path: `${at}.1`, message: copy.conditions.needsValue });
    return problems;
  }
  for (const [value, valuePath] of literals) {
    const message = literalProblem(question, leaf.operator, value);
    if (message) problems.push({ path: valuePath, message });
  }
  return problems;
}

/** What a condition compares: the kind of its values, and the question when it is a question's answer. */
interface Compared {
  kind: AnswerKind;
  question?: Widget;
}

/**
 * Checks the question or subject (hidden field, calculation, score) `value` refers to (pushing a problem at
 * `path`); returns what it compares when the condition may use it, else `null`.
 */
function referenceProblem(value: LogicValue, path: string, scope: ConditionScope, problems: FieldError[]): Compared | null {
  if (!isLogicRef(value)) {
    problems.push({ path, message: copy.conditions.needsQuestion });
    return null;
  }
  const subject = subjectOfRef(value, scope.subjects);
  if (subject) return { kind: subject.kind };
  const id = answerIdOf(value);
  const question = id === null ? undefined : answerableById(scope.template, id);
  if (id === null || !question) {
    problems.push({ path, message: copy.conditions.unknownQuestion });
    return null;
  }
  if (!scope.before.has(id) && !scope.onPage.has(id)) {
    problems.push({ path, message: copy.conditions.laterQuestion });
    return null;
  }
  return { kind: answerKindOf(question), question };
}

/** The problem of a literal compared with the values of `compared` (a question's answers, a subject's values), if any. */
function literalProblem({ kind, question }: Compared, operator: ConditionOperator, value: LogicValue): string | null {
  if (kind === 'number' && toFiniteNumber(value) === null) return copy.conditions.needsNumber;
  const text = typeof value === 'string' ? value.trim() : '';
  if (kind === 'date' && !isValidDate(text)) return copy.conditions.needsDate;
  if (kind === 'time' && !isValidTime(text)) return copy.conditions.needsTime;
  if (kind === 'dateTime' && !isValidDateTime(text)) return copy.conditions.needsDateTime;
  if ((kind === 'choice' || kind === 'choices') && operator !== 'equalsIgnoreCase' && question) {
    const options = (question.template as { options?: readonly { id?: unknown }[] }).options ?? [];
    if (!options.some((option) => option.id === value)) return copy.conditions.unknownOption(String(value));
  }
  return null;
}

/** The question `id` of the form when it takes an answer (a Statement does not); `undefined` otherwise. */
function answerableById(template: FlowTemplate, id: string): Widget | undefined {
  const question = questionById(template, id);
  return question && takesAnswer(question) ? question : undefined;
}

function questionById(template: FlowTemplate, id: string): Widget | undefined {
  for (const step of Object.values(template.steps)) {
    if (step.type !== 'form') continue;
    const found = step.template.widgets.find((widget) => widget.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * For each form page, the ids of the questions on the pages from which it can be reached (following default
 * links and navigation rules, one step or more; the page itself excluded): what its conditions may refer to.
 */
function askedBefore(template: FlowTemplate): Map<string, Set<string>> {
  const pages = new Map<string, FormStep>();
  for (const [key, step] of Object.entries(template.steps)) if (step.type === 'form') pages.set(key, step);
  const links = (step: FormStep) => [step.nextStep.defaultNextStep, ...(step.nextStep.rules ?? []).map((rule) => rule.nextStep)];
  const result = new Map<string, Set<string>>([...pages.keys()].map((key) => [key, new Set<string>()]));
  for (const [from, step] of pages) {
    const reached = new Set<string>();
    const queue = links(step);
    while (queue.length > 0) {
      const key = queue.shift() as string;
      const next = pages.get(key);
      if (reached.has(key) || !next) continue;
      reached.add(key);
      queue.push(...links(next));
    }
    for (const key of reached) {
      if (key === from) continue;
      for (const widget of step.template.widgets) result.get(key)?.add(widget.id);
    }
  }
  return result;
}
