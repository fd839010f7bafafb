/**
 * The `ziteExecution` trigger (spec 001 §2 "hidden from this picker"; §3 "the edit view lists the input names
 * read-only"): the app builder's execution trigger. Its panel lists the input names; nothing is editable.
 */
import { List, Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { ziteExecutionTrigger } from '@formloom/contracts/workflows/triggers/zite-execution';
import { IconBolt } from '../../../ui/icons';
import { defineTriggerUi, type TriggerPanelProps } from './types';

function ZiteExecutionPanel({ trigger }: TriggerPanelProps) {
  const inputs = field(trigger.template, 'inputs');
  const names = isRecord(inputs) ? Object.keys(inputs) : [];
  return (
    <Stack gap={4} data-testid="zite-execution-panel">
      <Text fz="sm" fw={600}>
        {copy.workflowTriggers.inputs}
      </Text>
      {names.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {copy.workflowTriggers.noInputs}
        </Text>
      ) : (
        <List size="sm">
          {names.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The ziteExecution trigger's card and (read-only) panel. */
export const ziteExecutionTriggerUi = defineTriggerUi(ziteExecutionTrigger, {
  title: copy.workflowTriggers.names.ziteExecution,
  description: copy.workflowTriggers.descriptions.ziteExecution,
  icon: IconBolt,
  color: 'gray',
  Panel: ZiteExecutionPanel,
  hiddenFromPicker: true,
  hideEdit: true,
});
