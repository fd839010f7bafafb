/**
 * The `filter` node on the canvas (spec 001 §3 "filter: condition"): a funnel, 'Filter', and its status line
 * ('Continue only if 1 condition is met', or 'Setup needed: Add a condition' — `@formloom/contracts/workflows/nodes/
 * filter`). Its panel edits the condition with the shared condition editor (`inputs/workflow-condition.tsx`: the
 * form's questions and the earlier steps' outputs, spec 001 §5's operators) and says what happens to a run whose
 * conditions are not met: it stops there, successfully ('Stopped by filter'). Done is disabled while the condition
 * is empty (spec 001 §5).
 */
import { Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { filterNode, isFilterEmpty } from '@formloom/contracts/workflows/nodes/filter';
import { IconFilter } from '../../../ui/icons';
import { WorkflowConditionEditor } from '../inputs/workflow-condition';
import { defineNodeUi, type NodePanelProps } from './types';

const texts = copy.workflowSteps.filter;

function FilterPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const template = isRecord(node.template) ? node.template : {};
  return (
    <Stack gap="xs" data-testid="filter-panel">
      <Text fz="sm" fw={600}>
        {texts.label}
      </Text>
      <WorkflowConditionEditor
        context={context}
        nodeId={nodeId}
        value={field(template, 'condition')}
        onChange={(condition) => onChange({ ...template, condition })}
        label={texts.title}
        readOnly={readOnly}
      />
      <Text fz="xs" c="dimmed">
        {texts.note}
      </Text>
    </Stack>
  );
}

/** The filter node's card and panel. */
export const filterNodeUi = defineNodeUi(filterNode, {
  title: texts.title,
  icon: IconFilter,
  color: 'orange',
  Panel: FilterPanel,
  description: texts.popover,
  doneBlocked: (template) => (isFilterEmpty(template) ? {} : false),
});
