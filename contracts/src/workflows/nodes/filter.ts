/**
 * The `filter` node (spec 001 §3 "filter: condition (boolean logic)", §4 "filter: complete when a condition is
 * set", §5 "Done buttons: … filter disabled while the condition is empty", "Filter conditions"): the run goes on to
 * the node's `nextNodeId` when the condition holds; otherwise it STOPS THERE, successfully — a run a filter stops
 * is not a failure (as Zapier's filter "stops" a Zap run): its step succeeds with the output
 * `{passed: false, message: 'Stopped by filter'}` and the run ends `succeeded`.
 *
 * The condition is a workflow condition (`workflows/conditions.ts`: a `Condition` of `rules/conditions.ts`, THE
 * one evaluator; the spec's field-to-value map is accepted on input and normalized). The engine's executor:
 * `services/workflows-engine/src/nodes/filter.ts`; the web's card and panel: `web/src/features/workflows/nodes/filter.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import type { LogicContext } from '../../logic';
import { defineNode, field } from '../define';
import {
  emptyWorkflowCondition,
  isEmptyWorkflowCondition,
  WorkflowCondition,
  workflowConditionErrors,
  workflowConditionHolds,
  workflowConditionSummary,
} from '../conditions';

/** spec 001 §3: the filter node template — one condition. */
export const FilterNodeTemplate = z.object({ condition: WorkflowCondition });
/** A filter node template. */
export type FilterNodeTemplate = z.infer<typeof FilterNodeTemplate>;

/**
 * The step output of a filter (what the runs list shows): whether the run went on, and its message — 'Stopped by
 * filter' for a run the filter stopped. Later steps run only when it passed: the filter declares no output field.
 */
export interface FilterOutput {
  passed: boolean;
  message: string;
}

/**
 * The outcome of a filter for a run's data: `passed` when its condition holds (`workflowConditionHolds`), with
 * `copy.workflowSteps.filter.passed` or `.stopped` as the message. Never throws.
 */
export function filterOutcome(template: FilterNodeTemplate, context: LogicContext): FilterOutput {
  const passed = workflowConditionHolds(template.condition, context);
  return { passed, message: passed ? copy.workflowSteps.filter.passed : copy.workflowSteps.filter.stopped };
}

/** True while the filter panel's Done button is disabled (spec 001 §5): its condition is empty. */
export function isFilterEmpty(template: unknown): boolean {
  return isEmptyWorkflowCondition(field(template, 'condition'));
}

/**
 * The filter node (see the module doc): starts empty (`{and: []}`), complete when its condition has a comparison
 * and each comparison is filled in (`workflowConditionErrors`, first message 'Add a condition'); described
 * 'Continue only if 1 condition is met' / '… all of 3 conditions are met'; one edge, `nextNodeId`.
 */
export const filterNode = defineNode({
  type: 'filter',
  schema: FilterNodeTemplate,
  defaultTemplate: (): FilterNodeTemplate => ({ condition: emptyWorkflowCondition() }),
  rules: (template) => workflowConditionErrors(field(template, 'condition'), 'condition', copy.workflowSteps.filter.conditionRequired),
  describe: (template) => {
    const { count, mode } = workflowConditionSummary(field(template, 'condition'));
    return copy.workflowSteps.filter.description(count, mode);
  },
});
