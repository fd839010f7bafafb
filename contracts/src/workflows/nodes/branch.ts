/**
 * The `branch` node (spec 001 §3 "branch: branches[{id, nextNodeId, condition}]; two are created by default", §2
 * "Edges leaving … a branch are labelled by that … branch's id", §4 "branch: incomplete if any branch condition is
 * empty; otherwise shows the branch count", §9 "Branch node starts with 2 branches"): the run takes ONE path.
 *
 * - Branches are checked in order and the FIRST whose condition holds wins (as n8n's Switch routes to its first
 *   matching output): the run goes on to that branch's `nextNodeId` (none: the run ends there, successfully).
 * - When no branch's condition holds, the run goes on to the node's own `nextNodeId`, shown on the canvas as the
 *   edge 'Otherwise' (n8n's fallback output, Zapier's fallback path); when 'Otherwise' leads nowhere (`null`, the
 *   default) the run ends there, successfully, with the output 'No branch matched'. The spec's "Adding a node"
 *   rule ("the source's old next node becomes the new node's next (for a branch … its first branch)") is kept:
 *   the first edge {@link branchEdges} declares is the first branch's.
 * - A branch's `id` is its name and its edge's label ('Branch 1'): unique within the node (ignoring case and
 *   surrounding spaces), at most BRANCH_NAME_MAX_LENGTH characters; one to MAX_BRANCHES branches.
 * - Each condition is a workflow condition (`workflows/conditions.ts`, THE one evaluator of `rules/conditions.ts`).
 *
 * Output (`nodes.<id>.branch`): the name of the branch taken, 'Otherwise', or `null` when the run ended there. The
 * engine's executor: `services/workflows-engine/src/nodes/branch.ts`; the web's card and panel:
 * `web/src/features/workflows/nodes/branch.tsx`.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import type { LogicContext } from '../../logic';
import { BRANCH_NAME_MAX_LENGTH, DEFAULT_BRANCH_COUNT, MAX_BRANCHES } from '../../limits';
import { defineNode, field, type NodeEdge, type NodeShape } from '../define';
import { emptyWorkflowCondition, WorkflowCondition, workflowConditionErrors, workflowConditionHolds } from '../conditions';

/** A branch's name as compared for uniqueness: trimmed, lower-cased. */
function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** spec 001 §3: one branch — its name (`id`), the node it leads to, its condition. */
export const Branch = z.object({
  id: z.string().trim().min(1).max(BRANCH_NAME_MAX_LENGTH),
  nextNodeId: z.string().min(1).max(64).nullable(),
  condition: WorkflowCondition,
});
/** A branch. */
export type Branch = z.infer<typeof Branch>;

/** spec 001 §3: the branch node template — one to MAX_BRANCHES branches with unique names. */
export const BranchNodeTemplate = z.object({
  branches: z
    .array(Branch)
    .min(1)
    .max(MAX_BRANCHES)
    .superRefine((branches, context) => {
      const seen = new Set<string>();
      branches.forEach((branch, index) => {
        const key = nameKey(branch.id);
        if (seen.has(key)) context.addIssue({ code: 'custom', path: [index, 'id'], message: copy.workflowSteps.branch.duplicateName });
        seen.add(key);
      });
    }),
});
/** A branch node template. */
export type BranchNodeTemplate = z.infer<typeof BranchNodeTemplate>;

/** The branches of a template as stored (an array), or `[]`. */
function branchesOf(template: unknown): unknown[] {
  const branches = field(template, 'branches');
  return Array.isArray(branches) ? branches : [];
}

/** A branch's name as stored, or '' when it has none. */
function nameOf(branch: unknown): string {
  const id = field(branch, 'id');
  return typeof id === 'string' ? id.trim() : '';
}

/**
 * The branch node's rules (spec 001 §4), paths relative to its template, in this order: no branch
 * (`copy.workflowSteps.branch.branchesRequired` at `branches`); more than MAX_BRANCHES (`tooMany`); then per branch
 * `i`: a blank name (`nameRequired` at `branches.<i>.id`), a name an earlier branch has (`duplicateName`), and the
 * problems of its condition (`workflowConditionErrors`; an empty one reads 'Add a condition to <name>' at
 * `branches.<i>.condition`). `[]` when complete. Never throws.
 */
export function branchNodeErrors(template: unknown): FieldError[] {
  const branches = branchesOf(template);
  if (branches.length === 0) return [{ path: 'branches', message: copy.workflowSteps.branch.branchesRequired }];
  const errors: FieldError[] = [];
  if (branches.length > MAX_BRANCHES) errors.push({ path: 'branches', message: copy.workflowSteps.branch.tooMany(MAX_BRANCHES) });
  const seen = new Set<string>();
  branches.forEach((branch, index) => {
    const name = nameOf(branch);
    if (name === '') errors.push({ path: `branches.${index}.id`, message: copy.workflowSteps.branch.nameRequired });
    else if (seen.has(nameKey(name))) errors.push({ path: `branches.${index}.id`, message: copy.workflowSteps.branch.duplicateName });
    seen.add(nameKey(name));
    const label = name || copy.workflowSteps.branch.defaultName(index + 1);
    errors.push(...workflowConditionErrors(field(branch, 'condition'), `branches.${index}.condition`, copy.workflowSteps.branch.conditionRequired(label)));
  });
  return errors;
}

/**
 * The outgoing edges of a branch node (see the module doc): one per branch, in order
 * (`template.branches.<i>.nextNodeId`, labelled by the branch's name), then 'Otherwise' (`nextNodeId`). Reads any
 * template; never throws.
 */
export function branchEdges(node: NodeShape): NodeEdge[] {
  const edges: NodeEdge[] = branchesOf(node.template).map((branch, index) => {
    const target = field(branch, 'nextNodeId');
    return { path: `template.branches.${index}.nextNodeId`, target: typeof target === 'string' ? target : null, label: nameOf(branch) };
  });
  edges.push({ path: 'nextNodeId', target: node.nextNodeId, label: copy.workflowSteps.branch.otherwise });
  return edges;
}

/**
 * The first branch name 'Branch <n>' (n from 1) that none of `taken` has (compared as uniqueness is), for a new
 * branch.
 */
export function newBranchName(taken: readonly string[]): string {
  const keys = new Set(taken.map(nameKey));
  for (let n = 1; ; n += 1) {
    const name = copy.workflowSteps.branch.defaultName(n);
    if (!keys.has(nameKey(name))) return name;
  }
}

/**
 * The index of the branch a run takes (see the module doc): the first whose condition holds in `context`, or -1 when
 * none does. Never throws.
 */
export function chooseBranch(template: BranchNodeTemplate, context: LogicContext): number {
  return template.branches.findIndex((branch) => workflowConditionHolds(branch.condition, context));
}

/**
 * The branch node (see the module doc): starts with DEFAULT_BRANCH_COUNT (2) empty branches 'Branch 1' and
 * 'Branch 2' leading nowhere; complete when every branch is named and has a condition; described '2 branches'.
 */
export const branchNode = defineNode({
  type: 'branch',
  schema: BranchNodeTemplate,
  defaultTemplate: (): BranchNodeTemplate => ({
    branches: Array.from({ length: DEFAULT_BRANCH_COUNT }, (_, index) => ({
      id: copy.workflowSteps.branch.defaultName(index + 1),
      nextNodeId: null,
      condition: emptyWorkflowCondition(),
    })),
  }),
  rules: branchNodeErrors,
  describe: (template) => copy.workflowSteps.branch.description(branchesOf(template).length),
  edges: branchEdges,
  outputs: () => [{ field: 'branch', label: copy.workflowSteps.branch.branchField }],
});
