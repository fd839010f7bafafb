/**
 * The `filter` node's executor (spec 001 §3 "filter: condition (boolean logic)"; rules and schema in
 * `@formloom/contracts/workflows/nodes/filter`): evaluates the condition with THE one evaluator
 * (`@formloom/contracts/rules/conditions`, through `filterOutcome`) against the run's data — answers, hidden fields,
 * calculations, quiz, submission, and the earlier steps' outputs (`nodes.<id>.<field>`).
 *
 * - The condition holds: the step succeeds with `{passed: true, message: 'Condition met'}` and the run goes on to
 *   the node's `nextNodeId`.
 * - It does not: the step succeeds with `{passed: false, message: 'Stopped by filter'}` and the run ENDS there,
 *   `succeeded` — a filtered run is not a failure.
 * Local: no I/O, committed with the step in one statement.
 */
import { filterNode, filterOutcome } from '@formloom/contracts/workflows/nodes/filter';
import { defineExecutor } from './executor';

/** The filter node's executor. */
export const filterExecutor = defineExecutor(filterNode, {
  local: () => true,
  execute: ({ template, logic }) => {
    const output = filterOutcome(template, logic);
    return output.passed ? { kind: 'next', output } : { kind: 'next', next: null, output };
  },
});
