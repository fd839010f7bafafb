/**
 * The `discord` node (spec 001 §3 `{serviceId, integrationId, config {messageType, message, channel}}`, §4 "a
 * connected account then a message", §5 channel required — Done shows 'Select a channel first'): posts the
 * submission's fields, or a message with `{{variables}}`, to a channel. "A connected account" is the connected
 * service (`serviceId`); a message is needed unless the step sends all fields (with send_all_fields the fields are
 * the message). Its executor comes with the integrations service (`./integration.ts`); the web's card and panel are
 * `web/src/features/workflows/nodes/discord.tsx`.
 */
import { z } from 'zod';
import { defineNode } from '../define';
import { AccountRef, ChatConfig, chatErrors, describeChat } from './integration';

/** spec 001 §3: the discord node template. */
export const DiscordNodeTemplate = z.object({ serviceId: AccountRef, integrationId: AccountRef, config: ChatConfig });
/** A discord node template. */
export type DiscordNodeTemplate = z.infer<typeof DiscordNodeTemplate>;

/** The discord node (see the module doc). Default template: no account, no channel, all fields. */
export const discordNode = defineNode({
  type: 'discord',
  schema: DiscordNodeTemplate,
  defaultTemplate: (): DiscordNodeTemplate => ({ serviceId: null, integrationId: null, config: { messageType: 'send_all_fields', message: '', channel: '' } }),
  rules: (template) => chatErrors(template, { integration: false }),
  describe: describeChat,
  flowTypes: ['form', 'zite'],
});
