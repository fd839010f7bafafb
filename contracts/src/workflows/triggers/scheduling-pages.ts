/**
 * A form's scheduling pages: the steps the event triggers (`beforeEventStarts`, `eventCanceled`,
 * `eventRescheduled`, spec 001 §3 `stepId`) name. Scheduling pages are steps of type `scheduling` of the form's
 * template (spec 000 §2 "scheduling" stage); a form without one offers none, and those triggers stay incomplete
 * ('Choose a scheduling page'). Pure.
 */
import type { FlowTemplate } from '../../entities/flow-template';

/** The step type of a scheduling page. */
export const SCHEDULING_STEP_TYPE = 'scheduling';

/** A scheduling page of a form: its step id and name. */
export interface SchedulingPage {
  stepId: string;
  name: string;
}

/** The scheduling pages of `template` in template order; `[]` for none (or no template). */
export function schedulingPages(template: Pick<FlowTemplate, 'steps'> | undefined): SchedulingPage[] {
  if (!template) return [];
  return Object.entries(template.steps)
    .filter(([, step]) => String((step as { type?: unknown }).type) === SCHEDULING_STEP_TYPE)
    .map(([stepId, step]) => ({ stepId, name: step.name }));
}

/** The one scheduling page to preselect (spec 001 §4: "preselects the scheduling page when exactly one exists"). */
export function onlySchedulingStepId(stepIds: readonly string[] | undefined): string | null {
  return stepIds && stepIds.length === 1 ? stepIds[0]! : null;
}
