/**
 * The `branch` node's executor (spec 001 §3 "branch: branches[{id, nextNodeId, condition}]"; rules, schema and
 * edges in `@formloom/contracts/workflows/nodes/branch`): the run takes the FIRST branch whose condition holds
 * (`chooseBranch`, THE one evaluator of `@formloom/contracts/rules/conditions`) and goes on to its `nextNodeId`;
 * when none holds, to the node's own `nextNodeId` ('Otherwise'). A path that leads nowhere ends the run,
 * `succeeded`. The worker records the node chosen on the step (`next_node_id`), so a run reclaimed after a crash
 * follows the same path without evaluating again.
 *
 * Output: `{branch}` — the name of the branch taken, 'Otherwise', or `null` when no branch matched and nothing
 * follows 'Otherwise' — with `message: 'No branch matched'` when no branch matched. Local: no I/O.
 */
import * as copy from '@formloom/contracts/copy';
import { branchNode, chooseBranch } from '@formloom/contracts/workflows/nodes/branch';
import { defineExecutor } from './executor';

/** The branch node's executor. */
export const branchExecutor = defineExecutor(branchNode, {
  local: () => true,
  execute: ({ template, logic, node }) => {
    const chosen = template.branches[chooseBranch(template, logic)];
    if (chosen) return { kind: 'next', next: chosen.nextNodeId, output: { branch: chosen.id } };
    const otherwise = node.nextNodeId;
    return {
      kind: 'next',
      next: otherwise,
      output: { branch: otherwise === null ? null : copy.workflowSteps.branch.otherwise, message: copy.workflowSteps.branch.noneMatched },
    };
  },
});
