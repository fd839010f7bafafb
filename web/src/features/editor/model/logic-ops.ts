/**
 * Pure edits of a form's logic, as the editor makes them (`rules/conditions.ts` and `rules/page-path.ts` in
 * contracts define what they mean): a question's `visibleIf`, a page's navigation rules (`nextStep.rules`, the
 * first whose condition holds decides) and its default next step, ending pages, hidden fields. Each function
 * returns new values and never mutates its input. The edits of one condition (its groups and comparisons) are the
 * shared condition editor's (`ui/condition-editor/condition-model.ts`), which the Results' filter uses too.
 */
import type { EndingStep, FlowTemplate, FormStep, PageRule, Step, Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { MAX_PAGE_RULES, MAX_URL_PARAMS, URL_PARAM_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { URL_PARAM_NAME_PATTERN } from '@formloom/contracts/rules/url-params';
import type { Condition } from '@formloom/contracts/rules/conditions';
import { conditionQuestions } from '@formloom/contracts/rules/publish-checks';
import { asGroup, comparisonParts, isGroup } from '../../../ui/condition-editor/condition-model';
import { dropDefaultsFrom, endingPages, formPages as formPagesInOrder, newId, retarget, templateIds, updateWidget } from './template-ops';

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
