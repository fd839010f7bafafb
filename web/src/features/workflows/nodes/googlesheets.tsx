/**
 * The `googlesheets` node on the canvas and in its editor (spec 001 §2, §3 `config {action, spreadsheetId, sheetId,
 * row, offset, limit}`, §4 'select an account', 'select a spreadsheet', 'select a sheet', §6 app builder only, §8
 * 'Account not selected', 'Unknown spreadsheet', 'Unknown sheet'): the action, the spreadsheet and sheet as stored,
 * and for Get records the rows to skip and the most to read. The row's columns need the sheet's headers (the
 * integrations service). Its status line comes from `@formloom/contracts/workflows/nodes/googlesheets`.
 */
import { Group, NumberInput, Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { GoogleSheetsAction, googleSheetsNode } from '@formloom/contracts/workflows/nodes/googlesheets';
import { hasAccount } from '@formloom/contracts/workflows/nodes/integration';
import { IconTable } from '../../../ui/icons';
import { AccountWarning, ActionSelect, configText, PickedValue, withConfig } from '../inputs/integration-fields';
import { defineNodeUi, type NodePanelProps } from './types';

/** The actions with their spec 001 §4 names. */
const ACTIONS = Object.fromEntries(GoogleSheetsAction.options.map((action) => [action, copy.integrationNodes.recordActions[action]]));

/** A whole number ≥ 0 stored at `config.<key>`, or '' (NumberInput's empty value). */
function count(template: unknown, key: string): number | string {
  const value = field(field(template, 'config'), key);
  return typeof value === 'number' ? value : '';
}

function GoogleSheetsPanel({ node, readOnly, onChange }: NodePanelProps) {
  const config = field(node.template, 'config');
  const action = configText(node.template, 'action') || 'create';
  const setCount = (key: string) => (value: number | string) => onChange(withConfig(node.template, { [key]: typeof value === 'number' ? value : null }));
  return (
    <Stack gap="sm" data-testid="googlesheets-panel">
      <AccountWarning hasAccount={hasAccount(node.template, { integration: true })} />
      <ActionSelect
        label={copy.integrationNodes.labels.action}
        value={action}
        options={ACTIONS}
        readOnly={readOnly}
        onChange={(value) => onChange(withConfig(node.template, { action: value }))}
      />
      <PickedValue
        label={copy.integrationNodes.labels.spreadsheet}
        value={field(config, 'spreadsheetId')}
        unknown={copy.integrationNodes.unknownSpreadsheet}
        required
      />
      <PickedValue label={copy.integrationNodes.labels.sheet} value={field(config, 'sheetId')} unknown={copy.integrationNodes.unknownSheet} required />
      {action === 'findAll' && (
        <Group grow>
          <NumberInput label={copy.integrationNodes.labels.offset} min={0} allowDecimal={false} value={count(node.template, 'offset')} onChange={setCount('offset')} readOnly={readOnly} />
          <NumberInput label={copy.integrationNodes.labels.limit} min={1} allowDecimal={false} value={count(node.template, 'limit')} onChange={setCount('limit')} readOnly={readOnly} />
        </Group>
      )}
    </Stack>
  );
}

/** The googlesheets node's card and panel. */
export const googleSheetsNodeUi = defineNodeUi(googleSheetsNode, {
  title: copy.integrationNodes.titles.googlesheets,
  description: copy.integrationNodes.descriptions.googlesheets,
  icon: IconTable,
  color: 'green',
  Panel: GoogleSheetsPanel,
});
