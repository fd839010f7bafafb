/**
 * The node types that act through a connected account (spec 001 §3 templates, §4 setup status, §5 required
 * channel, §6 app-builder-only editors, §8 texts): slack, microsoftTeams, discord, twilio, airtable, googlesheets,
 * databases, openai, and the app flow's getCurrentUserOrThrow. Each one's rules in the spec's order, its status
 * lines with the spec's texts, and its default template.
 */
import * as copy from '../src/copy';
import { WorkflowTemplate } from '../src/entities/workflow';
import { airtableNode } from '../src/workflows/nodes/airtable';
import { databasesNode } from '../src/workflows/nodes/databases';
import { discordNode } from '../src/workflows/nodes/discord';
import { getCurrentUserOrThrowNode } from '../src/workflows/nodes/get-current-user-or-throw';
import { googleSheetsNode } from '../src/workflows/nodes/googlesheets';
import { chatChannelMissing, messageTypeOf } from '../src/workflows/nodes/integration';
import { microsoftTeamsNode } from '../src/workflows/nodes/microsoft-teams';
import { openAiNode } from '../src/workflows/nodes/openai';
import { NODE_DEFINITIONS_WITHOUT_EXECUTOR, nodeRegistry } from '../src/workflows/nodes/registry';
import { slackMessageTemplate, slackNode } from '../src/workflows/nodes/slack';
import { twilioNode } from '../src/workflows/nodes/twilio';
import { templatePublishErrors } from '../src/workflows/publish-checks';

const setup = (text: string) => ({ complete: false, description: `Setup needed: ${text}` });

describe('the spec’s texts', () => {
  it.each<[string, string]>([
    [copy.integrationNodes.accountNotSelected, 'Account not selected'],
    [copy.integrationNodes.reconnectHint, 'Try prompting Zite to re-connect this integration'],
    [copy.integrationNodes.selectAccount, 'select an account'],
    [copy.integrationNodes.selectSpreadsheet, 'select a spreadsheet'],
    [copy.integrationNodes.selectSheet, 'select a sheet'],
    [copy.integrationNodes.selectChannelFirst, 'Select a channel first'],
    [copy.integrationNodes.recordActions.create, 'Create record'],
    [copy.integrationNodes.recordActions.findOne, 'Find record'],
    [copy.integrationNodes.recordActions.findAll, 'Get records'],
    [copy.integrationNodes.recordActions.update, 'Update record'],
    [copy.integrationNodes.recordActions.delete, 'Delete record'],
    [copy.integrationNodes.recordActions.bulkCreate, 'Bulk create records'],
    [copy.integrationNodes.recordActions.bulkUpsert, 'Bulk create/update records'],
    [copy.integrationNodes.unknownSpreadsheet, 'Unknown spreadsheet'],
    [copy.integrationNodes.unknownSheet, 'Unknown sheet'],
    [copy.integrationNodes.unknownBase, 'Unknown base'],
    [copy.integrationNodes.unknownTable, 'Unknown table'],
    [copy.integrationNodes.updateExistingRecords, 'Update existing records?'],
  ])('%j', (actual, expected) => expect(actual).toBe(expected));
});

describe('the registry', () => {
  it('lists every integration type not run by the engine yet (slack runs through the integrations service)', () => {
    expect(NODE_DEFINITIONS_WITHOUT_EXECUTOR.map((definition) => definition.type)).toEqual([
      'microsoftTeams',
      'discord',
      'twilio',
      'airtable',
      'googlesheets',
      'databases',
      'openai',
      'getCurrentUserOrThrow',
    ]);
    for (const definition of NODE_DEFINITIONS_WITHOUT_EXECUTOR) {
      expect(nodeRegistry.find(definition.type)).toBe(definition);
      // A new node starts from a template its own schema accepts.
      expect(definition.schema.safeParse(definition.defaultTemplate()).success).toBe(true);
      expect(() => definition.status(null)).not.toThrow();
      expect(definition.hiddenInAgentRegion).toBe(false);
    }
  });

  it('offers databases, Google Sheets and the current user to app flows only (spec 001 §6)', () => {
    expect(databasesNode.flowTypes).toEqual(['zite']);
    expect(googleSheetsNode.flowTypes).toEqual(['zite']);
    expect(getCurrentUserOrThrowNode.flowTypes).toEqual(['zite']);
    for (const node of [slackNode, microsoftTeamsNode, discordNode, twilioNode, airtableNode, openAiNode]) expect(node.flowTypes).toEqual(['form', 'zite']);
  });
});

describe('chat steps', () => {
  it('slack needs an account (service or integration), then a message unless it sends all fields', () => {
    expect(slackNode.status(slackNode.defaultTemplate())).toEqual(setup('select an account'));
    const integrationOnly = { integrationId: 'int_1', config: { messageType: 'custom_message', message: '', channel: '#sales' } };
    expect(slackNode.status(integrationOnly)).toEqual(setup('add a message'));
    expect(slackNode.status({ ...integrationOnly, config: { ...integrationOnly.config, message: 'New lead: {{answers.w1}}' } })).toEqual({
      complete: true,
      description: 'Message to #sales',
    });
    expect(slackNode.status({ serviceId: 7, config: { messageType: 'send_all_fields', channel: '#sales' } })).toEqual({ complete: true, description: 'All fields to #sales' });
  });

  it('microsoftTeams and discord need a connected account (the service), then a message', () => {
    for (const node of [microsoftTeamsNode, discordNode]) {
      expect(node.status({ integrationId: 'int_1', config: { message: 'Hi' } })).toEqual(setup('select an account'));
      expect(node.status({ serviceId: 's1', config: { messageType: 'custom_message' } })).toEqual(setup('add a message'));
      expect(node.status({ serviceId: 's1', config: { message: 'Hi', channel: 'general' } }).complete).toBe(true);
    }
  });

  it('defaults the message type to custom_message when a message exists, else send_all_fields (spec 001 §4)', () => {
    expect(messageTypeOf({ message: 'Hello' })).toBe('custom_message');
    expect(messageTypeOf({ message: '  ' })).toBe('send_all_fields');
    expect(messageTypeOf({})).toBe('send_all_fields');
    expect(messageTypeOf({ messageType: 'send_all_fields', message: 'kept' })).toBe('send_all_fields');
    expect(slackNode.defaultTemplate().config.messageType).toBe('send_all_fields');
  });

  it('holds Done while the channel is empty (spec 001 §5)', () => {
    expect(chatChannelMissing(slackNode.defaultTemplate())).toBe(true);
    expect(chatChannelMissing({ config: { channel: ' ' } })).toBe(true);
    expect(chatChannelMissing({ config: { channel: 'C123' } })).toBe(false);
  });

  it('gives the gallery’s Slack templates a custom message waiting for an account', () => {
    const template = slackMessageTemplate('Reminder: {{flow.name}} starts soon');
    expect(slackNode.schema.safeParse(template).success).toBe(true);
    expect(template.config).toEqual({ messageType: 'custom_message', message: 'Reminder: {{flow.name}} starts soon', channel: '' });
    expect(slackNode.status(template)).toEqual(setup('select an account'));
    expect(slackNode.status({ ...template, serviceId: 's1' }).complete).toBe(true);
  });
});

describe('twilio', () => {
  it('needs an account, then a recipient, then content', () => {
    expect(twilioNode.status(twilioNode.defaultTemplate())).toEqual(setup('select an account'));
    expect(twilioNode.status({ serviceId: 's1', config: { to: '', content: 'Hi' } })).toEqual(setup('add a recipient'));
    expect(twilioNode.status({ serviceId: 's1', config: { to: { var: 'answers.w4' }, content: ' ' } })).toEqual(setup('add a message'));
    expect(twilioNode.status({ serviceId: 's1', config: { to: '+15551234567', content: 'Hi' } })).toEqual({ complete: true, description: 'Text +15551234567' });
  });
});

describe('record steps', () => {
  it('airtable needs an account, then a base, then a table, and is described by its action', () => {
    expect(airtableNode.status(airtableNode.defaultTemplate())).toEqual(setup('select an account'));
    const base = { serviceId: 's1', config: { action: 'findOne', baseId: '', tableId: '' } };
    expect(airtableNode.status(base)).toEqual(setup(copy.integrationNodes.selectBase));
    expect(airtableNode.status({ ...base, config: { ...base.config, baseId: 'app1' } })).toEqual(setup(copy.integrationNodes.selectTable));
    const described = (action: string) => airtableNode.status({ ...base, config: { action, baseId: 'app1', tableId: 'tbl1' } });
    expect(['create', 'findOne', 'findAll', 'update', 'delete'].map((action) => described(action).description)).toEqual([
      'Create record',
      'Find record',
      'Get records',
      'Update record',
      'Delete record',
    ]);
  });

  it('databases is described Bulk create/update records when matchOn is set', () => {
    expect(databasesNode.status(databasesNode.defaultTemplate())).toEqual(setup('select an account'));
    const config = { action: 'bulkCreate', baseId: 'b1', tableId: 't1', matchOn: [] as string[] };
    expect(databasesNode.status({ integrationId: 'i1', serviceType: 'databases', config })).toEqual({ complete: true, description: 'Bulk create records' });
    expect(databasesNode.status({ integrationId: 'i1', serviceType: 'databases', config: { ...config, matchOn: ['email'] } }).description).toBe('Bulk create/update records');
    expect(databasesNode.status({ integrationId: 'i1', config: { ...config, tableId: '' } })).toEqual(setup('select a table'));
  });

  it('googlesheets: select an account, a spreadsheet, a numeric sheet', () => {
    expect(googleSheetsNode.status(googleSheetsNode.defaultTemplate())).toEqual(setup('select an account'));
    const config = { action: 'findAll', spreadsheetId: '', sheetId: null as unknown };
    expect(googleSheetsNode.status({ serviceId: 's1', config })).toEqual(setup('select a spreadsheet'));
    expect(googleSheetsNode.status({ serviceId: 's1', config: { ...config, spreadsheetId: 'sp1' } })).toEqual(setup('select a sheet'));
    expect(googleSheetsNode.status({ serviceId: 's1', config: { ...config, spreadsheetId: 'sp1', sheetId: 'Sheet1' } })).toEqual(setup('select a sheet'));
    expect(googleSheetsNode.status({ serviceId: 's1', config: { ...config, spreadsheetId: 'sp1', sheetId: 0 } })).toEqual({ complete: true, description: 'Get records' });
    expect(googleSheetsNode.status({ serviceId: 's1', config: { action: 'update', spreadsheetId: 'sp1', sheetId: '42' } }).description).toBe('Update record');
  });
});

describe('openai', () => {
  it('needs an account, then a prompt or messages', () => {
    expect(openAiNode.status(openAiNode.defaultTemplate())).toEqual(setup('select an account'));
    expect(openAiNode.status({ serviceId: 's1', config: { action: 'generateText', prompt: '' } })).toEqual(setup('add a prompt or messages'));
    expect(openAiNode.status({ serviceId: 's1', config: { action: 'generateObject', messages: [{ role: 'user', content: 'Hi' }] } })).toEqual({
      complete: true,
      description: 'Generate object',
    });
  });
});

describe('getCurrentUserOrThrow', () => {
  it('is always complete and offers the user to later steps', () => {
    expect(getCurrentUserOrThrowNode.status({})).toEqual({ complete: true, description: copy.integrationNodes.describeCurrentUser });
    expect(getCurrentUserOrThrowNode.outputs({}).map((output) => output.field)).toEqual(['id', 'email', 'name']);
  });
});

describe('publishing', () => {
  it('refuses an integration step without an account, at its path', () => {
    const template = WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 's' },
      nodes: { s: { type: 'slack', template: slackNode.defaultTemplate(), nextNodeId: null } },
    });
    expect(templatePublishErrors(template)).toEqual([{ path: 'nodes.s.template.serviceId', message: 'select an account' }]);
  });
});
