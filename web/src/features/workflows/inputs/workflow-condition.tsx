/**
 * A workflow condition's editor (the filter's, each branch's: contracts `workflows/conditions.ts`): the shared
 * condition editor (`ui/condition-editor`, the form logic's and the Results' filter's) over what a step may compare —
 * the form's questions by page, its hidden fields, calculations and quiz score, and the outputs of the steps that can
 * run before it, under each step's title (contracts `workflows/condition-subjects.ts`) — with spec 001 §5's filter
 * operators (`workflowOperatorsFor`). Read-only: every field and button disabled.
 */
import { useMemo } from 'react';
import { Fieldset } from '@mantine/core';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import * as copy from '@formloom/contracts/copy';
import type { Condition } from '@formloom/contracts/rules/conditions';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { workflowConditionSubjects } from '@formloom/contracts/workflows/condition-subjects';
import { normalizeWorkflowCondition, workflowOperatorsFor } from '@formloom/contracts/workflows/conditions';
import { ConditionEditor, type ConditionQuestion } from '../../../ui/condition-editor/condition-editor';
import { nodeUi } from '../nodes/registry';
import type { WorkflowEditorContext } from '../nodes/types';

/** What a condition of node `nodeId` may compare in `context`'s workflow: the questions, then the other subjects. */
export function workflowConditionSources(context: WorkflowEditorContext, nodeId: string) {
  const form = context.formTemplate;
  const questions: ConditionQuestion[] = form
    ? formWidgets(form)
        .filter(({ widget }) => takesAnswer(widget))
        .map(({ stepId, widget }) => ({ widget, pageName: form.steps[stepId]?.name ?? stepId }))
    : [];
  const subjects = workflowConditionSubjects({ template: context.template, nodeId, formTemplate: form, nodeTitle: (type) => nodeUi(type)?.title ?? type });
  return { questions, subjects };
}

/**
 * A stored workflow condition as the editor edits it: the Condition form (a spec field-to-value map is shown as the
 * comparisons it stands for), or `undefined` for anything else (an empty editor).
 */
export function editableCondition(value: unknown): Condition | undefined {
  const normalized = normalizeWorkflowCondition(value);
  return typeof normalized === 'object' && normalized !== null && !Array.isArray(normalized) ? (normalized as Condition) : undefined;
}

/** Props of {@link WorkflowConditionEditor}. */
export interface WorkflowConditionEditorProps {
  context: WorkflowEditorContext;
  /** The node whose condition it is (its earlier steps' outputs are offered). */
  nodeId: string;
  /** The stored condition (any shape: see {@link editableCondition}). */
  value: unknown;
  onChange(condition: Condition): void;
  /** Names the fields for assistive technology ('Filter', 'Branch 1'). */
  label: string;
  readOnly: boolean;
}

/** See the module doc. */
export function WorkflowConditionEditor({ context, nodeId, value, onChange, label, readOnly }: WorkflowConditionEditorProps) {
  const { questions, subjects } = useMemo(() => workflowConditionSources(context, nodeId), [context, nodeId]);
  return (
    <Fieldset variant="unstyled" disabled={readOnly} aria-label={label}>
      <ConditionEditor
        value={editableCondition(value)}
        onChange={onChange}
        questions={questions}
        subjects={subjects}
        label={label}
        operators={workflowOperatorsFor}
        emptyText={copy.workflowSteps.conditionSourcesEmpty}
      />
    </Fieldset>
  );
}
