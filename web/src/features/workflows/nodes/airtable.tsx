/**
 * The `airtable` node on the canvas and in its editor (spec 001 §2, §3 `config {action, baseId, tableId, recordId,
 * record, filters}`, §4 "an account, then a base, then a table", §8 'Account not selected', 'Unknown base',
 * 'Unknown table'): the account (the organization's Airtable accounts), the action, the base and the table picked
 * from what the account reaches (Airtable's meta API through the integrations service; a stored id it does not list
 * is 'Unknown base' / 'Unknown table'), and the record id of a find, update or delete. The record's fields and the
 * filters are not edited here yet. Its status line comes from `@formloom/contracts/workflows/nodes/airtable`.
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { airtableNode, AirtableAction } from '@formloom/contracts/workflows/nodes/airtable';
import { hasAccount, isChosen, RECORD_ID_ACTIONS, type RecordAction } from '@formloom/contracts/workflows/nodes/integration';
import { IconTable } from '../../../ui/icons';
import { useAirtableBases, useAirtableTables } from '../api/airtable-schema';
import { AccountPicker, AccountWarning, ActionSelect, configText, SchemaSelect, withConfig } from '../inputs/integration-fields';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

/** The actions with their spec 001 §4 names. */
const ACTIONS = Object.fromEntries(AirtableAction.options.map((action) => [action, copy.integrationNodes.recordActions[action]]));

function AirtablePanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const action = configText(node.template, 'action') || 'create';
  const stored = field(node.template, 'serviceId');
  const serviceId = isChosen(stored) ? String(stored) : null;
  const baseId = configText(node.template, 'baseId');
  const bases = useAirtableBases(serviceId);
  const tables = useAirtableTables(serviceId, baseId || null);
  return (
    <Stack gap="sm" data-testid="airtable-panel">
      <AccountWarning hasAccount={hasAccount(node.template, { integration: true })} />
      <AccountPicker
        type="airtable"
        value={field(node.template, 'serviceId')}
        readOnly={readOnly}
        // Another account reaches other bases: the base and table are chosen again.
        onChange={(serviceId) => onChange({ ...withConfig(node.template, { baseId: '', tableId: '' }), serviceId })}
      />
      <ActionSelect
        label={copy.integrationNodes.labels.action}
        value={action}
        options={ACTIONS}
        readOnly={readOnly}
        onChange={(value) => onChange(withConfig(node.template, { action: value }))}
      />
      <SchemaSelect
        label={copy.integrationNodes.labels.base}
        itemLabel="base"
        placeholder={copy.integrationNodes.chooseBase}
        value={baseId}
        query={bases}
        unknown={copy.integrationNodes.unknownBase}
        enabled={serviceId !== null}
        readOnly={readOnly}
        onChange={(id) => onChange(withConfig(node.template, { baseId: id, tableId: '' }))}
      />
      <SchemaSelect
        label={copy.integrationNodes.labels.table}
        itemLabel="table"
        placeholder={copy.integrationNodes.chooseTable}
        value={configText(node.template, 'tableId')}
        query={tables}
        unknown={copy.integrationNodes.unknownTable}
        enabled={serviceId !== null && baseId !== ''}
        readOnly={readOnly}
        onChange={(id) => onChange(withConfig(node.template, { tableId: id }))}
      />
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
