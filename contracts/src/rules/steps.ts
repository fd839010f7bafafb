/**
 * Page order of a flow template (spec 000 §3 "Flow template"): the steps in the order a respondent meets them
 * and the questions of every page. Zod-free at runtime (type-only imports), like `answers/`: the public form
 * runs it (docs/architecture.md "The public form's bundle"). Pure.
 */
import type { FlowTemplate, FormStep, Step } from '../entities/flow-template';
import type { Widget } from '../entities/flow-template';

/** A widget together with the id of the page (form step) that holds it. */
export interface PlacedWidget {
  stepId: string;
  widget: Widget;
}

/** True when the template has a step with key `key` (own property). */
export function hasStep(template: FlowTemplate, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(template.steps, key);
}

function stepAt(template: FlowTemplate, key: string): Step | undefined {
  return hasStep(template, key) ? template.steps[key] : undefined;
}

/** `[key, step]` pairs in page order (see {@link orderedSteps}). */
export function stepEntriesInOrder(template: FlowTemplate): Array<[string, Step]> {
  const seen = new Set<string>();
  const entries: Array<[string, Step]> = [];
  let key: string | null = template.firstStep;
  while (key !== null && !seen.has(key)) {
    const step = stepAt(template, key);
    if (!step) break;
    seen.add(key);
    entries.push([key, step]);
    key = step.type === 'form' ? step.nextStep.defaultNextStep : null;
  }
  for (const [other, step] of Object.entries(template.steps)) {
    if (!seen.has(other)) entries.push([other, step]);
  }
  return entries;
}

/**
 * The steps in page order: from `firstStep` along each form step's `defaultNextStep` until an ending, a step
 * already visited, or a missing step; then the steps not reached that way, in the record's key order (JS
 * object order: integer-like keys first, then insertion order). Every step appears exactly once.
 */
export function orderedSteps(template: FlowTemplate): Step[] {
  return stepEntriesInOrder(template).map(([, step]) => step);
}

/**
 * Every widget of every form step in page order ({@link orderedSteps}, then the widgets' array order), each
 * with the `id` of its step.
 */
export function formWidgets(template: FlowTemplate): PlacedWidget[] {
  return orderedSteps(template)
    .filter((step): step is FormStep => step.type === 'form')
    .flatMap((step) => step.template.widgets.map((widget) => ({ stepId: step.id, widget })));
}

