/**
 * The service types an integration or a connected account can be of (spec 001 §2 "Integration settings panels …
 * Service types"), with the name a user reads. `{product}` is written `formloom` (spec README: the product's own
 * name). Which of them can be connected, and how, is each type's connect definition (`integrations/registry.ts`).
 */

/**
 * spec 001 §2: every service type, in the spec's order; plus `airtable` first — not in §2's panel list, but a
 * database-like integration (§2 "A database-like integration screen") and a workflow node type (§3) that connects
 * an Airtable account.
 */
export const SERVICE_TYPES = [
  'airtable',
  'amazonS3',
  'attio',
  'brevo',
  'clickup',
  'discord',
  'dropbox',
  'excel',
  'facebookPixel',
  'googleCalendar',
  'gmail',
  'googleDrive',
  'googleDocs',
  'googlesheets',
  'googleTagManager',
  'hubspot',
  'intercom',
  'jotform',
  'klaviyo',
  'linear',
  'mailchimp',
  'microsoftTeams',
  'microsoftTeamsCall',
  'monday',
  'notion',
  'onedrive',
  'outlookCalendar',
  'outlookEmail',
  'openai',
  'pipedrive',
  'rest',
  'salesforce',
  'sendgrid',
  'slack',
  'smartsuite',
  'smtp',
  'trello',
  'twilio',
  'typeform',
  'surveyMonkey',
  'zendesk',
  'zoom',
  'formloom',
  'databases',
] as const;

/** One of {@link SERVICE_TYPES}. */
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** True when `value` is one of {@link SERVICE_TYPES}. */
export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/** ours: the name of each service type as its owner writes it. */
export const SERVICE_TYPE_NAMES: Readonly<Record<ServiceType, string>> = {
  airtable: 'Airtable',
  amazonS3: 'Amazon S3',
  attio: 'Attio',
  brevo: 'Brevo',
  clickup: 'ClickUp',
  discord: 'Discord',
  dropbox: 'Dropbox',
  excel: 'Excel',
  facebookPixel: 'Meta Pixel',
  googleCalendar: 'Google Calendar',
  gmail: 'Gmail',
  googleDrive: 'Google Drive',
  googleDocs: 'Google Docs',
  googlesheets: 'Google Sheets',
  googleTagManager: 'Google Tag Manager',
  hubspot: 'HubSpot',
  intercom: 'Intercom',
  jotform: 'Jotform',
  klaviyo: 'Klaviyo',
  linear: 'Linear',
  mailchimp: 'Mailchimp',
  microsoftTeams: 'Microsoft Teams',
  microsoftTeamsCall: 'Microsoft Teams meetings',
  monday: 'monday.com',
  notion: 'Notion',
  onedrive: 'OneDrive',
  outlookCalendar: 'Outlook Calendar',
  outlookEmail: 'Outlook',
  openai: 'OpenAI',
  pipedrive: 'Pipedrive',
  rest: 'REST API',
  salesforce: 'Salesforce',
  sendgrid: 'SendGrid',
  slack: 'Slack',
  smartsuite: 'SmartSuite',
  smtp: 'SMTP',
  trello: 'Trello',
  twilio: 'Twilio',
  typeform: 'Typeform',
  surveyMonkey: 'SurveyMonkey',
  zendesk: 'Zendesk',
  zoom: 'Zoom',
  formloom: 'Formloom',
  databases: 'Database',
};
