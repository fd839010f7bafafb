/**
 * The `airtable` node on the canvas and in its editor (spec 001 §2, §3 `config {action, baseId, tableId, recordId,
 * record, filters}`, §4 "an account, then a base, then a table", §8 'Account not selected', 'Unknown base',
 * 'Unknown table'): the action, the base and table as stored, and the record id of a find, update or delete. The
 * record's fields and the filters need the table's schema (the integrations service). Its status line comes from
 * `@formloom/contracts/workflows/nodes/airtable`.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { airtableNode, AirtableAction } from '@formloom/contracts/workflows/nodes/airtable';
import { hasAccount, RECORD_ID_ACTIONS, type RecordAction } from '@formloom/contracts/workflows/nodes/integration';
import { IconTable } from '../../../ui/icons';
import { AccountWarning, ActionSelect, configText, PickedValue, withConfig } from '../inputs/integration-fields';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

/** The actions with their spec 001 §4 names. */
const ACTIONS = Object.fromEntries(AirtableAction.options.map((action) => [action, copy.integrationNodes.recordActions[action]]));

function AirtablePanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const config = field(node.template, 'config');
  const action = configText(node.template, 'action') || 'create';
  return (
    <Stack gap="sm" data-testid="airtable-panel">
      <AccountWarning hasAccount={hasAccount(node.template, { integration: true })} />
      <ActionSelect
        label={copy.integrationNodes.labels.action}
        value={action}
        options={ACTIONS}
        readOnly={readOnly}
        onChange={(value) => onChange(withConfig(node.template, { action: value }))}
      />
      <PickedValue label={copy.integrationNodes.labels.base} value={field(config, 'baseId')} unknown={copy.integrationNodes.unknownBase} required />
      <PickedValue label={copy.integrationNodes.labels.table} value={field(config, 'tableId')} unknown={copy.integrationNodes.unknownTable} required />
      {RECORD_ID_ACTIONS.includes(action as RecordAction) && (
        <TextWithVariables
          label={copy.integrationNodes.labels.recordId}
          value={configText(node.template, 'recordId')}
          onChange={(recordId) => onChange(withConfig(node.template, { recordId }))}
          context={context}
          nodeId={nodeId}
          readOnly={readOnly}
        />
      )}
    </Stack>
  );
}

/** The airtable node's card and panel. */
export const airtableNodeUi = defineNodeUi(airtableNode, {
  title: copy.integrationNodes.titles.airtable,
  description: copy.integrationNodes.descriptions.airtable,
  icon: IconTable,
  color: 'yellow',
  Panel: AirtablePanel,
});
