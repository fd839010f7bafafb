/**
 * Connecting Airtable with a personal access token (Airtable's documented authentication for the Web API: `Authorization:
 * Bearer <token>`; tokens start with `pat`). Checked on connect with `GET /v0/meta/whoami` (the integrations
 * service's Airtable connector). OAuth comes with the OAuth providers.
 */
import { z } from 'zod';
import { defineConnect, requiredValue } from '../define';

/** ours: the connect form's texts for Airtable. */
export const AIRTABLE_CONNECT_TEXT = {
  apiKeyLabel: 'Personal access token',
  apiKeyDescription:
    'Create one at airtable.com/create/tokens with the scopes data.records:read, data.records:write and schema.bases:read, and give it the bases your forms write to.',
  apiKeyRequired: 'Paste your Airtable personal access token',
  apiKeyShape: "Airtable personal access tokens start with 'pat' and have no spaces",
} as const;

/** Airtable's connect definition. */
export const airtableConnect = defineConnect({
  type: 'airtable',
  auth: 'apiKey',
  fields: [
    { key: 'apiKey', label: AIRTABLE_CONNECT_TEXT.apiKeyLabel, description: AIRTABLE_CONNECT_TEXT.apiKeyDescription, placeholder: 'pat…', secret: true, required: true },
  ],
  config: z.object({
    apiKey: requiredValue(AIRTABLE_CONNECT_TEXT.apiKeyRequired).pipe(z.string().regex(/^pat\S+$/, { error: AIRTABLE_CONNECT_TEXT.apiKeyShape })),
  }),
});
