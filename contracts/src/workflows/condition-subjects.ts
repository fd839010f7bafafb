/**
 * What a workflow condition (a filter's, a branch's: `workflows/conditions.ts`) may compare besides the form's
 * questions: the form's hidden fields, calculations and quiz score (`rules/condition-subjects.ts`
 * `templateSubjects`), then the output fields of the steps that can run before the node (`workflows/variables.ts`
 * `ancestorNodeIds`; each type declares its fields and their kinds: `define.ts` `outputs`). The filter and branch
 * panels hand them to the shared condition editor (`web/src/ui/condition-editor`). Pure; never throws.
 */
import type { ConditionSubject } from '../rules/condition-subjects';
import { templateSubjects } from '../rules/condition-subjects';
import { ancestorNodeIds, type WorkflowVariablesInput } from './variables';
import { nodeRegistry } from './nodes/registry';

/**
 * The subjects a condition of node `input.nodeId` may compare, in the editor's order: the form's (without a form:
 * none), then per earlier step in breadth-first order from the trigger, each of its output fields as a `step`
 * subject `nodes.<nodeId>.<field>` of the field's kind (default `text`), listed under '<title> (<nodeId>)'.
 */
export function workflowConditionSubjects(input: WorkflowVariablesInput): ConditionSubject[] {
  const subjects: ConditionSubject[] = input.formTemplate ? templateSubjects(input.formTemplate) : [];
  if (input.nodeId === null) return subjects;
  for (const ancestor of ancestorNodeIds(input.template, input.nodeId)) {
    const node = input.template.nodes[ancestor]!;
    const group = `${input.nodeTitle?.(node.type) ?? node.type} (${ancestor})`;
    for (const output of nodeRegistry.find(node.type)?.outputs(node.template) ?? []) {
      subjects.push({ path: `nodes.${ancestor}.${output.field}`, source: 'step', kind: output.kind ?? 'text', label: output.label, group });
    }
  }
  return subjects;
}
