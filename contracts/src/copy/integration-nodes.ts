/**
 * The workflow nodes that act through a connected account (spec 001 §3 slack, microsoftTeams, discord, twilio,
 * airtable, googlesheets, databases, openai; and the app flow's getCurrentUserOrThrow): their titles, panels, setup
 * status lines (spec 001 §4) and the warnings of their editors (spec 001 §8). Quoted texts are the spec's; the
 * others are ours and marked so.
 */
export const integrationNodes = {
  /** ours: the node types' titles on the canvas and in the add-action popover. */
  titles: {
    slack: 'Slack',
    microsoftTeams: 'Microsoft Teams',
    discord: 'Discord',
    twilio: 'Twilio SMS',
    airtable: 'Airtable',
    googlesheets: 'Google Sheets',
    databases: 'Database',
    openai: 'OpenAI',
    getCurrentUserOrThrow: 'Get current user',
  },
  /** ours: the add-action popover's line per type. */
  descriptions: {
    slack: 'Post a message to a Slack channel',
    microsoftTeams: 'Post a message to a Teams channel',
    discord: 'Post a message to a Discord channel',
    twilio: 'Send a text message',
    airtable: 'Create, find or change Airtable records',
    googlesheets: 'Add, read or change rows of a sheet',
    databases: 'Create, find or change database records',
    openai: 'Call OpenAI with your own account',
    getCurrentUserOrThrow: 'Continue only when someone is signed in to the app',
  },
  /** ours: why an integration step failed in a run (the runs list shows it). */
  integrationsNotConfigured: 'Integrations are not configured on this server (the workflows engine has no INTEGRATIONS_URL)',
  channelMissing: 'No channel is set for this step',
  nothingToSend: 'The message is empty: the submission has no answers to send',
  /** spec 001 §8: the warning of a step editor lacking an account, and its hint. */
  accountNotSelected: 'Account not selected',
  reconnectHint: 'Try prompting Zite to re-connect this integration',
  /** spec 001 §4 (googlesheets; used by every node that needs an account). */
  selectAccount: 'select an account',
  selectSpreadsheet: 'select a spreadsheet',
  selectSheet: 'select a sheet',
  /** ours: the other setup status lines of spec 001 §4. */
  selectBase: 'select a base',
  selectTable: 'select a table',
  addMessage: 'add a message',
  addRecipient: 'add a recipient',
  addPromptOrMessages: 'add a prompt or messages',
  /** spec 001 §5: the Done button's tooltip of a chat step whose channel is required but empty. */
  selectChannelFirst: 'Select a channel first',
  /** spec 001 §4: the descriptions of a complete databases, airtable or googlesheets step, by action. */
  recordActions: {
    create: 'Create record',
    findOne: 'Find record',
    findAll: 'Get records',
    update: 'Update record',
    delete: 'Delete record',
    bulkCreate: 'Bulk create records',
    bulkUpsert: 'Bulk create/update records',
  },
  /** spec 001 §8: names that cannot be found. */
  unknownSpreadsheet: 'Unknown spreadsheet',
  unknownSheet: 'Unknown sheet',
  unknownBase: 'Unknown base',
  unknownTable: 'Unknown table',
  /** spec 001 §4 "Bulk create": the multi-select of the fields that match existing records. */
  updateExistingRecords: 'Update existing records?',
  /** ours: the message types (spec 001 §9 send_all_fields, custom_message). */
  messageTypes: {
    send_all_fields: 'Send all fields',
    custom_message: 'Custom message',
  },
  /** ours: the openai node's actions (spec 001 §3 generateText, streamText, generateObject, generateImage). */
  openaiActions: {
    generateText: 'Generate text',
    streamText: 'Stream text',
    generateObject: 'Generate object',
    generateImage: 'Generate image',
  },
  /** ours: descriptions of complete steps. */
  describeMessage: (channel: string) => (channel ? `Message to ${channel}` : 'Send a message'),
  describeAllFields: (channel: string) => (channel ? `All fields to ${channel}` : 'Send all fields'),
  describeText: (to: string) => (to ? `Text ${to}` : 'Send a text message'),
  describeCurrentUser: 'Continue with the signed-in user',
  /** ours: what the getCurrentUserOrThrow step does, in its panel. */
  currentUserHelp:
    'Continues with the user signed in to the app (their id, email and name are available to later steps) and stops the flow with an error when nobody is signed in.',
  /** ours: the labels of the output fields of getCurrentUserOrThrow. */
  currentUserOutputs: { id: 'User ID', email: 'User email', name: 'User name' },
  /** ours: a step that needs a connected account shows what is stored but lets nothing be picked without one. */
  needsAccountToPick: 'Connect an account to pick this',
  /** ours: the panels' labels. */
  /** spec 000 §8, 001 §8: a schema that did not load ('Couldn't find your {schema label}s', the error, 'Try again'). */
  schemaLoadFailed: (label: string) => `Couldn't find your ${label}s`,
  tryAgain: 'Try again',
  /** ours: the schema pickers' placeholders. */
  chooseBase: 'Choose a base',
  chooseTable: 'Choose a table',
  /** ours: the account picker of an integration step. */
  chooseAccount: 'Choose an account',
  noAccounts: (service: string) => `No ${service} account is connected yet`,
  connectAccountLink: 'Connect an account',
  brokenAccount: (name: string) => `${name} (needs reconnecting)`,
  unknownAccount: 'Unknown account',
  labels: {
    account: 'Account',
    messageType: 'What to send',
    message: 'Message',
    channel: 'Channel',
    team: 'Team',
    to: 'To',
    content: 'Message',
    action: 'Action',
    base: 'Base',
    table: 'Table',
    recordId: 'Record ID',
    spreadsheet: 'Spreadsheet',
    sheet: 'Sheet',
    offset: 'Skip rows',
    limit: 'Rows at most',
    model: 'Model',
    systemPrompt: 'System prompt',
    prompt: 'Prompt',
    messages: (count: number) => `${count} message${count === 1 ? '' : 's'} in the conversation`,
  },
} as const;
