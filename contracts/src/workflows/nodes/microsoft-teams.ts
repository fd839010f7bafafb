/**
 * The `microsoftTeams` node (spec 001 §3 `{serviceId, integrationId, config {messageType, message, channel}}` plus
 * the Teams config's `team` — "team, channel (cleared when the team changes), messageType, message (Markdown
 * supported)" —, §4 "a connected account then a message", §5 team and channel required — Done shows 'Select a
 * channel first'). "A connected account" is the connected service (`serviceId`); a message is needed unless the step
 * sends all fields. Its executor comes with the integrations service (`./integration.ts`); the web's card and panel
 * are `web/src/features/workflows/nodes/microsoft-teams.tsx`.
 */
import { z } from 'zod';
import { defineNode } from '../define';
import { AccountRef, ChatConfig, chatErrors, describeChat } from './integration';

/** spec 001 §3: the microsoftTeams node template (a chat config with its team). */
export const MicrosoftTeamsNodeTemplate = z.object({
  serviceId: AccountRef,
  integrationId: AccountRef,
  config: ChatConfig.extend({ team: z.string().max(200).optional() }),
});
/** A microsoftTeams node template. */
export type MicrosoftTeamsNodeTemplate = z.infer<typeof MicrosoftTeamsNodeTemplate>;

/** The microsoftTeams node (see the module doc). Default template: no account, team or channel; all fields. */
export const microsoftTeamsNode = defineNode({
  type: 'microsoftTeams',
  schema: MicrosoftTeamsNodeTemplate,
  defaultTemplate: (): MicrosoftTeamsNodeTemplate => ({
    serviceId: null,
    integrationId: null,
    config: { messageType: 'send_all_fields', message: '', team: '', channel: '' },
  }),
  rules: (template) => chatErrors(template, { integration: false }),
  describe: describeChat,
  flowTypes: ['form', 'zite'],
});
