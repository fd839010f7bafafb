/**
 * The `databases` node on the canvas and in its editor (spec 001 §2, §3 `config {action, baseId, tableId, recordId,
 * record, filters, matchOn}`, §4 status and its 'Bulk create/update records', 'Update existing records?' of a bulk
 * create, §6 app builder only, §8 'Account not selected', 'Unknown base', 'Unknown table'): the action, the base and
 * table as stored, the record id of a find, update or delete, and the fields a bulk create matches on. Choosing
 * fields needs the table's schema (the integrations service), so those show what is stored. Its status line comes
 * from `@formloom/contracts/workflows/nodes/databases`.
 */
import { MultiSelect, Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { databasesNode } from '@formloom/contracts/workflows/nodes/databases';
import { hasAccount, RECORD_ID_ACTIONS, RecordAction } from '@formloom/contracts/workflows/nodes/integration';
import { IconDatabase } from '../../../ui/icons';
import { AccountWarning, ActionSelect, configText, PickedValue, withConfig } from '../inputs/integration-fields';
import { TextWithVariables } from '../inputs/variable-menu';
import { defineNodeUi, type NodePanelProps } from './types';

/** The actions with their spec 001 §4 names. */
const ACTIONS = Object.fromEntries(RecordAction.options.map((action) => [action, copy.integrationNodes.recordActions[action]]));

function DatabasesPanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const config = field(node.template, 'config');
  const action = configText(node.template, 'action') || 'create';
  const matchOn = field(config, 'matchOn');
  const matched = Array.isArray(matchOn) ? matchOn.filter((id): id is string => typeof id === 'string') : [];
  return (
    <Stack gap="sm" data-testid="databases-panel">
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
      {action === 'bulkCreate' && (
        <MultiSelect
          label={copy.integrationNodes.updateExistingRecords}
          data={matched}
          value={matched}
          disabled
          placeholder={copy.integrationNodes.needsAccountToPick}
        />
      )}
    </Stack>
  );
}

/** The databases node's card and panel. */
export const databasesNodeUi = defineNodeUi(databasesNode, {
  title: copy.integrationNodes.titles.databases,
  description: copy.integrationNodes.descriptions.databases,
  icon: IconDatabase,
  color: 'cyan',
  Panel: DatabasesPanel,
});
