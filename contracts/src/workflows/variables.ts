/**
 * What a workflow node may read (the editor's variable picker, spec 001 §3 "logic values"): the run data a
 * logic value can refer to at a given node — the form's answers, hidden fields, calculations and quiz score,
 * the submission and the form, and the outputs of the steps that can run before it (`nodes.<nodeId>.<field>`,
 * each node type declaring its fields: `define.ts` `outputs`). Paths are those of `logic.ts`; a variable is
 * inserted as `{var: path}` in a logic value or as `{{path}}` in free text.
 *
 * "Before it" means: on some path from the trigger to the node (its ancestors in the graph). A step on another
 * branch may not have run; its fields are not offered. Pure; never throws.
 */
import * as copy from '../copy';
import type { FlowTemplate } from '../entities/flow-template';
import type { WorkflowTemplate } from '../entities/workflow';
import { takesAnswer } from '../answers/registry';
import { formWidgets } from '../rules/steps';
import { templateSubjects } from '../rules/condition-subjects';
import { nodeEdges } from '../rules/workflow-graph';
import { nodeRegistry } from './nodes/registry';

/** One variable the picker offers. */
export interface WorkflowVariable {
  /** The logic path (`answers.w2`, `nodes.n1.summary`). */
  path: string;
  /** What the picker shows: the question's label, the field's label. */
  label: string;
}

/** A group of variables under a heading ('Answers', 'Hidden fields', or a step's title). */
export interface WorkflowVariableGroup {
  /** `answers`, `urlParams`, `calculations`, `quiz`, `submission`, or `nodes.<nodeId>`. */
  key: string;
  /** The heading. For a step: `<type> (<nodeId>)` unless the caller names node types (`nodeTitle`). */
  label: string;
  variables: WorkflowVariable[];
}

/** Input of {@link workflowVariables}. */
export interface WorkflowVariablesInput {
  /** The workflow's (draft) template. */
  template: Pick<WorkflowTemplate, 'trigger' | 'nodes'>;
  /** The node that reads (its ancestors' outputs are offered); `null` for the trigger (no step outputs). */
  nodeId: string | null;
  /** The form's template (questions, hidden fields, calculations); absent: no form groups. */
  formTemplate?: FlowTemplate;
  /** A node type's name in headings ('AI', 'Webhook'); default the type itself. */
  nodeTitle?(type: string): string;
}

/**
 * The node ids that can run before `nodeId`: every node on some path from the trigger to it, excluding itself,
 * in breadth-first order from the trigger. Unknown nodes and edges to nowhere are ignored.
 */
export function ancestorNodeIds(template: Pick<WorkflowTemplate, 'trigger' | 'nodes'>, nodeId: string): string[] {
  const has = (id: string) => Object.prototype.hasOwnProperty.call(template.nodes, id);
  // Forward reachability from the trigger, in BFS order; then keep those that reach `nodeId`.
  const order: string[] = [];
  const seen = new Set<string>();
  const start = template.trigger.nextNodeId;
  let frontier = start !== null && has(start) ? [start] : [];
  frontier.forEach((id) => seen.add(id));
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      order.push(id);
      for (const edge of nodeEdges(template.nodes[id]!)) {
        if (edge.target !== null && has(edge.target) && !seen.has(edge.target)) {
          seen.add(edge.target);
          next.push(edge.target);
        }
      }
    }
    frontier = next;
  }
  const reaches = new Map<string, boolean>();
  const visiting = new Set<string>();
  const reachesTarget = (id: string): boolean => {
    if (id === nodeId) return true;
    const known = reaches.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const result = nodeEdges(template.nodes[id]!).some((edge) => edge.target !== null && has(edge.target) && reachesTarget(edge.target));
    visiting.delete(id);
    reaches.set(id, result);
    return result;
  };
  return order.filter((id) => id !== nodeId && reachesTarget(id));
}

/**
 * The variables a node may read, grouped (see the module doc): answers (questions that take one, in page order,
 * labelled by their label or name), hidden fields, calculations, the quiz score, the submission (id, time), the
 * form's name, then one group per earlier step that declares output fields.
 */
export function workflowVariables(input: WorkflowVariablesInput): WorkflowVariableGroup[] {
  const groups: WorkflowVariableGroup[] = [];
  const form = input.formTemplate;
  if (form) {
    const answers = formWidgets(form)
      .filter(({ widget }) => takesAnswer(widget))
      .map(({ widget }) => {
        const label = (widget.template as { label?: unknown }).label;
        return { path: `answers.${widget.id}`, label: typeof label === 'string' && label.trim() !== '' ? label.trim() : widget.name };
      });
    if (answers.length > 0) groups.push({ key: 'answers', label: copy.workflows.variableGroups.answers, variables: answers });
    const subjects = templateSubjects(form);
    const bySource = (source: string) => subjects.filter((subject) => subject.source === source).map(({ path, label }) => ({ path, label }));
    const hidden = bySource('urlParam');
    if (hidden.length > 0) groups.push({ key: 'urlParams', label: copy.workflows.variableGroups.urlParams, variables: hidden });
    const calculations = bySource('calculation');
    if (calculations.length > 0) groups.push({ key: 'calculations', label: copy.workflows.variableGroups.calculations, variables: calculations });
    const quiz = bySource('quiz');
    if (quiz.length > 0) groups.push({ key: 'quiz', label: copy.workflows.variableGroups.quiz, variables: quiz });
  }
  groups.push({
    key: 'submission',
    label: copy.workflows.variableGroups.submission,
    variables: [
      { path: 'submission.submissionId', label: copy.workflows.variableGroups.submissionId },
      { path: 'submission.submissionTime', label: copy.workflows.variableGroups.submissionTime },
      { path: 'flow.name', label: copy.workflows.variableGroups.formName },
    ],
  });
  if (input.nodeId === null) return groups;
  for (const ancestor of ancestorNodeIds(input.template, input.nodeId)) {
    const node = input.template.nodes[ancestor]!;
    const fields = nodeRegistry.find(node.type)?.outputs(node.template) ?? [];
    if (fields.length === 0) continue;
    const title = input.nodeTitle?.(node.type) ?? node.type;
    groups.push({
      key: `nodes.${ancestor}`,
      label: `${title} (${ancestor})`,
      variables: fields.map(({ field, label }) => ({ path: `nodes.${ancestor}.${field}`, label })),
    });
  }
  return groups;
}
