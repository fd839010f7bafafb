/**
 * Pure edits of a flow template, as the editor's 'Edit' tab makes them. Each returns a new template (the
 * input is never mutated) and keeps the page chain valid: `firstStep` and every `defaultNextStep` keep
 * naming existing steps. Ids are generated unique across the whole template (steps, widgets, options and a
 * Matrix's rows and columns, hidden fields, calculations).
 */
import type {
  EndingStep,
  FlowTemplate,
  FormStep,
  Step,
  Widget,
} from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import type { DefaultValue } from '@formloom/contracts/rules/defaults';
import type { RichText } from '@formloom/contracts/rules/rich-text';
import { orderedSteps } from '@formloom/contracts/rules/flow-template';
import { hasStep } from '@formloom/contracts/rules/steps';
import { newWidget, widgetEditorCopy, type WidgetType } from '@formloom/contracts/widgets/registry';
import { itemListsOf, newItemIdPrefix, newItemLabel, type ItemList } from '@formloom/contracts/widgets/shared/options';

/**
 * Every id used in the template: step ids, widget ids and the ids of their items (options, a Matrix's rows and
 * columns), hidden fields' and calculations' ids.
 */
export function templateIds(template: FlowTemplate): Set<string> {
  const ids = new Set<string>();
  for (const param of template.urlParams ?? []) ids.add(param.id);
  for (const calculation of template.calculations ?? []) ids.add(calculation.id);
  for (const [key, step] of Object.entries(template.steps)) {
    ids.add(key);
    ids.add(step.id);
    if (step.type !== 'form') continue;
    for (const widget of step.template.widgets) {
      ids.add(widget.id);
      for (const [, items] of itemListsOf(widget.template)) for (const item of items) ids.add(item.id);
    }
  }
  return ids;
}

/** A new id `<prefix><8 random base-36 chars>` not in `taken` (and added to it). */
export function newId(prefix: string, taken: Set<string>): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const id = prefix + Array.from(bytes, (b) => (b % 36).toString(36)).join('');
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/** The form pages in page order. */
export function formPages(template: FlowTemplate): FormStep[] {
  return orderedSteps(template).filter((step): step is FormStep => step.type === 'form');
}

/** The ending pages in page order. */
export function endingPages(template: FlowTemplate): EndingStep[] {
  return orderedSteps(template).filter((step): step is EndingStep => step.type === 'ending');
}

function withStep(template: FlowTemplate, step: Step): FlowTemplate {
  return { ...template, steps: { ...template.steps, [step.id]: step } };
}

function formStep(template: FlowTemplate, stepId: string): FormStep | undefined {
  const step = Object.prototype.hasOwnProperty.call(template.steps, stepId) ? template.steps[stepId] : undefined;
  return step?.type === 'form' ? step : undefined;
}

/**
 * Adds an empty form page after the last form page (so before the ending). Its name is 'Page N'.
 * Returns the new template and the new page's id.
 */
export function addPage(template: FlowTemplate): { template: FlowTemplate; stepId: string } {
  const taken = templateIds(template);
  const stepId = newId('s', taken);
  const pages = formPages(template);
  const last = pages.at(-1);
  const ending = endingPages(template)[0];
  const nextId = last ? last.nextStep.defaultNextStep : (ending?.id ?? template.firstStep);
  const page: FormStep = {
    id: stepId,
    name: copy.flows.pageName(pages.length + 1),
    type: 'form',
    template: { widgets: [] },
    nextStep: { defaultNextStep: nextId },
  };
  let next = withStep(template, page);
  if (last) next = withStep(next, { ...last, nextStep: { defaultNextStep: stepId } });
  else next = { ...next, firstStep: stepId };
  return { template: next, stepId };
}

/** Renames a page (form or ending). */
export function renamePage(template: FlowTemplate, stepId: string, name: string): FlowTemplate {
  const step = template.steps[stepId];
  return step ? withStep(template, { ...step, name }) : template;
}

/**
 * Deletes a form page: every link and navigation rule that led to it now leads where it led (or, when it led to
 * itself, to the first ending), and `firstStep` moves on when the first page is deleted. The last remaining form
 * page cannot be deleted (the template is returned as is).
 */
export function deletePage(template: FlowTemplate, stepId: string): FlowTemplate {
  const page = formStep(template, stepId);
  if (!page || formPages(template).length <= 1) return template;
  const next = page.nextStep.defaultNextStep;
  const target = next === stepId ? (endingPages(template)[0]?.id ?? next) : next;
  return retarget(template, stepId, target);
}

/**
 * Removes step `removed`; every default link and navigation rule that led to it leads to `target` instead, and
 * `firstStep` too.
 */
export function retarget(template: FlowTemplate, removed: string, target: string): FlowTemplate {
  const steps: Record<string, Step> = {};
  for (const [key, step] of Object.entries(template.steps)) {
    if (key === removed) continue;
    if (step.type !== 'form') {
      steps[key] = step;
      continue;
    }
    const defaultNextStep = step.nextStep.defaultNextStep === removed ? target : step.nextStep.defaultNextStep;
    const rules = step.nextStep.rules?.map((rule) => (rule.nextStep === removed ? { ...rule, nextStep: target } : rule));
    steps[key] = { ...step, nextStep: rules ? { defaultNextStep, rules } : { defaultNextStep } };
  }
  return { ...template, firstStep: template.firstStep === removed ? target : template.firstStep, steps };
}

/** Updates the title and/or body of an ending page. */
export function updateEnding(template: FlowTemplate, stepId: string, patch: Partial<EndingStep['template']>): FlowTemplate {
  const step = template.steps[stepId];
  if (step?.type !== 'ending') return template;
  return withStep(template, { ...step, template: { ...step.template, ...patch } });
}

/**
 * A new question of `type` (contracts `newWidget`): the type's default label, not required, and the type's
 * new settings (three choices for choice types); its id and option ids are unique in `taken` (and added to it).
 */
export function createWidget(type: WidgetType, taken: Set<string>): Widget {
  return newWidget(type, newId('w', taken), (prefix) => newId(prefix, taken));
}

function mapWidgets(template: FlowTemplate, stepId: string, fn: (widgets: Widget[]) => Widget[]): FlowTemplate {
  const page = formStep(template, stepId);
  if (!page) return template;
  return withStep(template, { ...page, template: { ...page.template, widgets: fn(page.template.widgets) } });
}

/** Appends a new question of `type` to a page. Returns the template and the new widget's id. */
export function addWidget(template: FlowTemplate, stepId: string, type: WidgetType): { template: FlowTemplate; widgetId: string } {
  const widget = createWidget(type, templateIds(template));
  return { template: mapWidgets(template, stepId, (widgets) => [...widgets, widget]), widgetId: widget.id };
}

/** Replaces one question by `update(widget)`. */
export function updateWidget(template: FlowTemplate, stepId: string, widgetId: string, update: (widget: Widget) => Widget): FlowTemplate {
  return mapWidgets(template, stepId, (widgets) => widgets.map((widget) => (widget.id === widgetId ? update(widget) : widget)));
}

/** Sets a question's label; its `name` (the column name in results) follows the label. */
export function setWidgetLabel(widget: Widget, label: string): Widget {
  const name = label.trim().slice(0, 200) || widgetEditorCopy(widget.type).name;
  return { ...widget, name, template: { ...widget.template, label } } as Widget;
}

/**
 * Hides or shows a question (`rules/defaults.ts`): a hidden question is never shown to respondents and its answer is
 * its default. Saving refuses a hidden question that is required, so hiding one turns Required off.
 */
export function setWidgetHidden(widget: Widget, hidden: boolean): Widget {
  const { hidden: _was, ...template } = widget.template;
  return { ...widget, template: hidden ? { ...template, hidden: true, required: false } : template } as Widget;
}

/** Sets (or, with `undefined`, removes) a question's default answer (`rules/defaults.ts`). */
export function setWidgetDefault(widget: Widget, defaultValue: DefaultValue | undefined): Widget {
  const { defaultValue: _was, ...template } = widget.template;
  return { ...widget, template: defaultValue ? { ...template, defaultValue } : template } as Widget;
}

/** Sets (or, with `undefined`: none) a question's description (`rules/rich-text.ts`). */
export function setWidgetDescription(widget: Widget, description: RichText | undefined): Widget {
  const { description: _was, ...template } = widget.template;
  return { ...widget, template: description ? { ...template, description } : template } as Widget;
}

/**
 * `template` without the defaults read from hidden field `urlParamId` (the field is being removed: saving would
 * refuse a default from a field the form does not have).
 */
export function dropDefaultsFrom(template: FlowTemplate, urlParamId: string): FlowTemplate {
  const steps: Record<string, Step> = {};
  for (const [key, step] of Object.entries(template.steps)) {
    if (step.type !== 'form') {
      steps[key] = step;
      continue;
    }
    const reads = (widget: Widget) => widget.template.defaultValue?.kind === 'urlParam' && widget.template.defaultValue.urlParamId === urlParamId;
    if (!step.template.widgets.some(reads)) {
      steps[key] = step;
      continue;
    }
    const widgets = step.template.widgets.map((widget) => (reads(widget) ? setWidgetDefault(widget, undefined) : widget));
    steps[key] = { ...step, template: { ...step.template, widgets } };
  }
  return { ...template, steps };
}

/**
 * Inserts a copy of a question right after it: the same type, label and settings, a new id, and new ids for its
 * items — choices, a Matrix's rows and columns (ids stay unique across the template). Returns the template and
 * the copy's id (undefined when the question is not on the page).
 */
export function duplicateWidget(template: FlowTemplate, stepId: string, widgetId: string): { template: FlowTemplate; widgetId?: string } {
  const original = formStep(template, stepId)?.template.widgets.find((widget) => widget.id === widgetId);
  if (!original) return { template };
  const taken = templateIds(template);
  const settings: Record<string, unknown> = structuredClone(original.template);
  for (const [list, items] of itemListsOf(settings)) {
    settings[list] = items.map((item) => ({ ...item, id: newId(newItemIdPrefix(list), taken) }));
  }
  const copy = { ...original, id: newId('w', taken), template: settings } as Widget;
  return {
    template: mapWidgets(template, stepId, (widgets) => widgets.flatMap((widget) => (widget.id === widgetId ? [widget, copy] : [widget]))),
    widgetId: copy.id,
  };
}

/** Removes a question from a page. */
export function removeWidget(template: FlowTemplate, stepId: string, widgetId: string): FlowTemplate {
  return mapWidgets(template, stepId, (widgets) => widgets.filter((widget) => widget.id !== widgetId));
}

/** Moves the question at `from` to index `to` on a page (indices clamped). */
export function moveWidget(template: FlowTemplate, stepId: string, from: number, to: number): FlowTemplate {
  return mapWidgets(template, stepId, (widgets) => {
    const target = Math.max(0, Math.min(widgets.length - 1, to));
    if (from === target || from < 0 || from >= widgets.length) return widgets;
    const copyOf = [...widgets];
    const [moved] = copyOf.splice(from, 1);
    if (moved) copyOf.splice(target, 0, moved);
    return copyOf;
  });
}

/**
 * Adds an item to a question's `list`: an option 'Option N' to a choice question or a Ranking (`options`, the
 * default), a row 'Row N' or a column 'Column N' to a Matrix; the id is unique across the template. A question
 * without that list is left as it is.
 */
export function addOption(template: FlowTemplate, stepId: string, widgetId: string, list: ItemList = 'options'): FlowTemplate {
  const taken = templateIds(template);
  return updateWidget(template, stepId, widgetId, (widget) => {
    const items = itemListsOf(widget.template).find(([name]) => name === list)?.[1];
    if (!items) return widget;
    const item = { id: newId(newItemIdPrefix(list), taken), label: newItemLabel(list, items.length + 1) };
    return { ...widget, template: { ...widget.template, [list]: [...items, item] } } as Widget;
  });
}

/** The form page holding question `widgetId`, or undefined. */
export function pageOfWidget(template: FlowTemplate, widgetId: string): FormStep | undefined {
  return formPages(template).find((page) => page.template.widgets.some((widget) => widget.id === widgetId));
}

/**
 * Moves question `widgetId` to the end of form page `toStepId` (the editor's 'Move to page…' and a drop on a page of
 * the pages panel). The question keeps its id, its settings and its display condition; conditions and piping that
 * read it are left as they are — publishing then refuses those that now read a question asked later
 * (`rules/publish-checks.ts`), and {@link pageOfWidget} finds it again. Moving it to its own page puts it last there.
 * Unchanged (the same object) when the question or the target page does not exist.
 */
export function moveWidgetToPage(template: FlowTemplate, widgetId: string, toStepId: string): FlowTemplate {
  const from = pageOfWidget(template, widgetId);
  const to = formStep(template, toStepId);
  const widget = from?.template.widgets.find((item) => item.id === widgetId);
  if (!from || !to || !widget) return template;
  const without = mapWidgets(template, from.id, (widgets) => widgets.filter((item) => item.id !== widgetId));
  return mapWidgets(without, toStepId, (widgets) => [...widgets, widget]);
}

/**
 * True when the form pages are one straight default path: from `firstStep` each form page's `defaultNextStep` is
 * the next form page, every form page is on that path, and the last one leads to an ending. Only then is the page
 * order something a drag can change ({@link movePage}); navigation rules may jump anywhere meanwhile. A form whose
 * default links skip pages or end early (branches built with 'After this page') keeps its order as those links
 * make it.
 */
export function pagesReorderable(template: FlowTemplate): boolean {
  const pages = formPages(template);
  if (pages.length < 2 || template.firstStep !== pages[0]?.id) return false;
  return pages.every((page, index) => {
    const next = page.nextStep.defaultNextStep;
    const following = pages[index + 1];
    return following ? next === following.id : hasStep(template, next) && template.steps[next]?.type === 'ending';
  });
}

/**
 * Moves form page `stepId` to position `toIndex` (0-based, clamped) of the page order, like dragging a page in
 * Typeform or Fillout: the default links are rewired along the new order (`firstStep` is the new first page, each
 * page leads by default to the page after it, the last one to the ending the last page led to). Navigation rules
 * keep their targets, questions and endings stay as they are. Only for a form whose pages are one straight default
 * path ({@link pagesReorderable}); otherwise, or for an unknown page or no move, the template is returned as is.
 * The steps record is rebuilt in the new order (pages, then the other steps).
 */
export function movePage(template: FlowTemplate, stepId: string, toIndex: number): FlowTemplate {
  if (!pagesReorderable(template)) return template;
  const pages = formPages(template);
  const from = pages.findIndex((page) => page.id === stepId);
  const to = Math.max(0, Math.min(pages.length - 1, toIndex));
  if (from < 0 || from === to) return template;
  const order = [...pages];
  const [moved] = order.splice(from, 1);
  if (moved) order.splice(to, 0, moved);
  const ending = pages.at(-1)?.nextStep.defaultNextStep ?? template.firstStep;
  const steps: Record<string, Step> = {};
  order.forEach((page, index) => {
    steps[page.id] = { ...page, nextStep: { ...page.nextStep, defaultNextStep: order[index + 1]?.id ?? ending } };
  });
  for (const [key, step] of Object.entries(template.steps)) if (!Object.prototype.hasOwnProperty.call(steps, key)) steps[key] = step;
  return { ...template, firstStep: order[0]?.id ?? template.firstStep, steps };
}
