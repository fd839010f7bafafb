/**
 * Connecting Notion with an internal integration's secret (Notion's documented authentication: `Authorization: Bearer
 * <secret>` with a `Notion-Version` header; secrets start with `ntn_`, older ones with `secret_`). Checked on connect
 * with `GET /v1/users/me` (the integrations service's Notion connector, through @notionhq/client). Public (OAuth)
 * integrations come with the OAuth providers.
 */
import { z } from 'zod';
import { defineConnect, requiredValue } from '../define';

/** ours: the connect form's texts for Notion. */
export const NOTION_CONNECT_TEXT = {
  tokenLabel: 'Internal integration secret',
  tokenDescription:
    'Create an integration at notion.so/profile/integrations, copy its secret, then share the databases your forms write to with it (… → Connections).',
  tokenRequired: 'Paste your Notion integration secret',
  tokenShape: "Notion integration secrets start with 'ntn_' or 'secret_' and have no spaces",
} as const;

/** Notion's connect definition. */
export const notionConnect = defineConnect({
  type: 'notion',
  auth: 'apiKey',
  fields: [
    { key: 'token', label: NOTION_CONNECT_TEXT.tokenLabel, description: NOTION_CONNECT_TEXT.tokenDescription, placeholder: 'ntn_…', secret: true, required: true },
  ],
  config: z.object({
    token: requiredValue(NOTION_CONNECT_TEXT.tokenRequired).pipe(z.string().regex(/^(ntn_|secret_)\S+$/, { error: NOTION_CONNECT_TEXT.tokenShape })),
  }),
});
