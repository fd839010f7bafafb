/**
 * The editor panels of the integration steps (src/features/workflows/nodes/{slack,microsoft-teams,googlesheets,
 * databases}.tsx and inputs/integration-fields.tsx; spec 001 §3 templates, §4 status and message type default, §5
 * 'Select a channel first', §8 'Account not selected' and the 'Unknown …' names): what a builder sees of a step whose
 * account is not connected, and what they can set without one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createService } from '@formloom/contracts/api/integrations/services';
import { airtableNode } from '@formloom/contracts/workflows/nodes/airtable';
import * as copy from '@formloom/contracts/copy';
import { databasesNode } from '@formloom/contracts/workflows/nodes/databases';
import { googleSheetsNode } from '@formloom/contracts/workflows/nodes/googlesheets';
import { slackNode } from '@formloom/contracts/workflows/nodes/slack';
import { nodeCardView } from '../../../src/features/workflows/components/node-card';
import { databasesNodeUi } from '../../../src/features/workflows/nodes/databases';
import { googleSheetsNodeUi } from '../../../src/features/workflows/nodes/googlesheets';
import { microsoftTeamsNodeUi } from '../../../src/features/workflows/nodes/microsoft-teams';
import { nodeUi } from '../../../src/features/workflows/nodes/registry';
import { slackNodeUi } from '../../../src/features/workflows/nodes/slack';
import { axeViolations, renderPanel } from './node-panel-harness';
import { airtableNodeUi } from '../../../src/features/workflows/nodes/airtable';
import { callEndpoint } from '../../../src/lib/api-client';
import { connectSlack, WEB_TEST_AIRTABLE_TOKEN } from '../../providers';
import { signUpUser } from '../../render-app';

it('warns that no account is selected, and still lets the builder write the Slack message', async () => {
  const panel = renderPanel(slackNodeUi, slackNode.defaultTemplate());
  expect(screen.getByTestId('account-warning')).toHaveTextContent(copy.integrationNodes.accountNotSelected);
  expect(screen.getByTestId('account-warning')).toHaveTextContent(copy.integrationNodes.reconnectHint);
  expect(nodeCardView({ type: 'slack', template: slackNode.defaultTemplate(), nextNodeId: null })).toMatchObject({
    title: 'Slack',
    status: { complete: false, description: 'Setup needed: select an account' },
  });

  // No message yet: it sends all fields (spec 001 §4).
  expect(screen.getByRole('radio', { name: copy.integrationNodes.messageTypes.send_all_fields })).toBeChecked();
  expect(screen.queryByRole('textbox', { name: copy.integrationNodes.labels.message })).toBeNull();
  await panel.user.click(screen.getByRole('radio', { name: copy.integrationNodes.messageTypes.custom_message }));
  await panel.user.type(screen.getByRole('textbox', { name: copy.integrationNodes.labels.message }), 'New lead');
  expect(panel.template()).toMatchObject({ config: { messageType: 'custom_message', message: 'New lead' } });

  // The channel comes from the account's list: without one it cannot be picked, and Done waits for it.
  const channel = screen.getByRole('textbox', { name: copy.integrationNodes.labels.channel });
  expect(channel).toHaveAttribute('readonly');
  expect(channel).toHaveAttribute('placeholder', copy.integrationNodes.needsAccountToPick);
  expect(slackNodeUi.doneBlocked?.(panel.template())).toEqual({ tooltip: copy.integrationNodes.selectChannelFirst });
});

it('shows a custom message for a stored message without a type, and takes the channel once an account is there', async () => {
  const panel = renderPanel(slackNodeUi, { serviceId: 's1', integrationId: null, config: { message: 'Hi {{answers.w1}}', channel: '' } });
  expect(screen.queryByTestId('account-warning')).toBeNull();
  expect(screen.getByRole('radio', { name: copy.integrationNodes.messageTypes.custom_message })).toBeChecked();
  await panel.user.type(screen.getByRole('textbox', { name: copy.integrationNodes.labels.channel }), '#sales');
  expect(panel.template()).toMatchObject({ config: { channel: '#sales' } });
  expect(slackNodeUi.doneBlocked?.(panel.template())).toBe(false);
  expect(slackNode.status(panel.template())).toEqual({ complete: true, description: 'Message to #sales' });
});

it('clears the Teams channel when the team changes', async () => {
  const panel = renderPanel(microsoftTeamsNodeUi, { serviceId: 's1', config: { messageType: 'send_all_fields', team: 'Sales', channel: 'General' } });
  await panel.user.type(screen.getByRole('textbox', { name: copy.integrationNodes.labels.team }), ' EU');
  expect(panel.template()).toMatchObject({ config: { team: 'Sales EU', channel: '' } });
  expect(microsoftTeamsNodeUi.doneBlocked?.(panel.template())).toEqual({ tooltip: copy.integrationNodes.selectChannelFirst });
});

it('names a stored spreadsheet it cannot look up “Unknown spreadsheet”, and reads rows by offset and limit', async () => {
  const template = { ...googleSheetsNode.defaultTemplate(), config: { action: 'findAll' as const, spreadsheetId: '1AbC', sheetId: null } };
  const panel = renderPanel(googleSheetsNodeUi, template);
  expect(screen.getByTestId('account-warning')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: copy.integrationNodes.labels.spreadsheet })).toHaveValue(copy.integrationNodes.unknownSpreadsheet);
  expect(screen.getByRole('textbox', { name: copy.integrationNodes.labels.sheet })).toHaveValue('');
  await panel.user.type(screen.getByRole('textbox', { name: copy.integrationNodes.labels.limit }), '25');
  expect(panel.template()).toMatchObject({ config: { limit: 25 } });
  expect(nodeUi('googlesheets')?.title).toBe('Google Sheets');
});

it('offers every database action by the spec’s names, with the record id and the bulk create’s matching fields', async () => {
  const panel = renderPanel(databasesNodeUi, databasesNode.defaultTemplate());
  const action = screen.getByRole('combobox', { name: copy.integrationNodes.labels.action });
  expect([...(action as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
    'Find record',
    'Get records',
    'Create record',
    'Bulk create records',
    'Update record',
    'Delete record',
  ]);
  await panel.user.selectOptions(action, 'Update record');
  expect(panel.template()).toMatchObject({ config: { action: 'update' } });
  expect(screen.getByRole('textbox', { name: copy.integrationNodes.labels.recordId })).toBeInTheDocument();
  await panel.user.selectOptions(action, 'Bulk create records');
  expect(screen.getByText(copy.integrationNodes.updateExistingRecords)).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: copy.integrationNodes.labels.recordId })).toBeNull();
});

it('has no accessibility violations in the chat and record panels', async () => {
  renderPanel(microsoftTeamsNodeUi, { serviceId: null, config: { message: 'Hi' } });
  expect(await axeViolations(screen.getByTestId('microsoft-teams-panel'))).toEqual([]);
  renderPanel(databasesNodeUi, { ...databasesNode.defaultTemplate(), config: { action: 'bulkCreate', baseId: 'b1', tableId: 't1', matchOn: ['email'] } });
  expect(await axeViolations(screen.getByTestId('databases-panel'))).toEqual([]);
  renderPanel(googleSheetsNodeUi, { ...googleSheetsNode.defaultTemplate(), config: { action: 'findAll', spreadsheetId: 's', sheetId: 0 } });
  expect(await axeViolations(screen.getByTestId('googlesheets-panel'))).toEqual([]);
});

it('picks the Slack step\'s account among the organization\'s connected Slack accounts', async () => {
  await signUpUser({ firstName: 'Ada' });
  const serviceId = await connectSlack('Team Slack');
  const panel = renderPanel(slackNodeUi, slackNode.defaultTemplate());
  const picker = await screen.findByRole('combobox', { name: copy.integrationNodes.labels.account });
  await waitFor(() => expect(picker).toBeEnabled());
  await panel.user.click(picker);
  await panel.user.click(await screen.findByRole('option', { name: 'Team Slack' }));
  expect(panel.template()).toMatchObject({ serviceId });
  expect(screen.queryByTestId('account-warning')).toBeNull();
  expect(screen.getByRole('link', { name: copy.integrationNodes.connectAccountLink })).toHaveAttribute('href', '/home/integrations');
});

it('picks the Airtable step\'s account, then a base and a table the account reaches', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { service } = await callEndpoint(createService, { body: { serviceType: 'airtable', serviceName: 'Sales base', config: { apiKey: WEB_TEST_AIRTABLE_TOKEN } } });
  const panel = renderPanel(airtableNodeUi, airtableNode.defaultTemplate());
  const account = await screen.findByRole('combobox', { name: copy.integrationNodes.labels.account });
  await waitFor(() => expect(account).toBeEnabled());
  await panel.user.click(account);
  await panel.user.click(await screen.findByRole('option', { name: 'Sales base' }));

  const base = screen.getByRole('combobox', { name: new RegExp(copy.integrationNodes.labels.base) });
  await waitFor(() => expect(base).toBeEnabled());
  await panel.user.click(base);
  const baseList = await screen.findByRole('listbox', { name: new RegExp(copy.integrationNodes.labels.base) });
  expect(within(baseList).getAllByRole('option').map((option) => option.textContent)).toEqual(['CRM', 'Hiring']);
  await panel.user.click(screen.getByRole('option', { name: 'CRM' }));
  const table = screen.getByRole('combobox', { name: new RegExp(copy.integrationNodes.labels.table) });
  await waitFor(() => expect(table).toBeEnabled());
  await panel.user.click(table);
  await panel.user.click(await screen.findByRole('option', { name: 'Leads' }));
  expect(panel.template()).toMatchObject({ serviceId: service.id, config: { baseId: 'appCRM0000000001', tableId: 'tblLeads00000001' } });
  expect(airtableNode.status(panel.template())).toMatchObject({ complete: true });
});

it('says a stored base is unknown, and why its tables could not be found, with "Try again"', async () => {
  await signUpUser({ firstName: 'Ada' });
  const { service } = await callEndpoint(createService, { body: { serviceType: 'airtable', config: { apiKey: WEB_TEST_AIRTABLE_TOKEN } } });
  renderPanel(airtableNodeUi, { ...airtableNode.defaultTemplate(), serviceId: service.id, config: { action: 'create', baseId: 'appGone000000001', tableId: '', record: {}, filters: [] } });
  await waitFor(() => expect(screen.getByRole('combobox', { name: new RegExp(copy.integrationNodes.labels.base) })).toHaveValue(copy.integrationNodes.unknownBase));
  const problem = await screen.findByTestId('schema-error');
  expect(problem).toHaveTextContent(copy.integrationNodes.schemaLoadFailed('table'));
  expect(problem).toHaveTextContent(copy.integrations.requestRefused('Airtable', 'Invalid permissions, or the requested model was not found.'));
  expect(within(problem).getByRole('button', { name: copy.integrationNodes.tryAgain })).toBeInTheDocument();
});
