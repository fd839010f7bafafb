/**
 * Pure edits of a form's logic, as the editor makes them (`rules/conditions.ts` and `rules/page-path.ts` in
 * contracts define what they mean): a question's `visibleIf`, a page's navigation rules (`nextStep.rules`, the
 * first whose condition holds decides) and its default next step, ending pages, and the comparisons of a
 * condition. Each function returns new values and never mutates its input.
 *
 * The editor edits a condition as a group: `{and: [...]}` / `{or: [...]}` of comparisons and of groups of
 * comparisons (two levels, as Fillout and Typeform offer); {@link asGroup} reads any stored condition that way.
 */
import type { EndingStep, FlowTemplate, FormStep, PageRule, Step, Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { MAX_PAGE_RULES, MAX_URL_PARAMS, URL_PARAM_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { URL_PARAM_NAME_PATTERN } from '@formloom/contracts/rules/url-params';
import {
  answerKindOf,
  EMPTINESS_OPERATORS,
  LIST_OPERATORS,
  OPERATORS_BY_KIND,
  answerIdOf,
  operatorsFor,
  type AnswerKind,
  type Condition,
  type ConditionOperator,
  type LeafCondition,
} from '@formloom/contracts/rules/conditions';
import type { ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { isLogicRef, type LogicValue } from '@formloom/contracts/logic';
import { conditionQuestions } from '@formloom/contracts/rules/publish-checks';
import { dropDefaultsFrom, endingPages, formPages as formPagesInOrder, newId, retarget, templateIds, updateWidget } from './template-ops';

/** A condition as the editor shows it: all (`and`) or any (`or`) of its items. */
export interface ConditionGroup {
  mode: 'and' | 'or';
  items: Condition[];
}

/**
 * A comparison as the editor's row edits it: the question (or, when it compares no question's answer, the subject:
 * a hidden field, a calculation, the quiz's score — `rules/condition-subjects.ts`), the operator, and the value (a
 * list for list operators).
 */
export interface ComparisonParts {
  questionId: string | null;
  /** The logic path of what it compares when that is no question's answer (`urlParams.utm`, `quiz.score`). */
  subjectPath?: string;
  operator: ConditionOperator;
  /** `undefined` for emptiness tests. */
  value?: LogicValue | LogicValue[];
}

/** Reads a stored condition as a group: a group as it is, a lone comparison as `all of [it]`, nothing as `all of []`. */
export function asGroup(condition: Condition | undefined): ConditionGroup {
  if (condition === undefined) return { mode: 'and', items: [] };
  if ('and' in condition) return { mode: 'and', items: condition.and };
  if ('or' in condition) return { mode: 'or', items: condition.or };
  return { mode: 'and', items: [condition] };
}

/** The condition a group stands for: `{and: items}` or `{or: items}`. */
export function fromGroup(group: ConditionGroup): Condition {
  return group.mode === 'and' ? { and: group.items } : { or: group.items };
}

/** True when `condition` is an `and`/`or` group. */
export function isGroup(condition: Condition): condition is { and: Condition[] } | { or: Condition[] } {
  return 'and' in condition || 'or' in condition;
}

/** The parts of a comparison (its question id or subject path, operator and value). */
export function comparisonParts(condition: LeafCondition): ComparisonParts {
  const [operator, args] = Object.entries(condition)[0] as [ConditionOperator, LogicValue[]];
  const [left, right] = args as [LogicValue, (LogicValue | LogicValue[])?];
  const questionId = answerIdOf(left);
  if (questionId === null && isLogicRef(left) && !left.var.startsWith('answers.')) return { questionId, subjectPath: left.var, operator, value: right };
  return { questionId, operator, value: right };
}

/**
 * The comparison made of `parts` (`{"<operator>": [{var: 'answers.<id>'}, value]}`, or `{var: <subjectPath>}` on
 * the left for a subject).
 */
export function comparisonOf(parts: ComparisonParts): LeafCondition {
  const left: LogicValue = parts.questionId === null && parts.subjectPath !== undefined ? { var: parts.subjectPath } : { var: `answers.${parts.questionId ?? ''}` };
  if (isEmptiness(parts.operator)) return { [parts.operator]: [left] } as LeafCondition;
  return { [parts.operator]: [left, parts.value ?? ''] } as LeafCondition;
}

function isEmptiness(operator: ConditionOperator): boolean {
  return (EMPTINESS_OPERATORS as readonly string[]).includes(operator);
}

/**
 * True when `operator` compares with several values for `question`: `in`/`notIn`, and `equals`/`notEquals`
 * of a Checkboxes question (the same options chosen).
 */
export function takesList(operator: ConditionOperator, question: Widget | undefined): boolean {
  if ((LIST_OPERATORS as readonly string[]).includes(operator)) return true;
  return question !== undefined && answerKindOf(question) === 'choices' && (operator === 'equals' || operator === 'notEquals');
}

/** The first value a new comparison on `question` starts with: its first choice, 'checked', or blank. */
function firstValue(question: Widget): LogicValue {
  const kind = answerKindOf(question);
  if (kind === 'boolean') return true;
  if (kind === 'choice' || kind === 'choices') {
    const options = (question.template as { options?: readonly { id: string }[] }).options ?? [];
    return options[0]?.id ?? '';
  }
  return '';
}

/** The value a comparison keeps when its operator becomes `operator`: a list from one value and back, or none. */
function valueFor(operator: ConditionOperator, question: Widget | undefined, value: ComparisonParts['value']): ComparisonParts['value'] {
  if (isEmptiness(operator)) return undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (takesList(operator, question)) return list.filter((item) => item !== '');
  if (list.length > 0) return list[0];
  return question ? firstValue(question) : '';
}

/** A new comparison on `question`: its first operator (`operatorsFor`) and first value. */
export function newComparison(question: Widget): LeafCondition {
  const operator = operatorsFor(question)[0] ?? 'isNotEmpty';
  return comparisonOf({ questionId: question.id, operator, value: valueFor(operator, question, firstValue(question)) });
}

/**
 * The comparison with another question: the operator is kept when the new question takes it (and its value when
 * the answers are of the same kind), else the question's first operator and value.
 */
export function withQuestion(parts: ComparisonParts, previous: Widget | undefined, question: Widget): LeafCondition {
  if (!operatorsFor(question).includes(parts.operator)) return newComparison(question);
  const kind = answerKindOf(question);
  // Option ids belong to one question: a value is kept only between questions of one kind without options.
  const keep = previous !== undefined && answerKindOf(previous) === kind && kind !== 'choice' && kind !== 'choices';
  const value = valueFor(parts.operator, question, keep ? parts.value : firstValue(question));
  return comparisonOf({ questionId: question.id, operator: parts.operator, value });
}

/** A new comparison on a hidden field, a calculation or the score: the first operator of its kind, a blank value. */
export function newSubjectComparison(subject: ConditionSubject): LeafCondition {
  const operator = OPERATORS_BY_KIND[subject.kind][0] ?? 'isNotEmpty';
  return comparisonOf({ questionId: null, subjectPath: subject.path, operator, value: valueFor(operator, undefined, '') });
}

/**
 * The comparison with another subject (hidden field, calculation, score): the operator is kept when the subject's
 * kind takes it, and the value too when `previousKind` (what was compared before) is the subject's kind; else the
 * kind's first operator and a blank value.
 */
export function withSubject(parts: ComparisonParts, previousKind: AnswerKind | undefined, subject: ConditionSubject): LeafCondition {
  if (!OPERATORS_BY_KIND[subject.kind].includes(parts.operator)) return newSubjectComparison(subject);
  const value = valueFor(parts.operator, undefined, previousKind === subject.kind ? parts.value : '');
  return comparisonOf({ questionId: null, subjectPath: subject.path, operator: parts.operator, value });
}

/** The comparison with another operator; the value follows (a list for list operators, none for emptiness tests). */
export function withOperator(parts: ComparisonParts, question: Widget | undefined, operator: ConditionOperator): LeafCondition {
  return comparisonOf({ ...parts, operator, value: valueFor(operator, question, parts.value) });
}

/** Sets (or, with `undefined`, removes) a question's `visibleIf`. */
export function setVisibleIf(template: FlowTemplate, stepId: string, widgetId: string, condition: Condition | undefined): FlowTemplate {
  return updateWidget(template, stepId, widgetId, (widget) => {
    const { visibleIf: _removed, ...rest } = widget.template;
    return { ...widget, template: condition === undefined ? rest : { ...rest, visibleIf: condition } } as Widget;
  });
}

function formPage(template: FlowTemplate, stepId: string): FormStep | undefined {
  const step = Object.prototype.hasOwnProperty.call(template.steps, stepId) ? template.steps[stepId] : undefined;
  return step?.type === 'form' ? step : undefined;
}

function withStep(template: FlowTemplate, step: Step): FlowTemplate {
  return { ...template, steps: { ...template.steps, [step.id]: step } };
}

function withRules(template: FlowTemplate, stepId: string, update: (rules: PageRule[]) => PageRule[]): FlowTemplate {
  const page = formPage(template, stepId);
  if (!page) return template;
  const rules = update(page.nextStep.rules ?? []);
  const { rules: _old, ...nextStep } = page.nextStep;
  return withStep(template, { ...page, nextStep: rules.length > 0 ? { ...nextStep, rules } : nextStep });
}

/** Sets where a page goes when none of its rules holds (and when it has none). */
export function setDefaultNextStep(template: FlowTemplate, stepId: string, nextStepId: string): FlowTemplate {
  const page = formPage(template, stepId);
  return page ? withStep(template, { ...page, nextStep: { ...page.nextStep, defaultNextStep: nextStepId } }) : template;
}

/** Appends a rule to a page (at most `MAX_PAGE_RULES`; the template is returned as is beyond). */
export function addPageRule(template: FlowTemplate, stepId: string, rule: PageRule): FlowTemplate {
  return withRules(template, stepId, (rules) => (rules.length >= MAX_PAGE_RULES ? rules : [...rules, rule]));
}

/** Replaces the page's rule at `index`. */
export function updatePageRule(template: FlowTemplate, stepId: string, index: number, rule: PageRule): FlowTemplate {
  return withRules(template, stepId, (rules) => rules.map((item, at) => (at === index ? rule : item)));
}

/** Removes the page's rule at `index`. */
export function removePageRule(template: FlowTemplate, stepId: string, index: number): FlowTemplate {
  return withRules(template, stepId, (rules) => rules.filter((_, at) => at !== index));
}

/** Moves the page's rule at `from` to `to` (rules are tried in order). */
export function movePageRule(template: FlowTemplate, stepId: string, from: number, to: number): FlowTemplate {
  return withRules(template, stepId, (rules) => {
    if (from < 0 || from >= rules.length || to < 0 || to >= rules.length || from === to) return rules;
    const next = [...rules];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    return next;
  });
}

/** Adds an ending page ('Ending N', with the blank form's texts). Returns the template and its id. */
export function addEnding(template: FlowTemplate): { template: FlowTemplate; stepId: string } {
  const stepId = newId('e', templateIds(template));
  const count = endingPages(template).length;
  const ending: EndingStep = {
    id: stepId,
    name: copy.flows.extraEndingName(count + 1),
    type: 'ending',
    template: { title: copy.flows.endingTitle, body: copy.flows.endingBody },
    nextStep: null,
  };
  return { template: withStep(template, ending), stepId };
}

/**
 * Deletes an ending page: the links and rules that led to it lead to the first other ending instead. The last
 * ending cannot be deleted (the template is returned as is).
 */
export function deleteEnding(template: FlowTemplate, stepId: string): FlowTemplate {
  const step = Object.prototype.hasOwnProperty.call(template.steps, stepId) ? template.steps[stepId] : undefined;
  const other = endingPages(template).find((ending) => ending.id !== stepId);
  if (step?.type !== 'ending' || !other) return template;
  return retarget(template, stepId, other.id);
}

/** The ids of the questions a condition refers to (to tell which questions logic depends on). */
export function referencedQuestionIds(condition: Condition | undefined): string[] {
  if (condition === undefined) return [];
  if (isGroup(condition)) return asGroup(condition).items.flatMap(referencedQuestionIds);
  const { questionId } = comparisonParts(condition);
  return questionId === null ? [] : [questionId];
}

/**
 * The questions a condition on page `stepId` may use (`conditionQuestions`: earlier pages, then the page's own
 * questions above `beforeWidgetId`, or all of them for a navigation rule), each with its page's name.
 */
export function conditionQuestionList(template: FlowTemplate, stepId: string, beforeWidgetId?: string): { widget: Widget; pageName: string }[] {
  const pageOf = new Map<string, string>();
  formPagesInOrder(template).forEach((page, index) => {
    for (const widget of page.template.widgets) pageOf.set(widget.id, page.name || copy.flows.pageName(index + 1));
  });
  return conditionQuestions(template, stepId, beforeWidgetId).map((widget) => ({ widget, pageName: pageOf.get(widget.id) ?? '' }));
}

/** Where a page may lead: every other form page and every ending, as select options grouped 'Pages' / 'Endings'. */
export function stepTargets(template: FlowTemplate, stepId: string): { group: string; items: { value: string; label: string }[] }[] {
  const pages = formPagesInOrder(template)
    .map((page, index) => ({ value: page.id, label: page.name || copy.flows.pageName(index + 1) }))
    .filter((item) => item.value !== stepId);
  const endings = endingPages(template).map((ending) => ({ value: ending.id, label: ending.name || copy.flows.endingName }));
  return [
    { group: 'Pages', items: pages },
    { group: 'Endings', items: endings },
  ].filter((group) => group.items.length > 0);
}

/**
 * Adds a hidden field reading query parameter `name` (`rules/url-params.ts`); its id is new across the template.
 * Returns the template and the field's id. The caller checks the name first ({@link urlParamNameProblem}).
 */
export function addUrlParam(template: FlowTemplate, name: string): { template: FlowTemplate; id: string } {
  const taken = templateIds(template);
  for (const param of template.urlParams ?? []) taken.add(param.id);
  const id = newId('h', taken);
  return { template: { ...template, urlParams: [...(template.urlParams ?? []), { id, name }] }, id };
}

/**
 * Removes the hidden field `id` (its values stay in earlier submissions' answers, unread), and the defaults of the
 * questions it prefilled (`dropDefaultsFrom`).
 */
export function removeUrlParam(template: FlowTemplate, id: string): FlowTemplate {
  const cleared = dropDefaultsFrom(template, id);
  const rest = (cleared.urlParams ?? []).filter((param) => param.id !== id);
  if (rest.length > 0) return { ...cleared, urlParams: rest };
  const { urlParams: _removed, ...without } = cleared;
  return without;
}

/**
 * Why `name` cannot be a new hidden field of `template`, in the editor's words; `null` when it can. Mirrors the
 * checks of saving (`UrlParam` and `rules/flow-template.ts`).
 */
export function urlParamNameProblem(template: FlowTemplate, name: string): string | null {
  if (name === '') return 'Enter the name of the link parameter';
  if (!URL_PARAM_NAME_PATTERN.test(name)) return copy.flows.urlParamName(URL_PARAM_NAME_MAX_LENGTH);
  if ((template.urlParams ?? []).some((param) => param.name.toLowerCase() === name.toLowerCase())) return copy.flows.duplicateUrlParam(name);
  if ((template.urlParams ?? []).length >= MAX_URL_PARAMS) return `A form can have at most ${MAX_URL_PARAMS} hidden fields`;
  return null;
}
